package present

import (
	"strconv"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Board holds the texts every reader of a game's position is shown alike:
// its TPS, the TPS before the last move and that move (for the picture),
// the sync board, the sentence on reserves and flats, and the text board
// in each orientation. A move writes them once for both players' replies.
type Board struct {
	// What they were written from: the position, the one before and the
	// move between them (nil and n 0 at the start).
	pos, before *tak.Position
	last        tak.Move
	n           int

	TPS, BeforeTPS, LastPTN string
	Sync                    string
	inHand                  string
	grids                   [2]string
	// Digest is that of the last picture named of the position
	// (NamedWith).
	Digest Digest
}

// BoardOf returns the texts of game tg's current position: prev when it
// was written of the same position, else new ones.
func BoardOf(tg *tak.Game, prev *Board) *Board {
	pos, n := tg.Position(), tg.Len()
	var before *tak.Position
	var last tak.Move
	if n > 0 {
		before, last = tg.PositionAfter(n-1), tg.Moves()[n-1]
	}
	if t := prev; t != nil && t.pos == pos && t.before == before && t.last == last && t.n == n {
		return t
	}
	t := &Board{pos: pos, before: before, last: last, n: n, TPS: notation.FormatTPS(pos), Sync: notation.FormatSyncBoard(pos)}
	if n > 0 {
		t.BeforeTPS = notation.FormatTPS(before)
		t.LastPTN = last.String()
	}
	return t
}

// Grid returns the text board in orientation o (render.Grid, Figure style).
func (t *Board) Grid(o notation.Orientation) string {
	if int(o) >= len(t.grids) {
		return render.Grid(t.pos, o, render.Figure)
	}
	if t.grids[o] == "" {
		t.grids[o] = render.Grid(t.pos, o, render.Figure)
	}
	return t.grids[o]
}

// InHand says the reserves and the flats on top: "In hand: white 15
// stones and 1 capstone, black 14 stones and 1 capstone. Flats on top:
// white 6, black 5 (komi 2)." komi is the game's, the same for every
// reader.
func (t *Board) InHand(komi tak.Komi) string {
	if t.inHand == "" {
		ws, wc := t.pos.Reserves(tak.White)
		bs, bc := t.pos.Reserves(tak.Black)
		flats := t.pos.FlatCounts()
		t.inHand = "In hand: white " + words.Plural(ws, "stone", "stones") + " and " + words.Plural(wc, "capstone", "capstones") +
			", black " + words.Plural(bs, "stone", "stones") + " and " + words.Plural(bc, "capstone", "capstones") +
			". Flats on top: white " + strconv.Itoa(flats[0]) + ", black " + strconv.Itoa(flats[1]) + " (komi " + komi.String() + ")."
	}
	return t.inHand
}
