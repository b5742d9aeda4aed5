package bot

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// markedPicture describes the board after the game's last move for a
// reader, in the reader's look, labelled with the turn as the text names
// it (the turn to play, or the last one played once the game is over),
// with squares marked (the squares where a player's board differs from
// the true one) and a caption saying why; nil marks mark nothing.
func (s *session) markedPicture(gs *gameState, readerKey string, marks []tak.Square, caption string) Picture {
	g, tg := gs.rec, gs.tg
	t := gs.texts()
	p := Picture{Config: g.Config, TPS: t.tps, BeforeTPS: t.beforeTPS, Last: t.lastPTN, Players: g.Names, Orientation: s.orient(readerKey)}
	ply := tg.Position().Ply()
	p.Turn = turnTitle(ply + 1)
	if g.Result != nil {
		r := *g.Result
		p.Result = &r
		if ply > 0 {
			p.Turn = turnTitle(ply)
		}
	}
	if len(marks) > 0 {
		p.Marks, p.Caption = marks, caption
	}
	s.dress(&p, readerKey)
	return namedWith(p, g.ID, ply, &t.digest)
}

// beforePicture describes the position before the move of turn turn,
// captioned as such.
func (s *session) beforePicture(gs *gameState, readerKey string, before *tak.Position, turn int) Picture {
	g := gs.rec
	p := Picture{Config: g.Config, TPS: notation.FormatTPS(before), Players: g.Names, Orientation: s.orient(readerKey),
		Caption: fmt.Sprintf("Before turn %d: the position the disputed move was played from", turn),
		Turn:    turnTitle(turn)}
	s.dress(&p, readerKey)
	return named(p, g.ID, before.Ply())
}

// named gives a picture its file name: the game, the turn it shows, a
// digest of everything drawn (theme, width, turn label and marks
// included) and the orientation, so that a name is never reused for
// another picture (after an undo the same turn shows another position;
// two readers of one position may choose two themes).
func named(p Picture, game string, ply int) Picture { return namedWith(p, game, ply, nil) }

// pictureDigest remembers the last digest of a picture of a position:
// both players' pictures of a move are most often drawn alike.
type pictureDigest struct {
	in  []byte // what was digested
	sum [sha256.Size]byte
}

// namedWith is named, which digests what memo (when not nil) digested
// last only once.
func namedWith(p Picture, game string, ply int, memo *pictureDigest) Picture {
	var buf [384]byte
	in := appendPictureDigest(buf[:0], &p)
	var sum [sha256.Size]byte
	switch {
	case memo != nil && memo.in != nil && bytes.Equal(memo.in, in):
		sum = memo.sum
	case memo != nil:
		sum = sha256.Sum256(in)
		memo.in, memo.sum = append(memo.in[:0], in...), sum
	default:
		sum = sha256.Sum256(in)
	}
	b := append(buf[:0], game...)
	b = append(b, "-t"...)
	b = strconv.AppendInt(b, int64(ply), 10)
	b = append(b, '-')
	b = hex.AppendEncode(b, sum[:4])
	b = append(b, '-')
	b = append(b, orientName(p.Orientation)...)
	b = append(b, ".png"...)
	p.Name = string(b)
	return p
}

// appendPictureDigest appends to b what named digests of a picture, the
// bytes it once wrote with fmt: "%s\x00%s\x00%s\x00%s\x00%q" of the TPS,
// the TPS before, the last move, the caption and the players; for a
// result "\x00%s\x00%d" of its PTN and score; then "\x00%q\x00%d\x00%q\x00%v"
// of the theme, width, turn and marks.
func appendPictureDigest(b []byte, p *Picture) []byte {
	for _, s := range [...]string{p.TPS, p.BeforeTPS, p.Last, p.Caption} {
		b = append(append(b, s...), 0)
	}
	b = append(strconv.AppendQuote(append(strconv.AppendQuote(append(b, '['), p.Players[0]), ' '), p.Players[1]), ']')
	if p.Result != nil {
		b = append(append(b, 0), p.Result.PTN...)
		b = strconv.AppendInt(append(b, 0), int64(p.Result.Score), 10)
	}
	b = strconv.AppendQuote(append(b, 0), string(p.Theme))
	b = strconv.AppendInt(append(b, 0), int64(p.Width), 10)
	b = strconv.AppendQuote(append(b, 0), p.Turn)
	b = append(b, 0, '[')
	for i, sq := range p.Marks {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, sq.String()...)
	}
	return append(b, ']')
}

// DefaultRender renders a Picture to PNG with the render package, in the
// reader's orientation. It runs at delivery time, outside transactions.
func DefaultRender(p Picture) ([]byte, error) {
	pos, err := notation.ParseTPS(p.TPS, p.Config)
	if err != nil {
		return nil, fmt.Errorf("picture %s: %w", p.Name, err)
	}
	f := render.Frame{Players: p.Players, Caption: p.Caption, Turn: p.Turn, Marks: p.Marks}
	if p.Last != "" && p.BeforeTPS != "" {
		before, err := notation.ParseTPS(p.BeforeTPS, p.Config)
		if err != nil {
			return nil, fmt.Errorf("picture %s: %w", p.Name, err)
		}
		pm, err := notation.ParsePTNMove(p.Last, p.Config.Size)
		if err != nil {
			return nil, fmt.Errorf("picture %s: %w", p.Name, err)
		}
		f.Before, f.Last = before, &pm.Move
	}
	if p.Result != nil {
		f.Result = resultOf(pos, *p.Result)
		f.Score = p.Result.Score
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, pos, f, render.Options{Orientation: p.Orientation, Theme: p.Theme, Size: p.Width}); err != nil {
		return nil, fmt.Errorf("picture %s: %w", p.Name, err)
	}
	return buf.Bytes(), nil
}

// resultOf rebuilds a tak.Result from a stored result.
func resultOf(pos *tak.Position, r ResultRecord) tak.Result {
	switch r.Reason {
	case EndResignation:
		return pos.Resign(r.Winner.Opponent())
	case EndTime:
		return pos.TimeLoss(r.Winner.Opponent())
	case EndAgreement:
		return pos.AgreedDraw()
	case EndRoad, EndFlats:
		return pos.Result()
	}
	return tak.Result{}
}

// renderSafely renders a picture, turning a panic of the renderer into an
// error so that one bad picture never stops delivery.
func (r *Referee) renderSafely(p Picture) (png []byte, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("picture %s: render panicked: %v", p.Name, v)
		}
	}()
	return r.opts.Render(p)
}

// stored returns the form of a reply the outbox keeps: its fallback text
// boards without their text, since they are drawn again from the picture
// before them at delivery.
func stored(r Reply) Reply {
	copied := false
	for i, p := range r.Parts {
		if p.Kind == Block && p.Fallback && p.Text != "" {
			if i == 0 || r.Parts[i-1].Kind != Image {
				continue // nothing to draw it from: keep the text
			}
			if !copied {
				r.Parts = append([]Part(nil), r.Parts...) // the caller's parts stay as they are
				copied = true
			}
			r.Parts[i].Text = ""
		}
	}
	return r
}

// drawFallbacks draws the text boards of a reply read from the outbox
// from the pictures before them.
func drawFallbacks(r *Reply) {
	for i, p := range r.Parts {
		if p.Kind != Block || !p.Fallback || p.Text != "" || i == 0 || r.Parts[i-1].Kind != Image || r.Parts[i-1].Picture == nil {
			continue
		}
		pic := r.Parts[i-1].Picture
		pos, err := notation.ParseTPS(pic.TPS, pic.Config)
		if err != nil {
			continue
		}
		r.Parts[i].Text = strings.TrimRight(render.Grid(pos, pic.Orientation, render.Figure), "\n")
	}
}
