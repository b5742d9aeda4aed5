package bot

import (
	"fmt"

	"github.com/takbymail/takbot/bot/watching"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// What spectators are told as a game goes on ("watch" and "unwatch" are
// package watching's).

// tellWatchers tells each spectator of a game the move just played at
// turn turn by colour mover, in the spectator's notation and look.
func (s *session) tellWatchers(gs *gameState, turn int, mover tak.Color, m tak.Move, before *tak.Position) {
	g := gs.rec
	if len(g.Watchers) == 0 {
		return
	}
	seen := words.MoveWatched{Game: publicGame(g), Turn: turn, By: mover, Move: words.NamesOf(m, before)}
	for _, w := range g.Watchers {
		s.announce(g, w, seen)
		s.spectatorStatus(gs, s.event(w, g.ID))
	}
}

// tellWatchersEnd tells a game's spectators that it ended without a move
// ending it (a resignation, an agreed draw, a loss on time, an abort):
// how it ended, with its last picture.
func (s *session) tellWatchersEnd(gs *gameState) {
	g := gs.rec
	for _, w := range g.Watchers {
		o := words.EndWatched{Game: publicGame(g), Aborted: g.Status == Aborted, Result: wordsResult(g.Result)}
		if g.Result != nil {
			o.Reason = string(g.Result.Reason)
		}
		s.announce(g, w, o)
		if g.Status != Aborted {
			s.spectatorStatus(gs, s.event(w, g.ID))
		}
	}
}

// spectatorStatus adds what a spectator sees of a game: the picture in
// their look, the text board, whose turn it is or how the game ended, and
// the one thing they can do, stop watching.
func (s *session) spectatorStatus(gs *gameState, d *draft) {
	g, pos := gs.rec, gs.pos()
	d.image(s.markedPicture(gs, d.to, nil, ""))
	if s.textBoard(d.to) {
		d.fallback(boardCaption(s.orient(d.to)), render.Grid(pos, s.orient(d.to), render.Figure))
	}
	st := words.StandingWatched{Game: publicGame(g)}
	switch g.Status {
	case Over:
		d.line(words.StandingWatched{Stage: words.Finished, Result: g.Result.Text}.Words(words.Reader{}))
		return
	case Active:
		st.Stage, st.Turn, st.ToMove, st.Deadline = words.InProgress, pos.Ply()+1, pos.ToMove(), g.Deadline
	case Challenged:
		st.Stage, st.By = words.Waiting, g.Challenger
	}
	if st.Stage != words.Other {
		d.line(st.Words(words.Reader{}))
	}
	d.act(Action{Label: "Stop watching", Command: fmt.Sprintf("unwatch %s", g.ID)})
}

// publicGame is a game as words name it to a spectator: the players'
// public names.
func publicGame(g *GameRecord) words.Game { return watching.PublicGame(g, PublicName) }
