package bot

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
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
	kind := pick.Show
	if board != "" {
		kind = pick.Playing
	}
	gs, err := s.target(c, kind)
	if err != nil {
		return err
	}
	g := gs.rec
	key := s.sender.Key
	if board == "" {
		s.reply(g, key, words.SyncShown{Game: wordsGame(g)})
		s.status(gs, key, false)
		return nil
	}
	if g.Status != Active {
		return s.refusal(g, words.Refusal{Reason: words.NotInProgress, Chosen: s.chosen(g)})
	}
	stacks, err := notation.ParseSyncBoardSize(board, g.Config.Size)
	if err != nil {
		return s.refusal(g, words.Refusal{Reason: words.BoardUnreadable, Err: err})
	}
	me, _ := g.ColorOf(key)
	diff := gs.pos().DiffStacks(stacks)
	if len(diff) == 0 {
		if g.Sync[me] != nil { // an earlier differing board is no longer the player's
			g.Sync[me] = nil
			gs.dirty = true
		}
		s.reply(g, key, words.BoardMatches{Game: wordsGame(g), Turn: gs.pos().Ply() + 1})
		s.status(gs, key, false)
		return nil
	}
	o := boardDiffers(gs, me, board, stacks, diff)
	g.Sync[me] = &SyncBoard{Board: strings.TrimSpace(board), Match: o.Match, At: s.now}
	gs.dirty = true
	s.reply(g, key, o)
	d := s.tell(key, g.ID)
	if o.Match >= 0 {
		d.act(Action{Label: fmt.Sprintf("Propose going back to the position after turn %d", o.Match), Command: "revert", Game: g.ID})
	}
	if o.AdoptErr == nil {
		d.act(Action{Label: "Propose making your board the position", Command: "adopt", Game: g.ID})
	}
	d.act(Action{Label: "Propose restarting from " + setupName(g), Command: "restart", Game: g.ID})
	s.statusMarked(gs, key, true, diff, "The true board; the marked squares differ from yours")
	s.announce(g, g.Players[me.Opponent()], words.BoardDiffersTold{Game: wordsGame(g), By: me, Squares: diff, Size: g.Config.Size})
	return nil
}

// boardDiffers compares colour me's board (stacks, differing on the
// squares diff) with the game's history: where it last matched, and the
// ways out.
func boardDiffers(gs *gameState, me tak.Color, board string, stacks map[tak.Square]tak.Stack, diff []tak.Square) words.BoardDiffers {
	g := gs.rec
	o := words.BoardDiffers{Game: wordsGame(g), By: me, Squares: diff, Size: g.Config.Size, Yours: stacks, Referees: gs.pos().Stacks(),
		Match: -1, AdoptedAt: adoptedAt(gs), Setup: setupName(g)}
	first := gs.tg.Start().Ply()
	for n := gs.tg.Len() - 1; n >= 0; n-- {
		if len(gs.tg.PositionAfter(n).DiffStacks(stacks)) == 0 {
			o.Match = first + n
			break
		}
	}
	if o.Match >= 0 {
		i := o.Match - first
		o.Diverged = gs.tg.PositionAfter(i).ToMove()
		o.DivergedMove = words.NamesOf(gs.tg.Moves()[i], gs.tg.PositionAfter(i))
	}
	if pos, err := boardPosition(gs, board); err != nil {
		o.AdoptErr = err
	} else {
		o.Adopt = adoptConsequence(g, pos)
	}
	return o
}

// proposedBoard shows reader k the board that an adopt proposal by colour
// by would make the position: its picture, its sync board, and the
// squares where it differs from the position now.
func (s *session) proposedBoard(gs *gameState, k string, by tak.Color, pos *tak.Position) {
	g := gs.rec
	o := s.orient(k)
	d := s.event(k, g.ID)
	title := fmt.Sprintf("The board %s proposes", g.Names[by])
	if g.Players[by] == k {
		title = "The board you propose"
	}
	d.say("%s:", title)
	now := gs.pos()
	diff := now.DiffStacks(pos.Stacks())
	p := Picture{Config: g.Config, TPS: notation.FormatTPS(pos), Players: g.Names, Orientation: o, Caption: title}
	if len(diff) > 0 {
		p.Marks, p.Caption = diff, title+"; the marked squares differ from the position now"
	}
	s.dress(&p, k)
	d.image(present.Named(p, g.ID, pos.Ply()))
	if s.textBoard(k) {
		d.fallback(present.BoardCaption(o), render.Grid(pos, o, render.Figure))
	}
	d.block(present.SyncCaption, notation.FormatSyncBoard(pos))
	if len(diff) == 0 {
		d.say("It is the same as the position now.")
		return
	}
	d.say("It differs from the position now on %s (stacks top first, as on the sync board):", plural(len(diff), "square", "squares"))
	d.say("%s", strings.Join(words.StackDiff(diff, g.Config.Size, o, "proposed", pos.Stacks(), "now", now.Stacks()), "\n"))
}
