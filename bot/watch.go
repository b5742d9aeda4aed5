package bot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
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
	for _, w := range g.Watchers {
		d := s.event(w, g.ID)
		d.say("%s of game %s (%s vs %s): %s played %s.", turnTitle(turn), g.ID, publicNames(g)[0], publicNames(g)[1], publicWho(g, mover), moveNames(m, before, s.orient(w)))
		s.spectatorStatus(gs, d)
	}
}

// tellWatchersEnd tells a game's spectators that it ended without a move
// ending it (a resignation, an agreed draw, a loss on time, an abort):
// how it ended, with its last picture.
func (s *session) tellWatchersEnd(gs *gameState) {
	g := gs.rec
	for _, w := range g.Watchers {
		d := s.event(w, g.ID)
		if g.Status == Aborted {
			d.say("Game %s (%s with white, %s with black) was aborted before each player had moved twice: it ends with no result.", g.ID, publicNames(g)[0], publicNames(g)[1])
			continue
		}
		d.say("Game %s (%s with white, %s with black) is over.", g.ID, publicNames(g)[0], publicNames(g)[1])
		s.spectatorStatus(gs, d)
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
	switch g.Status {
	case Over:
		d.say("Game over: %s.", strings.TrimSuffix(g.Result.Text, "."))
		return
	case Active:
		by := ""
		if !g.Deadline.IsZero() {
			by = ", by " + fmtTime(g.Deadline)
		}
		d.say("%s: %s to move%s.", turnTitle(pos.Ply()+1), publicWho(g, pos.ToMove()), by)
	case Challenged:
		d.say("The game starts when %s accepts the challenge.", PublicName(g.Names[g.Challenger.Opponent()]))
	}
	d.act(Action{Label: "Stop watching", Command: fmt.Sprintf("unwatch %s", g.ID)})
}

// publicNames are a game's players' names as a spectator reads them
// (PublicName: never an address).
func publicNames(g *GameRecord) [2]string {
	return [2]string{PublicName(g.Names[0]), PublicName(g.Names[1])}
}

// publicWho is who for a spectator: "Alice (white)", never an address.
func publicWho(g *GameRecord, c tak.Color) string {
	return PublicName(g.Names[c]) + " (" + c.String() + ")"
}
