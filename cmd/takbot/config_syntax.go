package main

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// yamlLine finds the line number in a YAML syntax error of go.yaml.in's
// ("yaml: line 7: ..."), which has no typed form. It is used to place the
// message, never to decide what went wrong.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// syntaxProblem turns a YAML syntax error into one problem saying where
// and, for the mistake YAML's message hides best, what would be right: a
// ${VAR} left unquoted inside a flow mapping or list ({…} or […]), whose
// braces YAML takes for the collection's own.
func syntaxProblem(data []byte, err error) *configProblem {
	msg := err.Error()
	line := 0
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	if l, key, value := unquotedVarInFlow(string(data)); l > 0 {
		return &configProblem{Line: l, Kind: problemSyntax, Err: fmt.Errorf(
			"YAML syntax: a value holding ${VAR} inside {…} or […] must be quoted: %s: %q (YAML says: %s)", key, value, msg)}
	}
	return &configProblem{Line: line, Kind: problemSyntax, Err: errors.New("YAML syntax: " + msg)}
}

// unquotedVarInFlow finds the first unquoted "${" inside a flow
// collection of a YAML text, and returns its line (from 1), the key before
// it and the value as it was meant: from the "$" to the ',', '}' or ']'
// that ends it. It returns 0 when there is none.
func unquotedVarInFlow(text string) (line int, key, value string) {
	depth := 0
	var quote byte // the quote the scanner is inside, 0 outside
	for n, l := range strings.Split(text, "\n") {
		for i := 0; i < len(l); i++ {
			ch := l[i]
			switch {
			case quote != 0:
				if ch == quote {
					quote = 0
				}
			case ch == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
				i = len(l) // a comment
			case ch == '"' || ch == '\'':
				if i == 0 || strings.ContainsRune(" \t{[,:", rune(l[i-1])) {
					quote = ch
				}
			case ch == '{' || ch == '[':
				depth++
			case ch == '}' || ch == ']':
				depth = max(0, depth-1)
			case ch == '$' && depth > 0 && strings.HasPrefix(l[i:], "${"):
				end := i + 2
				if c := strings.IndexByte(l[end:], '}'); c >= 0 {
					end += c + 1 // the variable's own brace
				}
				if c := strings.IndexAny(l[end:], ",}]"); c >= 0 {
					end += c
				} else {
					end = len(l)
				}
				before := strings.TrimRight(l[:i], " \t")
				before = strings.TrimSuffix(before, ":")
				if k := strings.LastIndexAny(before, "{[, \t"); k >= 0 {
					before = before[k+1:]
				}
				return n + 1, before, strings.TrimSpace(l[i:end])
			}
		}
	}
	return 0, "", ""
}
