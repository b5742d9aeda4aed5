package watching

import (
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// What a game's spectators are told as it goes on: each move, how it
// ended, and under each, where it stands.

// Spectators is what telling spectators needs of the session; package
// bot's session implements it.
type Spectators interface {
	// Announce tells player key an outcome of game g, in the reply about
	// a change of g; Tell adds o's words to the reply to to about game,
	// Offer the choices.
	Announce(g *record.Game, key string, o words.Outcome)
	Tell(to, game string, o words.Outcome)
	Offer(to, game string, cs ...words.Choice)
	// ShowBoard adds a loaded game's picture, in the reader's look, and
	// its text board when they read one, to the reply to to about it;
	// Position is where the loaded game stands.
	ShowBoard(to, game string)
	Position(id string) *tak.Position
}

// Moved tells each spectator of loaded game g the move just played at
// turn turn by colour mover, in the spectator's notation and look.
func Moved(t Spectators, g *record.Game, turn int, mover tak.Color, m words.MoveNames, publicName func(string) string) {
	seen := words.MoveWatched{Game: PublicGame(g, publicName), Turn: turn, By: mover, Move: m}
	for _, w := range g.Watchers {
		t.Announce(g, w, seen)
		Status(t, g, w, publicName)
	}
}

// Ended tells loaded game g's spectators that it ended without a move
// ending it (a resignation, an agreed draw, a loss on time, an abort): who
// resigned, lost on time or agreed, and who won, with its last picture.
func Ended(t Spectators, g *record.Game, publicName func(string) string) {
	o := words.EndWatched{Game: PublicGame(g, publicName), Aborted: g.Status == record.Aborted}
	if r := g.Result; r != nil {
		o.Result = words.Result{Text: r.Text, PTN: r.PTN, Winner: r.Winner, Draw: r.Draw, Score: r.Score}
		o.Reason = string(r.Reason)
	}
	for _, w := range g.Watchers {
		t.Announce(g, w, o)
		if !o.Aborted {
			Status(t, g, w, publicName)
		}
	}
}

// Status adds what spectator to sees of loaded game g to the reply about
// it: the picture in their look, the text board, whose turn it is or how
// the game ended, and the one thing they can do, stop watching.
func Status(t Spectators, g *record.Game, to string, publicName func(string) string) {
	t.ShowBoard(to, g.ID)
	st := words.StandingWatched{Game: PublicGame(g, publicName)}
	switch g.Status {
	case record.Over:
		r := g.Result
		t.Tell(to, g.ID, words.StandingWatched{Stage: words.Finished, Result: r.Text,
			End: words.Result{Text: r.Text, PTN: r.PTN, Winner: r.Winner, Draw: r.Draw, Score: r.Score, Reason: string(r.Reason)}})
		return
	case record.Active:
		pos := t.Position(g.ID)
		st.Stage, st.Turn, st.ToMove, st.Deadline = words.InProgress, pos.Ply()+1, pos.ToMove(), g.Deadline
	case record.Challenged:
		st.Stage, st.By = words.Waiting, g.Challenger
	}
	t.Tell(to, g.ID, st) // nothing for another stage
	t.Offer(to, g.ID, words.StopWatching(g.ID))
}
