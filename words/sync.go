package words

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Boards compared with "rs": the sender's board matches the game's, or
// differs from it, with the ways out.

// SyncShown heads the sync state of a game shown with a bare "rs".
type SyncShown struct{ Game Game }

// Words heads it.
func (o SyncShown) Words(Reader) string { return "Sync state of game " + o.Game.ID + ":" }

// BoardMatches is the sender's board matching the game's.
type BoardMatches struct {
	Game Game
	Turn int // the turn to play, from 1
}

// Words tells the sender.
func (o BoardMatches) Words(Reader) string {
	return "Your board matches the true board of game " + o.Game.ID + " at " + TurnName(o.Turn) + "."
}

// BoardDiffers is the sender's board differing from the game's, with where
// it diverged and the ways out, each needing the opponent's agreement.
type BoardDiffers struct {
	Game     Game
	By       tak.Color // the sender
	Squares  []tak.Square
	Size     int
	Yours    map[tak.Square]tak.Stack // the sender's board
	Referees map[tak.Square]tak.Stack // the game's
	// Match is the last turn after which the game's position was the
	// sender's board, -1 when none; Diverged is who played the move
	// after it, and DivergedMove that move.
	Match        int
	Diverged     tak.Color
	DivergedMove MoveNames
	AdoptedAt    int   // the turn the history's board was adopted at, 0 for none
	AdoptErr     error // why the board cannot be adopted; nil when it can
	Adopt        AdoptConsequence
	Setup        string // where a restart goes back to
}

// Words tells the sender.
func (o BoardDiffers) Words(r Reader) string {
	g := o.Game
	lines := []string{fmt.Sprintf("Your board differs from the true board of game %s on %s (stacks top first, as on the sync board):", g.ID, Plural(len(o.Squares), "square", "squares"))}
	lines = append(lines, StackDiff(o.Squares, o.Size, r.Notation, "yours", o.Yours, "the referee's", o.Referees)...)
	if o.Match >= 0 {
		lines = append(lines, fmt.Sprintf("Your board matches the position after turn %d; the boards diverged at %s, when %s played %s.", o.Match, TurnName(o.Match+1),
			g.nameFor(o.Diverged, r), o.DivergedMove.Names(r.Notation)))
	} else {
		since := ""
		if o.AdoptedAt > 0 {
			since = " since the board adopted at turn " + strconv.Itoa(o.AdoptedAt)
		}
		lines = append(lines, "Your board matches no position of the game's history"+since+".")
	}
	lines = append(lines, "Ways out, each needing "+g.Names[o.By.Opponent()]+" to accept:")
	if o.Match >= 0 {
		lines = append(lines, fmt.Sprintf("  \"revert\": go back to the position after turn %d, the last one your board matches;", o.Match))
	}
	if o.AdoptErr != nil {
		lines = append(lines, fmt.Sprintf("  \"adopt\" is not possible: your board cannot be a position of this game: %v.", o.AdoptErr))
	} else {
		lines = append(lines, "  \"adopt\": make your board the position. "+o.Adopt.Words(r))
	}
	lines = append(lines, "  \"restart\": start the game again from "+o.Setup+".",
		"Or fix your own board to match the true board below: that needs no agreement.")
	return strings.Join(lines, "\n")
}

// BoardDiffersTold tells the opponent that a player's board differs.
type BoardDiffersTold struct {
	Game    Game
	By      tak.Color
	Squares []tak.Square
	Size    int
}

// Words tells the opponent.
func (o BoardDiffersTold) Words(r Reader) string {
	return fmt.Sprintf("%s reports that their board of game %s differs from the true board on %s; they may propose a way out.",
		o.Game.who(o.By), o.Game.ID, ReadingList(o.Squares, o.Size, r.Notation))
}

// maxDiffLines bounds the squares a difference lists one by one; the rest
// are named only.
const maxDiffLines = 16

// StackDiff lists the squares sqs where two boards differ, in reading
// order, one line per square with both stacks as the sync board writes
// them and in words: "  c3: yours 0 (empty), the referee's S (a black
// flat);". Beyond maxDiffLines squares the rest are only named.
func StackDiff(sqs []tak.Square, size int, o notation.Orientation, aName string, a map[tak.Square]tak.Stack, bName string, b map[tak.Square]tak.Stack) []string {
	sqs = ReadingOrder(sqs, size, o)
	var lines []string
	for i, sq := range sqs {
		if i == maxDiffLines {
			rest := sqs[i:]
			noun := "squares"
			if len(rest) == 1 {
				noun = "square"
			}
			lines = append(lines, fmt.Sprintf("  and %d more %s: %s", len(rest), noun, ReadingList(rest, size, o)))
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

// ReadingList names squares in the reader's notation, sorted by row (mail)
// or rank (PTN) number and then by column, so that a player can check a
// list of differing squares against their board in order.
func ReadingList(sqs []tak.Square, size int, o notation.Orientation) string {
	names := make([]string, 0, len(sqs))
	for _, sq := range ReadingOrder(sqs, size, o) {
		names = append(names, notation.SquareName(sq, size, o))
	}
	return strings.Join(names, ", ")
}

// ReadingOrder returns the squares sorted as ReadingList names them.
func ReadingOrder(sqs []tak.Square, size int, o notation.Orientation) []tak.Square {
	out := append([]tak.Square(nil), sqs...)
	key := func(sq tak.Square) (int, byte) {
		name := notation.SquareName(sq, size, o)
		n, _ := strconv.Atoi(name[1:])
		return n, name[0]
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, fi := key(out[i])
		rj, fj := key(out[j])
		if ri != rj {
			return ri < rj
		}
		return fi < fj
	})
	return out
}

// Ways are the commands a differing board offers, as choices: revert
// (when the board matches a turn), adopt (when it can be), restart.
func (o BoardDiffers) Ways() []Choice {
	var cs []Choice
	if o.Match >= 0 {
		cs = append(cs, Choice{Label: fmt.Sprintf("Propose going back to the position after turn %d", o.Match), Command: "revert"})
	}
	if o.AdoptErr == nil {
		cs = append(cs, Choice{Label: "Propose making your board the position", Command: "adopt"})
	}
	return append(cs, Choice{Label: "Propose restarting from " + o.Setup, Command: "restart"})
}

// TrueBoardCaption captions the game's picture, its squares marked, under
// a board that differs from it.
const TrueBoardCaption = "The true board; the marked squares differ from yours"

// BoardProposed shows a reader the board an adopt proposal would make the
// position: its title (above its picture and sync board) and, below them,
// the squares where it differs from the position now.
type BoardProposed struct {
	Game    Game
	By      tak.Color // the proposer
	Squares []tak.Square
	Size    int
	Board   map[tak.Square]tak.Stack // the proposed board
	Now     map[tak.Square]tak.Stack // the position now
	Yours   bool                     // the reader is the proposer
}

// Title is the caption above the board: "The board you propose".
func (o BoardProposed) Title() string {
	if o.Yours {
		return "The board you propose"
	}
	return "The board " + o.Game.Names[o.By] + " proposes"
}

// Caption is the picture's caption.
func (o BoardProposed) Caption() string {
	if len(o.Squares) > 0 {
		return o.Title() + "; the marked squares differ from the position now"
	}
	return o.Title()
}

// Words says how the board differs from the position now.
func (o BoardProposed) Words(r Reader) string {
	if len(o.Squares) == 0 {
		return "It is the same as the position now."
	}
	lines := []string{"It differs from the position now on " + Plural(len(o.Squares), "square", "squares") + " (stacks top first, as on the sync board):"}
	lines = append(lines, StackDiff(o.Squares, o.Size, r.Notation, "proposed", o.Board, "now", o.Now)...)
	return strings.Join(lines, "\n")
}
