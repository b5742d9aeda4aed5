package bot

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/notation"
)

// rs: a player checks their board against the true board. Alone it shows
// the game's sync board; with the player's board on the lines below (or
// on its line, rows separated by '/'), it compares them, names the squares
// that differ, finds the last turn the player's board matches, and offers
// the ways out (revert, adopt, restart), each needing the opponent's
// agreement.

func (s *session) cmdRS(c *Command) error {
	board := c.Board
	if board == "" && len(c.Args) > 0 {
		board = strings.Join(c.Args, " ")
	}
	kind := pickShow
	if board != "" {
		kind = pickPlaying
	}
	gs, err := s.target(c, kind)
	if err != nil {
		return err
	}
	g := gs.rec
	key := s.sender.Key
	if board == "" {
		s.tell(key, g.ID).say("Sync state of game %s:", g.ID)
		s.status(gs, key, false)
		return nil
	}
	if g.Status != Active {
		return refuse("game %s is not in progress%s", g.ID, s.chosenHint(g))
	}
	stacks, err := notation.ParseSyncBoardSize(board, g.Config.Size)
	if err != nil {
		return refuse("your board cannot be read: %v", err)
	}
	me, _ := g.ColorOf(key)
	o := s.orient(key)
	size := g.Config.Size
	diff := gs.pos().DiffStacks(stacks)
	d := s.tell(key, g.ID)
	if len(diff) == 0 {
		if g.Sync[me] != nil { // an earlier differing board is no longer the player's
			g.Sync[me] = nil
			gs.dirty = true
		}
		d.say("Your board matches the true board of game %s at %s.", g.ID, turnName(gs.pos().Ply()+1))
		s.status(gs, key, false)
		return nil
	}
	first := gs.tg.Start().Ply()
	match := -1
	for n := gs.tg.Len() - 1; n >= 0; n-- {
		if len(gs.tg.PositionAfter(n).DiffStacks(stacks)) == 0 {
			match = first + n
			break
		}
	}
	g.Sync[me] = &SyncBoard{Board: strings.TrimSpace(board), Match: match, At: s.now}
	gs.dirty = true
	d.say("Your board differs from the true board of game %s on %s: %s.", g.ID, plural(len(diff), "square", "squares"), readingList(diff, size, o))
	if match >= 0 {
		i := match - first
		d.say("Your board matches the position after turn %d; the boards diverged at %s, when %s played %s.", match, turnName(match+1),
			nameFor(g, gs.tg.PositionAfter(i).ToMove(), s.sender.Key), moveNames(gs.tg.Moves()[i], gs.tg.PositionAfter(i), o))
	} else {
		d.say("Your board matches no position of the game's history%s.", s.startNote(gs))
	}
	opp := g.Names[me.Opponent()]
	d.say("Ways out, each needing %s to accept:", opp)
	if match >= 0 {
		d.say("  \"revert\": go back to the position after turn %d, the last one your board matches;", match)
		d.act(Action{Label: fmt.Sprintf("Propose going back to the position after turn %d", match), Command: "revert", Game: g.ID})
	}
	if pos, err := boardPosition(gs, board); err != nil {
		d.say("  \"adopt\" is not possible: your board cannot be a position of this game: %v.", err)
	} else {
		d.say("  \"adopt\": make your board the position. %s", adoptConsequence(g, pos))
		d.act(Action{Label: "Propose making your board the position", Command: "adopt", Game: g.ID})
	}
	d.say("  \"restart\": start the game again from the empty board.")
	d.act(Action{Label: "Propose restarting from the empty board", Command: "restart", Game: g.ID})
	d.say("Or fix your own board to match the true board below: that needs no agreement.")
	s.status(gs, key, true)
	s.event(g.Players[me.Opponent()], g.ID).say("%s reports that their board of game %s differs from the true board on %s; they may propose a way out.",
		who(g, me), g.ID, readingList(diff, size, s.orient(g.Players[me.Opponent()])))
	return nil
}
