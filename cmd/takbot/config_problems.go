package main

import (
	"fmt"
	"sort"
	"strings"
)

// problemKind classifies what is wrong with a configuration file.
type problemKind uint8

// The kinds of configuration problems.
const (
	problemSyntax        problemKind = iota + 1 // not YAML, or not a mapping of keys
	problemUnknownKey                           // a key takbot does not know (misspelled?)
	problemDuplicateKey                         // a key given twice in one mapping
	problemBadValue                             // a value of the wrong type or out of range
	problemMissingKey                           // a required key of an enabled section is absent
	problemBothForms                            // a secret given both inline and as a _file
	problemUnsetVariable                        // a ${VAR} reference to an unset variable
	problemSecretFile                           // a _file secret that cannot be read
	problemInsecure                             // security: none towards a host that is not loopback
)

// configProblem is one thing wrong with a configuration file.
type configProblem struct {
	Line int         // the line it is on; 0 when it has none
	Key  string      // the dotted key it concerns: "email.imap.host"
	Kind problemKind // what kind of problem it is
	// Suggestion, for an unknown key, is the known key nearest to it
	// ("" when none is close).
	Suggestion string
	Err        error // what is wrong; nil for an unknown or duplicate key
}

// Error says where and what: "line 7: unknown key tick_intreval (did you
// mean tick_interval?)".
func (p *configProblem) Error() string {
	var b strings.Builder
	if p.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", p.Line)
	}
	switch p.Kind {
	case problemUnknownKey:
		fmt.Fprintf(&b, "unknown key %s", p.Key)
		if p.Suggestion != "" {
			fmt.Fprintf(&b, " (did you mean %s?)", p.Suggestion)
		}
		return b.String()
	case problemDuplicateKey:
		fmt.Fprintf(&b, "key %s is given twice", p.Key)
		return b.String()
	case problemMissingKey:
		fmt.Fprintf(&b, "missing required key %s", p.Key)
		if p.Err != nil {
			fmt.Fprintf(&b, " (%v)", p.Err)
		}
		return b.String()
	}
	if p.Key != "" {
		b.WriteString(p.Key + ": ")
	}
	if p.Err != nil {
		b.WriteString(p.Err.Error())
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (p *configProblem) Unwrap() error { return p.Err }

// configError is every problem found in a configuration file.
type configError struct {
	File     string // the file's path as given
	Problems []*configProblem
}

// Error lists the problems, one per line, each prefixed by the file.
func (e *configError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = e.File + ": " + p.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the problems, so that errors.As finds each of them.
func (e *configError) Unwrap() []error {
	out := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p
	}
	return out
}

// sortProblems orders problems by line (those without one last), keeping
// the order of discovery among equals.
func sortProblems(ps []*configProblem) {
	sort.SliceStable(ps, func(i, j int) bool {
		li, lj := ps[i].Line, ps[j].Line
		if li == 0 || lj == 0 {
			return li != 0 && lj == 0
		}
		return li < lj
	})
}

// nearestKey returns the candidate nearest to name by edit distance
// (ignoring case), or "" when none is close enough to be a likely typo.
func nearestKey(name string, candidates []string) string {
	name = strings.ToLower(name)
	best, bestDist := "", -1
	for _, c := range candidates {
		d := editDistance(name, c)
		if d > max(2, len(c)/4) {
			continue
		}
		if bestDist < 0 || d < bestDist || (d == bestDist && c < best) {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
