package present

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// Named gives a picture its file name: the game, the turn it shows, a
// digest of everything drawn (theme, width, turn label and marks
// included) and the orientation, so that a name is never reused for
// another picture (after an undo the same turn shows another position;
// two readers of one position may choose two themes).
func Named(p record.Picture, game string, ply int) record.Picture {
	return NamedWith(p, game, ply, nil)
}

// Digest remembers the last digest of a picture of a position: both
// players' pictures of a move are most often drawn alike. The zero Digest
// remembers nothing yet.
type Digest struct {
	in  []byte // what was digested
	sum [sha256.Size]byte
}

// NamedWith is Named, which digests what memo (when not nil) digested
// last only once.
func NamedWith(p record.Picture, game string, ply int, memo *Digest) record.Picture {
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

func orientName(o notation.Orientation) string {
	if o == notation.Mail {
		return "mail"
	}
	return "ptn"
}

// appendPictureDigest appends to b what Named digests of a picture, the
// bytes it once wrote with fmt: "%s\x00%s\x00%s\x00%s\x00%q" of the TPS,
// the TPS before, the last move, the caption and the players; for a
// result "\x00%s\x00%d" of its PTN and score; then "\x00%q\x00%d\x00%q\x00%v"
// of the theme, width, turn and marks.
func appendPictureDigest(b []byte, p *record.Picture) []byte {
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

// Render renders a Picture to PNG with the render package, in the
// reader's orientation. It runs at delivery time, outside transactions.
func Render(p record.Picture) ([]byte, error) {
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
func resultOf(pos *tak.Position, r record.Result) tak.Result {
	switch r.Reason {
	case record.EndResignation:
		return pos.Resign(r.Winner.Opponent())
	case record.EndTime:
		return pos.TimeLoss(r.Winner.Opponent())
	case record.EndAgreement:
		return pos.AgreedDraw()
	case record.EndRoad, record.EndFlats:
		return pos.Result()
	}
	return tak.Result{}
}

// Stored returns the form of a reply the outbox keeps: its fallback text
// boards without their text, since they are drawn again from the picture
// before them at delivery (DrawFallbacks).
func Stored(r record.Reply) record.Reply {
	copied := false
	for i, p := range r.Parts {
		if p.Kind == record.Block && p.Fallback && p.Text != "" {
			if i == 0 || r.Parts[i-1].Kind != record.Image {
				continue // nothing to draw it from: keep the text
			}
			if !copied {
				r.Parts = append([]record.Part(nil), r.Parts...) // the caller's parts stay as they are
				copied = true
			}
			r.Parts[i].Text = ""
		}
	}
	return r
}

// DrawFallbacks draws the text boards of a reply read from the outbox
// from the pictures before them.
func DrawFallbacks(r *record.Reply) {
	for i, p := range r.Parts {
		if p.Kind != record.Block || !p.Fallback || p.Text != "" || i == 0 || r.Parts[i-1].Kind != record.Image || r.Parts[i-1].Picture == nil {
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
