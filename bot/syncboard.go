package bot

import (
	"fmt"
	"strings"

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
	d.say("Your board differs from the true board of game %s on %s (stacks top first, as on the sync board):", g.ID, plural(len(diff), "square", "squares"))
	d.say("%s", strings.Join(stackDiff(diff, size, o, "yours", stacks, "the referee's", gs.pos().Stacks()), "\n"))
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
		d.say("  \"adopt\": make your board the position. %s", adoptConsequence(g, pos).Words(words.Reader{}))
		d.act(Action{Label: "Propose making your board the position", Command: "adopt", Game: g.ID})
	}
	d.say("  \"restart\": start the game again from %s.", setupName(g))
	d.act(Action{Label: "Propose restarting from " + setupName(g), Command: "restart", Game: g.ID})
	d.say("Or fix your own board to match the true board below: that needs no agreement.")
	s.statusMarked(gs, key, true, diff, "The true board; the marked squares differ from yours")
	s.event(g.Players[me.Opponent()], g.ID).say("%s reports that their board of game %s differs from the true board on %s; they may propose a way out.",
		who(g, me), g.ID, readingList(diff, size, s.orient(g.Players[me.Opponent()])))
	return nil
}

// maxDiffLines bounds the squares a difference lists one by one; the rest
// are named only.
const maxDiffLines = 16

// stackDiff lists the squares sqs where two boards differ, in reading
// order, one line per square with both stacks as the sync board writes
// them and in words: "  c3: yours 0 (empty), the referee's S (a black
// flat);". Beyond maxDiffLines squares the rest are only named.
func stackDiff(sqs []tak.Square, size int, o notation.Orientation, aName string, a map[tak.Square]tak.Stack, bName string, b map[tak.Square]tak.Stack) []string {
	sqs = readingOrder(sqs, size, o)
	var lines []string
	for i, sq := range sqs {
		if i == maxDiffLines {
			rest := sqs[i:]
			noun := "squares"
			if len(rest) == 1 {
				noun = "square"
			}
			lines = append(lines, fmt.Sprintf("  and %d more %s: %s", len(rest), noun, readingList(rest, size, o)))
			break
		}
		lines = append(lines, fmt.Sprintf("  %s: %s %s, %s %s", notation.SquareName(sq, size, o), aName, stackText(a[sq]), bName, stackText(b[sq])))
	}
	for i := range lines {
		if i < len(lines)-1 {
			lines[i] += ";"
		} else {
			lines[i] += "."
		}
	}
	return lines
}

// stackText writes a stack (bottom first) as the sync board does, with
// its pieces in words: "0 (empty)", "S (a black flat)", "wS (a white wall
// on a black flat)", "CSsSs (5 pieces, a black capstone on top)".
func stackText(st tak.Stack) string {
	code := notation.FormatSyncStack(st)
	switch n := len(st); {
	case n == 0:
		return code + " (empty)"
	case n <= 3:
		words := make([]string, 0, n)
		for j := n - 1; j >= 0; j-- {
			words = append(words, pieceName(st[j]))
		}
		return fmt.Sprintf("%s (%s)", code, strings.Join(words, " on "))
	default:
		return fmt.Sprintf("%s (%d pieces, %s on top)", code, n, pieceName(st[n-1]))
	}
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
	d.image(named(p, g.ID, pos.Ply()))
	if s.textBoard(k) {
		d.fallback(boardCaption(o), render.Grid(pos, o, render.Figure))
	}
	d.block(syncCaption, notation.FormatSyncBoard(pos))
	if len(diff) == 0 {
		d.say("It is the same as the position now.")
		return
	}
	d.say("It differs from the position now on %s (stacks top first, as on the sync board):", plural(len(diff), "square", "squares"))
	d.say("%s", strings.Join(stackDiff(diff, g.Config.Size, o, "proposed", pos.Stacks(), "now", now.Stacks()), "\n"))
}
