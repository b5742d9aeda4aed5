package mailplay

import (
	"regexp"
	"strings"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// A mail's voice (issue 26): the first line says what happened and what
// the reader can do, before the sync board and the details; the subject of
// a reply about no game says what it answers. Both are read from the
// referee's own lines, so every transport keeps the same words and the
// mail only puts them first.

var (
	// movedLine is the referee's line for a move: "Turn 6 (PTN move 3,
	// black) of game g1: Bob (black) played c3 (mail ps c2)."
	movedLine = regexp.MustCompile(`^Turn \d+ \([^)]*\) of game (\S+): (.+?) \((?:white|black)\) played (.+?)(?: \((?:PTN|mail) [^()]*\))?\.$`)
	// yourTurnLine is the turn line when the reader is to move.
	yourTurnLine = regexp.MustCompile(`^Turn \d+ \([^)]*\): your move(?:, by (.+?))?\.$`)
	// theirTurnLine is the turn line when someone else is to move.
	theirTurnLine = regexp.MustCompile(`^Turn \d+ \([^)]*\): (.+?) \((?:white|black)\) to move(?:, by (.+?))?\.$`)
	// rulingLine is a dispute's ruling: "Ruling: the move is legal. …"
	rulingLine = regexp.MustCompile(`^Ruling: (.+?\.)(?: |$)`)
	// overLine is the result line: "Game over: you (white) win by road
	// (R-0). You score 27."
	overLine = regexp.MustCompile(`^Game over: (?:(.+?) \((?:white|black)\) (wins?) by ([^(.]+?)|(white|black) wins by ([^(.]+?)|(draw) by ([^(.]+?))(?: \([^)]*\))?\.`)
)

// headline returns the mail's first line for reply r and whether it
// takes the place of the first sentence of the first prose part (a reply
// that is not a move or a result: its own first sentence is the
// headline) rather than standing before the referee's lines. It is ""
// when the reply starts with no prose.
func headline(r *record.Reply) (line string, first bool) {
	var moved, over, ruling []string
	yours, theirs := []string(nil), []string(nil)
	for _, p := range r.Parts {
		if p.Kind != record.Prose {
			continue
		}
		for _, l := range strings.Split(p.Text, "\n") {
			if m := movedLine.FindStringSubmatch(l); m != nil && moved == nil {
				moved = m
			} else if m := yourTurnLine.FindStringSubmatch(l); m != nil {
				yours = m
			} else if m := theirTurnLine.FindStringSubmatch(l); m != nil {
				theirs = m
			} else if m := overLine.FindStringSubmatch(l); m != nil && over == nil {
				over = m
			} else if m := rulingLine.FindStringSubmatch(l); m != nil && ruling == nil {
				ruling = m
			}
		}
	}
	game := r.Game
	if moved != nil {
		game = moved[1]
	}
	in := ""
	if game != "" {
		in = " in " + game
	}
	switch {
	case over != nil:
		return overHeadline(r, over, game), false
	case ruling != nil:
		line := "Ruling" + in + ": " + ruling[1]
		if yours != nil {
			line += " Your move" + by(yours[1]) + "."
		}
		return line, false
	case moved != nil && yours != nil:
		return "Your move" + in + ": " + moved[2] + " played " + moved[3] + ".", false
	case moved != nil:
		who := moved[2]
		if who == "you" {
			who = "You"
		}
		line := who + " played " + moved[3] + in + "."
		if theirs != nil {
			line += " " + theirs[1] + " to move next" + by(theirs[2]) + "."
		}
		return line, false
	}
	if titles := answerTitles(r); len(titles) > 0 {
		return answersHeadline(titles), false
	}
	if lead := firstSentence(r); lead != "" {
		return lead, true
	}
	if yours != nil {
		return "Your move" + in + by(yours[1]) + ".", false
	}
	return "", false
}

// by is ", by DEADLINE" or "".
func by(deadline string) string {
	if deadline == "" {
		return ""
	}
	return ", by " + deadline
}

// overHeadline says who won game, from the reader's side: "You win g1 by
// road.", "You lose g1: Alice wins by road.", "g1 is a draw by
// agreement.", "Alice wins g1 by road." (a watcher).
func overHeadline(r *record.Reply, m []string, game string) string {
	switch {
	case m[1] == "you":
		return "You win " + game + " by " + m[3] + "."
	case m[1] != "":
		for _, p := range r.Parts {
			if p.Picture != nil && r.ToName != "" && r.ToName != m[1] &&
				(p.Picture.Players[0] == r.ToName || p.Picture.Players[1] == r.ToName) {
				return "You lose " + game + ": " + m[1] + " wins by " + m[3] + "."
			}
		}
		return m[1] + " wins " + game + " by " + m[3] + "."
	case m[4] != "":
		return upperFirst(m[4]) + " wins " + game + " by " + m[5] + "."
	default:
		return upperFirst(game) + " is a draw by " + m[7] + "."
	}
}

// answerTitles are the titles of the answers to several commands in r
// (bot.IsAnswerTitle): the commands as quoted, `"seeks"`.
func answerTitles(r *record.Reply) []string {
	var out []string
	for _, p := range r.Parts {
		if p.Kind != record.Prose {
			continue
		}
		line, _, _ := strings.Cut(p.Text, "\n")
		if bot.IsAnswerTitle(line) {
			out = append(out, strings.TrimSuffix(strings.TrimPrefix(line, "Answer to "), ":"))
		}
	}
	return out
}

// answersHeadline says which commands a reply of several answers
// answers: `Answers to "seeks", "stats" and "leaderboard".`
func answersHeadline(titles []string) string {
	if len(titles) == 1 {
		return "Answer to " + titles[0] + "."
	}
	return "Answers to " + strings.Join(titles[:len(titles)-1], ", ") + " and " + titles[len(titles)-1] + "."
}

// firstSentence is the first sentence of the reply's first part when it
// is prose: up to the first ". ", ": " ending a short lead, or the end of
// its first line.
func firstSentence(r *record.Reply) string {
	if len(r.Parts) == 0 || r.Parts[0].Kind != record.Prose {
		return ""
	}
	line, _, _ := strings.Cut(r.Parts[0].Text, "\n")
	for from := 0; ; {
		i := strings.Index(line[from:], ". ")
		if i < 0 {
			return line
		}
		end := from + i + 1
		if !strings.HasSuffix(line[:end], "e.g.") && !strings.HasSuffix(line[:end], "i.e.") {
			return line[:end]
		}
		from = end
	}
}

// withoutFirstSentence removes the headline firstSentence took from the
// reply's first prose part, so the mail does not say it twice.
func withoutFirstSentence(text, first string) string {
	rest := strings.TrimPrefix(text, first)
	if r, ok := strings.CutPrefix(rest, "\n"); ok {
		return r // the headline was the whole first line
	}
	return strings.TrimPrefix(rest, " ")
}

// upperFirst capitalises the first letter of an ASCII word.
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// defaultSubject is the referee's subject of a reply about no game, the
// same for every answer; the mail replaces it with a telling one.
const defaultSubject = "[Tak] your games"

// subjectFor is the subject of the mail for reply r: the referee's, which
// for a game is the game's stable "[Tak g3] Alice vs Bob, 4x4"; for a
// reply about no game (seeks, pair, stats, the leaderboard, help) "[Tak] "
// and what the reply answers, from its first sentence or its first
// block's caption, cut at a word to stay short.
func subjectFor(r *record.Reply) string {
	if r.Game != "" || (r.Subject != defaultSubject && r.Subject != "") {
		return r.Subject
	}
	lead := ""
	if titles := answerTitles(r); len(titles) > 0 {
		lead = answersHeadline(titles)
	}
	for _, p := range r.Parts {
		if lead != "" {
			break
		}
		if p.Kind == record.Prose && p.Text != "" {
			lead = firstSentence(&record.Reply{Parts: []record.Part{p}})
			break
		}
		if p.Kind == record.Block && p.Caption != "" {
			lead = p.Caption
			break
		}
	}
	lead = strings.TrimRight(strings.Join(strings.Fields(lead), " "), ".:")
	if lead == "" {
		return defaultSubject
	}
	const most = 60
	if len(lead) > most {
		cut := strings.LastIndexByte(lead[:most], ' ')
		if cut < most/2 {
			cut = most
		}
		lead = strings.ToValidUTF8(strings.TrimRight(lead[:cut], " ,;:"), "") + "…"
	}
	return "[Tak] " + lead
}
