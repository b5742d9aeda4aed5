package msg

import (
	"regexp"
	"strings"
)

// replyPrefix matches one reply or forward prefix of a subject, in the
// forms of common clients and languages: Re, RE, Fwd, FW, AW, WG, SV, VS,
// Antw, TR, RV, Réf, Enc, also numbered ("Re[2]:", "Re(2):") or with a
// full-width colon.
var replyPrefix = regexp.MustCompile(`(?i)^\s*(re|fwd?|aw|wg|sv|vs|antw|antwort|tr|rv|réf|ref|enc|odp|ynt)\s*(\[[0-9]+\]|\([0-9]+\))?\s*[:：]\s*`)

// CleanSubject removes any number of reply and forward prefixes ("Re:",
// "RE:", "Fwd:", "FW:", "AW:", "WG:", "SV:", "Antw:" and others) from the
// start of a subject and collapses its white space.
func CleanSubject(subject string) string {
	s := strings.Join(strings.Fields(subject), " ")
	for {
		loc := replyPrefix.FindStringIndex(s)
		if loc == nil || loc[1] == 0 {
			return s
		}
		s = s[loc[1]:]
	}
}

// gameTag matches the "[Tak g7]" tag of the bot's subjects.
var gameTag = regexp.MustCompile(`(?i)\[\s*tak\s+([a-z0-9][a-z0-9_-]{0,31})\s*\]`)

// SubjectGameTag reads the game tag that the bot puts in its subjects,
// "[Tak g7] alice vs bob, 6x6", anywhere in a subject (a reply may have
// "Re: " before it, a list a tag of its own). The id is returned in lower
// case.
func SubjectGameTag(subject string) (gameID string, ok bool) {
	m := gameTag.FindStringSubmatch(subject)
	if m == nil {
		return "", false
	}
	return strings.ToLower(m[1]), true
}
