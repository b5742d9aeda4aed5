package analysis

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// The limits of "analyse" (issue 24): the engine's time is the scarcest
// thing the referee hands out, and its analysis must not help a player in
// a game against another player.
//
//   - One message analyses a position once: 20 "analyse" lines for the
//     same game and turn are one search (analysedHere).
//   - A player may have AnalysesPerHour positions analysed an hour
//     (default 10); asking again for a position analysed for them within
//     the hour is not counted again (countAnalysis), and its result is
//     reused (the Desk's cache) rather than searched again.
//   - A game against takbot that does not start from the empty board
//     ("new takbot tps=…", or an adopted board) is analysed only where
//     its position cannot come from the player's live games against
//     other players (fairSetUp).

// Analyse is "analyse [N]": takbot's evaluation and best line, only
// where that is fair: in a game against takbot, and in a finished game
// (whose evaluation comes from its review, kept with it).
func Analyse(t Turn, c *command.Command) error {
	g, tg, err := t.AnalyseTarget(c)
	if err != nil {
		return err
	}
	me := t.Sender().Key
	o := words.AnalyseRefusal{ID: g.ID, Opponent: g.Names[1-colorIndex(g, me)], Status: string(g.Status), Hint: t.ChosenHint(g)}
	switch {
	case g.Status == record.Active && !g.AgainstEngine():
		o.Reason = words.AnalyseNotAgainstTakbot
	case g.Status == record.Challenged:
		o.Reason = words.AnalyseNotStarted
	case g.Status != record.Active && g.Status != record.Over:
		o.Reason = words.AnalyseNeverPlayed
	case !t.Analysing():
		o.Reason = words.AnalyseNoEngine
	default:
		o = words.AnalyseRefusal{} // may be analysed
	}
	if o.ID != "" {
		return t.Refused(o)
	}
	first, last := tg.Start().Ply(), tg.Position().Ply()
	turn := last
	if g.Status == record.Over && tg.Len() > 0 && tg.Position().Result().Over() {
		turn = last - 1 // the game ended on the board: the position before the last move
	}
	if len(c.Args) > 0 {
		n, err := strconv.Atoi(strings.TrimPrefix(c.Args[0], "#"))
		if err != nil || n < first || n > last {
			return t.Refused(words.AnalyseRefusal{Reason: words.AnalyseWhichPosition, First: first, Last: last, Turn: turn})
		}
		turn = n
	}
	if tg.PositionAfter(turn - first).Result().Over() {
		return t.Refused(words.AnalyseRefusal{Reason: words.AnalyseOverAfter, Turn: turn, First: first})
	}
	if g.AgainstEngine() && g.Start != "" {
		if err := fairSetUp(t, g, tg, turn-first); err != nil {
			return err
		}
	}
	if analysedHere(t, g.ID, turn) {
		return nil // asked before in this message: analysed once
	}
	if err := countAnalysis(t, g.ID, turn, last); err != nil {
		return err
	}
	text, err := g.PTNFile(tg)
	if err != nil {
		return err
	}
	req := request(t, g, me, Line, text)
	req.Turn = turn
	t.AddPart(me, g.ID, PartOf(req))
	return nil
}

// colorIndex is the index of a player's colour in g (0 if not a player).
func colorIndex(g *record.Game, key string) int {
	c, _ := g.ColorOf(key)
	return int(c)
}

// request fills in what every request carries: the reader's look, and,
// for a finished game, the moves its review is of.
func request(t Turn, g *record.Game, to, kind, ptn string) Request {
	req := Request{Kind: kind, Game: g.ID, PTN: ptn, Base: strings.TrimSuffix(g.PTNFileName(), ".ptn"), Orientation: t.Orient(to)}
	if p, err := t.Player(to); err == nil {
		req.Theme, req.Width = t.ThemeOf(p), p.Width
	}
	if g.Status == record.Over {
		req.Of = Key(g)
	}
	return req
}

// analysedHere reports whether this message already asked for the
// analysis of game's position after turn: it is analysed once.
func analysedHere(t Turn, game string, turn int) bool {
	for _, p := range t.Parts(t.Sender().Key, game) {
		if p.Kind != record.Analysis {
			continue
		}
		var req Request
		if json.Unmarshal([]byte(p.Text), &req) == nil && req.Kind == Line && req.Game == game && req.Turn == turn {
			return true
		}
	}
	return false
}

// countAnalysis counts an analysis of game's position after turn (the
// game plies long) against the sender's hourly quota, or refuses it with
// the time the quota frees. A position analysed for them within the hour,
// the game unchanged since, is not counted again. The
// count is kept in the player's record (the slice replaced, never
// changed in place: cached copies share it).
func countAnalysis(t Turn, game string, turn, plies int) error {
	p, now := t.Sender(), t.Now()
	hourAgo := now.Add(-time.Hour)
	recent := make([]record.AnalysisMark, 0, len(p.Analyses)+1)
	for _, m := range p.Analyses {
		if m.At.After(hourAgo) && !m.At.After(now) {
			recent = append(recent, m)
		}
	}
	for _, m := range recent {
		if m.Game == game && m.Turn == turn && m.Plies == plies {
			return nil // analysed for them within the hour: the result is kept
		}
	}
	limit := t.AnalysesPerHour()
	if len(recent) >= limit {
		return t.Refused(words.AnalyseRefusal{Reason: words.AnalysesUsed, Count: len(recent), Until: recent[len(recent)-limit].At.Add(time.Hour)})
	}
	if p.Created.Equal(now) && t.Unverified() {
		return nil // not recorded as a player (run): nothing of theirs to analyse anyway
	}
	p.Analyses = append(recent, record.AnalysisMark{At: now, Game: game, Turn: turn, Plies: plies})
	t.MarkPlayer(p)
	return nil
}
