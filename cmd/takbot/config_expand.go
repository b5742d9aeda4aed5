package main

import (
	"errors"
	"fmt"
	"strings"
)

// unsetVariableError is a ${NAME} reference to a variable that is not set.
type unsetVariableError struct{ Name string }

func (e *unsetVariableError) Error() string {
	return fmt.Sprintf("environment variable %s is not set (write $$ for a literal $)", e.Name)
}

// errBadReference is a "${" without a closing brace or a valid name.
var errBadReference = errors.New("a ${ must be followed by a variable name and } (write $$ for a literal $)")

// expandVariables replaces each ${NAME} in s by the variable's value and
// each $$ by $; any other $ stays as it is. A reference to an unset
// variable is an *unsetVariableError (a variable set to "" is fine).
func expandVariables(s string, lookup func(string) (string, bool)) (string, error) {
	if !strings.Contains(s, "$") {
		return s, nil
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '$')
		if i < 0 || i == len(s)-1 {
			b.WriteString(s)
			return b.String(), nil
		}
		b.WriteString(s[:i])
		switch s[i+1] {
		case '$':
			b.WriteByte('$')
			s = s[i+2:]
		case '{':
			end := strings.IndexByte(s[i+2:], '}')
			if end < 0 || !isVariableName(s[i+2:i+2+end]) {
				return "", errBadReference
			}
			name := s[i+2 : i+2+end]
			v, ok := lookup(name)
			if !ok {
				return "", &unsetVariableError{Name: name}
			}
			b.WriteString(v)
			s = s[i+3+end:]
		default:
			b.WriteByte('$')
			s = s[i+1:]
		}
	}
}

// isVariableName reports whether s is a shell variable name: a letter or
// underscore, then letters, digits and underscores.
func isVariableName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}
