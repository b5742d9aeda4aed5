package render

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/takbymail/takbot/tak"
)

// header draws the two player cards, the flat-count bar and the status line.
func (r *renderer) header() {
	u := r.unit
	gap := 2 * u
	cw := (r.w - 2*r.pad - gap) / 2
	res := r.f.Result
	over := res.Over()
	for c := tak.White; c <= tak.Black; c++ {
		x := r.pad + float32(c)*(cw+gap)
		r.card(c, x, cw, over)
	}
	r.flatBar()

	// Status line: move number and turn on the left, last move on the right.
	fc := r.face(false, 3.4*u)
	turn := r.f.Turn
	if turn == "" {
		turn = turnLabel(r.p, over)
	}
	var status string
	switch {
	case over:
		status = turn // the banner below the board gives the result
	default:
		status = turn + " · " + r.name(r.p.ToMove()) + " to play"
	}
	avail := r.w - 2*r.pad
	if m := r.f.Last; m != nil {
		last := "Last: " + r.moveText(*m, r.f.Before)
		lf := r.face(true, 3.4*u)
		lw := textWidth(lf, last)
		r.text(lf, last, r.w-r.pad-lw, r.statY, r.pal.text)
		avail -= lw + 2*u
	}
	r.text(fc, fit(fc, status, avail), r.pad, r.statY, r.pal.muted)
}

// maxCaptionRunes bounds the caption kept before fitting it to the
// picture: no picture is wide enough to show more.
const maxCaptionRunes = 200

// captionLine makes a caption one line: control characters and line breaks
// become spaces, runs of spaces one, and text beyond maxCaptionRunes is cut
// with "…".
func captionLine(s string) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	n := 0
	space := false
	for _, c := range s {
		if unicode.IsSpace(c) || unicode.IsControl(c) {
			space = b.Len() > 0
			continue
		}
		if space {
			if n+2 > maxCaptionRunes {
				b.WriteString("…")
				break
			}
			b.WriteByte(' ')
			n++
			space = false
		}
		if n == maxCaptionRunes {
			b.WriteString("…")
			break
		}
		b.WriteRune(c)
		n++
	}
	return b.String()
}

// caption draws the frame's caption in a band across the top. A caption
// too wide for the band is set smaller, down to two thirds of the full
// size, and cut with "…" if it still does not fit.
func (r *renderer) caption() {
	u := r.unit
	x, y, w, h := r.pad, r.capY, r.w-2*r.pad, r.capH
	r.roundRectFill(x+w/2, y+h/2, w, h, 1.6*u, r.pal.highlight)
	avail := w - 4*u
	px := 3.8 * u
	fc := r.face(true, px)
	if tw := textWidth(fc, r.f.Caption); tw > avail {
		fc = r.face(true, max(px*avail/tw-0.5, px*2/3)) // face rounds to whole pixels
	}
	r.textCentred(fc, fit(fc, r.f.Caption, avail), x+w/2, y+h/2, r.pal.hlText)
}

// card draws the card of player c at x, cw wide.
func (r *renderer) card(c tak.Color, x, cw float32, over bool) {
	u := r.unit
	pal := r.pal
	y, h := r.cardY, r.cardH
	res := r.f.Result
	active := !over && r.p.ToMove() == c
	winner := over && !res.Draw && res.Winner == c
	if active || winner {
		col := pal.highlight
		if winner {
			col = pal.road
		}
		r.roundRectFill(x+cw/2, y+h/2, cw, h, 1.6*u, col)
		r.roundRectFill(x+cw/2, y+h/2, cw-0.8*u, h-0.8*u, 1.2*u, pal.card)
	} else {
		r.roundRectFill(x+cw/2, y+h/2, cw, h, 1.6*u, pal.card)
	}
	in := 2 * u
	// Row 1: the player's colour and name, and a tag.
	row1 := y + 3.9*u
	icon := 4.4 * u
	r.piece(tak.MakePiece(c, tak.Flat), x+in+icon/2, row1, icon)
	tag := ""
	tagCol, tagText := pal.highlight, pal.hlText
	switch {
	case active:
		tag = "TO PLAY"
	case winner:
		tag = "WINNER"
		tagCol = pal.road
		tagText = pal.bg
		if luminance(pal.road) > 0.5 {
			tagText = pal.plate
		}
	}
	nameX := x + in + icon + 1.4*u
	nf := r.face(true, 4.2*u)
	r.text(nf, fit(nf, r.name(c), x+cw-in-nameX), nameX, row1, pal.text)

	// Row 2: pieces left in reserve (the flats are on the bar below) and
	// the tag on the right.
	row2 := y + 8.4*u
	if tag != "" {
		tf := r.face(true, 2.9*u)
		tw := textWidth(tf, tag) + 1.6*u
		tx := x + cw - in + 0.6*u - tw
		r.roundRectFill(tx+tw/2, row2, tw, 4*u, 2*u, tagCol)
		r.textCentred(tf, tag, tx+tw/2, row2, tagText)
	}
	bf := r.face(true, 3.6*u)
	sf := r.face(false, 3.3*u)
	stones, caps := r.p.Reserves(c)
	mini := 3 * u
	rx := x + in
	rx += r.text(sf, "Left ", rx, row2, pal.muted)
	r.piece(tak.MakePiece(c, tak.Flat), rx+mini/2, row2, mini)
	rx += mini + 0.8*u
	rx += r.text(bf, strconv.Itoa(stones), rx, row2, pal.text)
	if r.p.Config().Caps[c] > 0 {
		rx += 2 * u
		r.piece(tak.MakePiece(c, tak.Cap), rx+mini/2, row2, mini)
		rx += mini + 0.8*u
		r.text(bf, strconv.Itoa(caps), rx, row2, pal.text)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// flatBar draws a bar split in proportion to the flat counts, komi
// included, with its legend: "Flats" and White's count on the left,
// Black's count (with komi, if any) on the right, and a tick in the middle
// where the counts would be equal.
func (r *renderer) flatBar() {
	u := r.unit
	pal := r.pal
	fl := r.p.FlatCounts()
	komi := r.p.Config().Komi
	black := tak.KomiFlats(fl[tak.Black]) + komi // in half flats
	w2 := float32(2 * fl[tak.White])
	b2 := float32(black)
	share := float32(0.5)
	if w2+max(b2, 0) > 0 {
		share = w2 / (w2 + max(b2, 0))
	}
	cy := r.barY + r.barH/2
	sf := r.face(false, 3.3*u)
	bf := r.face(true, 3.8*u)
	lx := r.pad
	lx += r.text(sf, "Flats ", lx, cy, pal.muted)
	lx += r.text(bf, strconv.Itoa(fl[tak.White]), lx, cy, pal.text)
	right := black.String()
	rx := r.w - r.pad - textWidth(bf, right)
	r.text(bf, right, rx, cy, pal.text)
	if komi != 0 {
		note := "with komi "
		rx -= textWidth(sf, note)
		r.text(sf, note, rx, cy, pal.muted)
	}
	x, w, h := lx+1.6*u, rx-1.6*u-(lx+1.6*u), 2*u
	y := cy - h/2
	r.roundRectFill(x+w/2, cy, w+2, h+2, (h+2)/2, pal.muted)
	r.roundRectFill(x+w/2, cy, w, h, h/2, pal.piece[tak.Black])
	if share > 0 {
		ww := max(h, w*share)
		r.roundRectFill(x+ww/2, y+h/2, ww, h, h/2, pal.piece[tak.White])
	}
	// A tick at the middle shows who leads.
	r.roundRectFill(x+w/2, cy, max(1.5, 0.3*u), h+1.2*u, 0.15*u, pal.highlight)
}

// banner draws the result of a finished game.
func (r *renderer) banner() {
	u := r.unit
	pal := r.pal
	res := r.f.Result
	x, y, w, h := r.pad, r.bannerY, r.w-2*r.pad, r.bannerH
	edge := pal.road
	if res.Draw {
		edge = pal.muted
	}
	r.roundRectFill(x+w/2, y+h/2, w, h, 2*u, edge)
	r.roundRectFill(x+w/2, y+h/2, w-u, h-u, 1.6*u, pal.card)

	icon := 6 * u
	ix := x + 2.6*u
	if res.Draw {
		r.piece(tak.MakePiece(tak.White, tak.Flat), ix+icon/2-0.8*u, y+h/2-0.8*u, icon*0.8)
		r.piece(tak.MakePiece(tak.Black, tak.Flat), ix+icon/2+0.8*u, y+h/2+0.8*u, icon*0.8)
	} else {
		kind := tak.Flat
		if res.Reason == tak.RoadEnd {
			kind = tak.Cap
		}
		r.piece(tak.MakePiece(res.Winner, kind), ix+icon/2, y+h/2, icon)
	}
	tx := ix + icon + 2.6*u
	avail := x + w - 2.5*u - tx
	ptn := res.PTN()
	big := r.face(true, 4.6*u)
	pw := textWidth(big, ptn)
	r.text(big, ptn, x+w-2.5*u-pw, y+h*0.36, edge)
	title := r.resultTitle()
	tf := r.face(true, 4*u)
	r.text(tf, fit(tf, title, avail-pw-2*u), tx, y+h*0.36, pal.text)
	sf := r.face(false, 3.3*u)
	r.text(sf, fit(sf, r.resultDetail(), avail), tx, y+h*0.7, pal.muted)
}

// resultTitle says who won and how, with the players' names.
func (r *renderer) resultTitle() string {
	res := r.f.Result
	win := r.name(res.Winner)
	switch {
	case res.Draw && res.Reason == tak.AgreementEnd:
		return "Draw by agreement"
	case res.Draw:
		return "Draw on flats"
	case res.Reason == tak.RoadEnd:
		return win + " wins by road"
	case res.Reason == tak.FlatsEnd:
		return win + " wins on flats"
	case res.Reason == tak.ResignEnd:
		return win + " wins by resignation"
	case res.Reason == tak.TimeEnd:
		return win + " wins on time"
	}
	return win + " wins"
}

// resultDetail gives the flat count, the score and the length of the game.
func (r *renderer) resultDetail() string {
	res := r.f.Result
	s := ""
	if res.Reason == tak.FlatsEnd || (res.Draw && res.Reason != tak.AgreementEnd) {
		s = fmt.Sprintf("Flats %d to %d", res.Flats[tak.White], res.Flats[tak.Black])
		if res.Komi > 0 {
			s += " + " + res.Komi.String() + " komi"
		} else if res.Komi < 0 {
			s += " − " + (-res.Komi).String() + " komi"
		}
		if res.DrawAwarded {
			s += " (tie goes to Black)"
		}
		s += " · "
	}
	if r.otherRoad() != nil {
		s += "Both made a road: the mover wins · "
	}
	if r.f.Score > 0 && !res.Draw {
		s += fmt.Sprintf("Score %d · ", r.f.Score)
	}
	moves := r.p.Ply()
	return s + fmt.Sprintf("%d plies", moves)
}
