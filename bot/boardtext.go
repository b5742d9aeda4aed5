package bot

import (
	"strconv"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// boardTexts are the texts every reader of a game's position is shown
// alike: its TPS, the TPS before the last move and that move (for the
// picture), the sync board, the sentence on reserves and flats, and the
// text board in each orientation. A move writes them once for both
// players' replies.
type boardTexts struct {
	// What they were written from: the position, the one before and the
	// move between them (nil and n 0 at the start).
	pos, before *tak.Position
	last        tak.Move
	n           int

	tps, beforeTPS, lastPTN string
	sync                    string
	inHand                  string
	grids                   [2]string
	digest                  present.Digest // of the last picture named (markedPicture)
}

// texts returns the texts of the game's current position, written once
// per position in a session.
func (gs *gameState) texts() *boardTexts {
	tg := gs.tg
	pos, n := tg.Position(), tg.Len()
	var before *tak.Position
	var last tak.Move
	if n > 0 {
		before, last = tg.PositionAfter(n-1), tg.Moves()[n-1]
	}
	if t := gs.board; t != nil && t.pos == pos && t.before == before && t.last == last && t.n == n {
		return t
	}
	t := &boardTexts{pos: pos, before: before, last: last, n: n, tps: notation.FormatTPS(pos), sync: notation.FormatSyncBoard(pos)}
	if n > 0 {
		t.beforeTPS = notation.FormatTPS(before)
		t.lastPTN = last.String()
	}
	gs.board = t
	return t
}

// grid returns the text board in orientation o (render.Grid, Figure style).
func (t *boardTexts) grid(o notation.Orientation) string {
	if int(o) >= len(t.grids) {
		return render.Grid(t.pos, o, render.Figure)
	}
	if t.grids[o] == "" {
		t.grids[o] = render.Grid(t.pos, o, render.Figure)
	}
	return t.grids[o]
}

// inHandLine says the reserves and the flats on top: "In hand: white 15
// stones and 1 capstone, black 14 stones and 1 capstone. Flats on top:
// white 6, black 5 (komi 2)." komi is the game's, the same for every
// reader.
func (t *boardTexts) inHandLine(komi tak.Komi) string {
	if t.inHand == "" {
		ws, wc := t.pos.Reserves(tak.White)
		bs, bc := t.pos.Reserves(tak.Black)
		flats := t.pos.FlatCounts()
		t.inHand = "In hand: white " + plural(ws, "stone", "stones") + " and " + plural(wc, "capstone", "capstones") +
			", black " + plural(bs, "stone", "stones") + " and " + plural(bc, "capstone", "capstones") +
			". Flats on top: white " + strconv.Itoa(flats[0]) + ", black " + strconv.Itoa(flats[1]) + " (komi " + komi.String() + ")."
	}
	return t.inHand
}
