package present

import (
	"slices"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Note adds to gist, the facts of a reply being written for reader r, those
// of outcome o as the referee words it there: the first move and ruling
// told, whose turn it is by the last word on it (and the line that says
// it), how the game ended, the links given (a game on PTN Ninja). It
// returns the gist, allocated on the first fact; an outcome with none to
// add (a refusal, a proposal, help) leaves it as it was, nil included.
func Note(gist *record.Gist, o words.Outcome, r words.Reader) *record.Gist {
	switch o.(type) {
	case words.MovePlayed, words.MoveWatched, words.Ruling, words.Standing, words.StandingWatched, words.GameFile, words.NinjaLinked:
	default:
		return gist // most outcomes: nothing to note, nothing allocated
	}
	g := gist
	if g == nil {
		g = &record.Gist{}
	}
	switch o := o.(type) {
	case words.MovePlayed:
		if g.Move == nil {
			g.Move = moveGist(o.Game, o.Turn, o.By, o.Move, r, o.Line(r))
		}
	case words.MoveWatched:
		if g.Move == nil {
			g.Move = moveGist(o.Game, o.Turn, o.By, o.Move, r, o.Words(r))
		}
	case words.Ruling:
		if g.Ruling == nil {
			g.Ruling = &record.GistRuling{Legal: o.Err == nil, Verdict: o.Verdict(r)}
		}
	case words.Standing:
		switch o.Stage {
		case words.InProgress:
			g.Turn = turnGist(o.Game, o.Turn, o.ToMove, o.ToMove == r.Color, r.Time, o.Deadline)
			g.Turn.Line = o.Words(r)
		case words.Finished:
			g.End = endGist(g.End, o.Result, o.Game.Names[o.Result.Winner], r)
		}
	case words.StandingWatched:
		switch o.Stage {
		case words.InProgress:
			g.Turn = turnGist(o.Game, o.Turn, o.ToMove, false, words.UTC, o.Deadline)
			g.Turn.Line = o.Words(r)
		case words.Finished:
			g.End = endGist(g.End, o.End, "", words.Reader{})
		}
	case words.GameFile:
		g.Links = append(g.Links, record.GistLink{Kind: record.LinkReplay, URL: o.Link, Line: o.LinkLine()})
	case words.NinjaLinked:
		g.Links = append(g.Links, record.GistLink{Kind: record.LinkReplay, URL: o.Link, Line: o.Words(r)})
	}
	if gist == nil && g.Move == nil && g.Turn == nil && g.Ruling == nil && g.End == nil && g.Links == nil {
		return nil
	}
	return g
}

// Link adds to gist a link given in line, once, allocating the gist if
// need be.
func Link(gist *record.Gist, kind record.LinkKind, url, line string) *record.Gist {
	if gist == nil {
		gist = &record.Gist{}
	}
	l := record.GistLink{Kind: kind, URL: url, Line: line}
	if !slices.Contains(gist.Links, l) {
		gist.Links = append(gist.Links, l)
	}
	return gist
}

// moveGist is a move played at turn by colour by, told to reader r in line.
func moveGist(g words.Game, turn int, by tak.Color, m words.MoveNames, r words.Reader, line string) *record.GistMove {
	return &record.GistMove{Game: g.ID, Turn: turn, By: by, Name: g.Names[by], You: r.You[by],
		PTN: m.PTN, Mail: m.Mail, InMail: r.Notation == notation.Mail, Line: line}
}

// turnGist is turn to play by colour toMove (the reader when you), by the
// deadline as the reader's time writes it.
func turnGist(g words.Game, turn int, toMove tak.Color, you bool, when func(time.Time) string, deadline time.Time) *record.GistTurn {
	t := &record.GistTurn{Turn: turn, ToMove: toMove, Name: g.Names[toMove], You: you}
	if !deadline.IsZero() {
		t.Due = when(deadline)
	}
	return t
}

// endGist is how a game ended (the first said in a reply stands), the
// winner named winner ("" for the colour alone), for reader r.
func endGist(had *record.GistEnd, res words.Result, winner string, r words.Reader) *record.GistEnd {
	if had != nil {
		return had
	}
	e := &record.GistEnd{Reason: record.EndReason(res.Reason), Draw: res.Draw, Winner: res.Winner}
	if !res.Draw {
		e.Name, e.You = winner, r.You[res.Winner]
		e.Lost = r.Plays && !e.You
	}
	return e
}
