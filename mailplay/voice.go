package mailplay

import (
	"strings"

	"github.com/takbymail/takbot/record"
)

// A mail's voice (issue 26): the first line says what happened and what
// the reader can do, before the sync board and the details; the subject of
// a reply about no game says what it answers. The headline is built from
// the reply's gist (record.Gist: the move, whose turn, a ruling, the
// ending, as the referee decided them), never from its sentences, so a
// change of the referee's words leaves it standing; a reply without a
// gist (stored before gists existed, or about none of these) leads with
// its own first sentence.

// headline returns the mail's first line for reply r and whether it
// takes the place of the first sentence of the first prose part (a reply
// that is not a move or a result: its own first sentence is the
// headline) rather than standing before the referee's lines. It is ""
// when the reply starts with no prose.
func headline(r *record.Reply) (line string, first bool) {
	var g record.Gist
	if r.Gist != nil {
		g = *r.Gist
	}
	game := r.Game
	if g.Move != nil {
		game = g.Move.Game
	}
	in := ""
	if game != "" {
		in = " in " + game
	}
	yours := g.Turn != nil && g.Turn.You
	switch m := g.Move; {
	case g.End != nil:
		return endHeadline(g.End, game), false
	case g.Ruling != nil:
		line := "Ruling" + in + ": " + g.Ruling.Verdict + "."
		if yours {
			line += " Your move" + by(g.Turn.Due) + "."
		}
		return line, false
	case m != nil && yours:
		who := m.Name
		if m.You {
			who = "you"
		}
		return "Your move" + in + ": " + who + " played " + readerMove(m) + ".", false
	case m != nil:
		who := m.Name
		if m.You {
			who = "You"
		}
		line := who + " played " + readerMove(m) + in + "."
		if g.Turn != nil {
			line += " " + g.Turn.Name + " to move next" + by(g.Turn.Due) + "."
		}
		return line, false
	}
	if titles := answerTitles(r); len(titles) > 0 {
		return answersHeadline(titles), false
	}
	if lead := firstSentence(r); lead != "" {
		return lead, true
	}
	if yours {
		return "Your move" + in + by(g.Turn.Due) + ".", false
	}
	return "", false
}

// readerMove is the move in the reader's notation alone: "ps c2", "c3".
func readerMove(m *record.GistMove) string {
	if m.InMail && m.Mail != "" {
		return m.Mail
	}
	return m.PTN
}

// by is ", by DEADLINE" or "".
func by(deadline string) string {
	if deadline == "" {
		return ""
	}
	return ", by " + deadline
}

// endHeadline says how game ended, from the reader's side: "You win g1 by
// road.", "You lose g1: Alice wins by road.", "g1 is a draw by
// agreement.", "Alice wins g1 by road.", "White wins g1 on time." (a
// spectator, told the colour).
func endHeadline(e *record.GistEnd, game string) string {
	how := endedBy(e.Reason)
	switch {
	case e.Draw:
		return upperFirst(game) + " is a draw " + how + "."
	case e.You:
		return "You win " + game + " " + how + "."
	case e.Lost && e.Name != "":
		return "You lose " + game + ": " + e.Name + " wins " + how + "."
	case e.Name != "":
		return e.Name + " wins " + game + " " + how + "."
	}
	return upperFirst(e.Winner.String()) + " wins " + game + " " + how + "."
}

// endedBy says how a game ended after "wins" or "a draw": "by road", "on
// flats".
func endedBy(r record.EndReason) string {
	switch r {
	case record.EndFlats, record.EndTime:
		return "on " + string(r)
	case "":
		return "in the end"
	}
	return "by " + string(r)
}

// answerTitles are the titles of the answers to several commands in r
// (record.Part.Title): the commands as quoted, `"seeks"`.
func answerTitles(r *record.Reply) []string {
	var out []string
	for _, p := range r.Parts {
		if p.Kind == record.Prose && p.Title != "" {
			out = append(out, p.Title)
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
