package bot

import (
	"strconv"

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
	komi                    tak.Komi // the komi inHand was written with
	grids                   [2]string
	digest                  pictureDigest // of the last picture named (markedPicture)
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
// white 6, black 5 (komi 2)."
func (t *boardTexts) inHandLine(komi tak.Komi) string {
	if t.inHand != "" && t.komi == komi {
		return t.inHand
	}
	pos := t.pos
	ws, wc := pos.Reserves(tak.White)
	bs, bc := pos.Reserves(tak.Black)
	flats := pos.FlatCounts()
	b := make([]byte, 0, 128)
	b = append(b, "In hand: white "...)
	b = appendPlural(b, ws, "stone", "stones")
	b = append(b, " and "...)
	b = appendPlural(b, wc, "capstone", "capstones")
	b = append(b, ", black "...)
	b = appendPlural(b, bs, "stone", "stones")
	b = append(b, " and "...)
	b = appendPlural(b, bc, "capstone", "capstones")
	b = append(b, ". Flats on top: white "...)
	b = strconv.AppendInt(b, int64(flats[0]), 10)
	b = append(b, ", black "...)
	b = strconv.AppendInt(b, int64(flats[1]), 10)
	b = append(b, " (komi "...)
	b = append(b, komi.String()...)
	b = append(b, ")."...)
	t.inHand, t.komi = string(b), komi
	return t.inHand
}

// appendPlural appends plural(n, one, many) to b.
func appendPlural(b []byte, n int, one, many string) []byte {
	if n == 1 {
		return append(append(b, "1 "...), one...)
	}
	b = strconv.AppendInt(b, int64(n), 10)
	return append(append(b, ' '), many...)
}
