package bot

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
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
	p := Picture{Config: g.Config, TPS: notation.FormatTPS(tg.Position()), Players: g.Names, Orientation: s.orient(readerKey)}
	if n := tg.Len(); n > 0 {
		p.BeforeTPS = notation.FormatTPS(tg.PositionAfter(n - 1))
		p.Last = tg.Moves()[n-1].String()
	}
	ply := tg.Position().Ply()
	p.Turn = capitalize(turnName(ply + 1))
	if g.Result != nil {
		r := *g.Result
		p.Result = &r
		if ply > 0 {
			p.Turn = capitalize(turnName(ply))
		}
	}
	if len(marks) > 0 {
		p.Marks, p.Caption = marks, caption
	}
	s.dress(&p, readerKey)
	return named(p, g.ID, ply)
}

// beforePicture describes the position before the move of turn turn,
// captioned as such.
func (s *session) beforePicture(gs *gameState, readerKey string, before *tak.Position, turn int) Picture {
	g := gs.rec
	p := Picture{Config: g.Config, TPS: notation.FormatTPS(before), Players: g.Names, Orientation: s.orient(readerKey),
		Caption: fmt.Sprintf("Before turn %d: the position the disputed move was played from", turn),
		Turn:    capitalize(turnName(turn))}
	s.dress(&p, readerKey)
	return named(p, g.ID, before.Ply())
}

// named gives a picture its file name: the game, the turn it shows, a
// digest of everything drawn (theme, width, turn label and marks
// included) and the orientation, so that a name is never reused for
// another picture (after an undo the same turn shows another position;
// two readers of one position may choose two themes).
func named(p Picture, game string, ply int) Picture {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%q", p.TPS, p.BeforeTPS, p.Last, p.Caption, p.Players)
	if p.Result != nil {
		fmt.Fprintf(h, "\x00%s\x00%d", p.Result.PTN, p.Result.Score)
	}
	fmt.Fprintf(h, "\x00%q\x00%d\x00%q\x00%v", p.Theme, p.Width, p.Turn, p.Marks)
	p.Name = fmt.Sprintf("%s-t%d-%s-%s.png", game, ply, hex.EncodeToString(h.Sum(nil))[:8], orientName(p.Orientation))
	return p
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
