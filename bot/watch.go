package bot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// maxWatchers bounds the spectators of one game.
const maxWatchers = 50

// watchedGame reads the game id of "watch ID" / "unwatch [ID]"; unwatch
// without one means the game of the thread the message came in.
func (s *session) watchedGame(c *Command, verb string, optional bool) (string, error) {
	switch {
	case len(c.Args) == 0 && optional && s.msg.Game != "":
		return s.msg.Game, nil
	case len(c.Args) == 0:
		return "", refuse("say which game, e.g. \"%s g3\"", verb)
	case len(c.Args) > 1:
		return "", refuse("\"%s\" takes one game id, e.g. \"%s g3\"", verb, verb)
	}
	id := strings.ToLower(strings.TrimRight(c.Args[0], ".,!?:"))
	if !strings.HasPrefix(id, "g") {
		id = "g" + id
	}
	return id, nil
}

// cmdWatch is "watch ID": the sender follows a public game of others.
func (s *session) cmdWatch(c *Command) error {
	id, err := s.watchedGame(c, "watch", false)
	if err != nil {
		return err
	}
	g, err := s.peekGame(id)
	if err != nil || !ViewerOf(s.sender.Key).SeesGame(g) {
		// A private game is answered like a missing one: its existence is
		// nobody else's business (visibility.go).
		return refuse("there is no public game %s to watch", excerpt(id, 12))
	}
	if _, ok := g.ColorOf(s.sender.Key); ok {
		return refuse("you play in game %s: its moves come to you already", id)
	}
	switch g.Status {
	case Active, Challenged:
	case Over:
		return refuse("game %s is over: %s", id, g.Result.Text)
	default:
		return refuse("game %s was %s and will have no moves to watch", id, g.Status)
	}
	gs, err := s.game(id)
	if err != nil {
		return err
	}
	g = gs.rec
	d := s.tell(s.sender.Key, id)
	if slices.Contains(g.Watchers, s.sender.Key) {
		d.say("You already watch game %s, %s vs %s.", id, publicNames(g)[0], publicNames(g)[1])
	} else {
		if len(g.Watchers) >= maxWatchers {
			return refuse("game %s has %d spectators already, the most it can have", id, maxWatchers)
		}
		g.Watchers = append(g.Watchers, s.sender.Key)
		gs.dirty = true
		d.say("You are watching game %s, %s vs %s: each move comes to you as it is played, in your notation, until the game ends. You cannot play in it.", id, publicNames(g)[0], publicNames(g)[1])
	}
	s.spectatorStatus(gs, d)
	return nil
}

// cmdUnwatch is "unwatch [ID]".
func (s *session) cmdUnwatch(c *Command) error {
	id, err := s.watchedGame(c, "unwatch", true)
	if err != nil {
		return err
	}
	g, err := s.peekGame(id)
	if err != nil || !slices.Contains(g.Watchers, s.sender.Key) {
		return refuse("you do not watch game %s", excerpt(id, 12))
	}
	gs, err := s.game(id)
	if err != nil {
		return err
	}
	gs.rec.Watchers = slices.DeleteFunc(gs.rec.Watchers, func(k string) bool { return k == s.sender.Key })
	gs.dirty = true
	s.tell(s.sender.Key, id).say("You no longer watch game %s; its moves will not come to you.", id)
	return nil
}

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
		s.announce(g, w, words.EndWatched{Game: publicGame(g), Aborted: g.Status == Aborted})
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
		if !gs.ended {
			return
		}
		if ptn, err := s.finalPTN(gs); err == nil {
			analysis.AddReview(s, g, d.to, ptn) // the players' review, for the spectators too
		}
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
func publicGame(g *GameRecord) words.Game {
	return words.Game{ID: g.ID, Names: publicNames(g)}
}

// publicNames are a game's players' names as a spectator reads them
// (PublicName: never an address).
func publicNames(g *GameRecord) [2]string {
	return [2]string{PublicName(g.Names[0]), PublicName(g.Names[1])}
}
