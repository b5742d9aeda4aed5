package msg

import (
	"regexp"
	"strings"
)

var (
	// mailMove matches a Tak by Mail command: "ps b4", "pc c3 t",
	// "ms b2 p3 2 1", "mn a5 g1 1", "ms b2 p3 21".
	mailMove = regexp.MustCompile(`(?i)^(p[swc]|m[nsew])\s+[a-z][0-9]{1,2}(\s+([pg]?[0-9]+|t))*[.!]?$`)
	// ptnMove matches a PTN move: "c3", "Sc3", "3c3>12", "a1+", "4a4-112*".
	ptnMove = regexp.MustCompile(`(?i)^[1-9]?[fsc]?[a-h][1-9]([<>+-][1-9]*)?['"!?*’”″]*$`)
)

// looksLikeTakLine reports whether a line could be read by the referee as
// Tak: a move in either notation, "rs", or a row of a sync board such as
// "0 0 s 0 0" or "cSS 0 sSSs", possibly several separated by ';' and with a
// "#N" turn guard. Quote stripping never drops such a line unless it is
// quoted.
func looksLikeTakLine(line string) bool {
	s := strings.TrimSpace(line)
	if s == "" {
		return false
	}
	found := false
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(withoutTurnGuard(part))
		if part == "" {
			continue
		}
		if !strings.EqualFold(part, "rs") && !mailMove.MatchString(part) && !ptnMove.MatchString(part) && !isSyncBoardRow(part) {
			return false
		}
		found = true
	}
	return found
}

// isSyncBoardRow reports whether s is a row of a Tak by Mail sync board:
// three to eight squares, each 0 or a stack of s, w and c in either case.
func isSyncBoardRow(s string) bool {
	fields := strings.Fields(s)
	if len(fields) < 3 || len(fields) > 8 {
		return false
	}
	for _, f := range fields {
		if f == "0" {
			continue
		}
		for _, r := range f {
			switch r {
			case 's', 'w', 'c', 'S', 'W', 'C':
			default:
				return false
			}
		}
	}
	return true
}

// withoutTurnGuard removes a trailing "#N" turn guard from a command.
func withoutTurnGuard(s string) string {
	i := strings.LastIndexByte(s, '#')
	if i < 0 {
		return s
	}
	n := strings.TrimSpace(s[i+1:])
	if n == "" || strings.Trim(n, "0123456789") != "" {
		return s
	}
	return s[:i]
}
