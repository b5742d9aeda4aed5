package bot

import (
	"bytes"
	"fmt"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// DefaultRender renders a Picture to PNG with the render package, in the
// reader's orientation. It runs at delivery time, outside transactions.
func DefaultRender(p Picture) ([]byte, error) {
	pos, err := notation.ParseTPS(p.TPS, p.Config)
	if err != nil {
		return nil, fmt.Errorf("picture %s: %w", p.Name, err)
	}
	f := render.Frame{Players: p.Players, Score: p.Score}
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
	f.Result = resultOf(pos, p.Result)
	var buf bytes.Buffer
	if err := render.PNG(&buf, pos, f, render.Options{Orientation: p.Orientation}); err != nil {
		return nil, fmt.Errorf("picture %s: %w", p.Name, err)
	}
	return buf.Bytes(), nil
}

// resultOf rebuilds a tak.Result from a stored result.
func resultOf(pos *tak.Position, r ResultRecord) tak.Result {
	switch r.Reason {
	case "resignation":
		return pos.Resign(tak.Color(r.Winner).Opponent())
	case "time":
		return pos.TimeLoss(tak.Color(r.Winner).Opponent())
	case "agreement":
		return pos.AgreedDraw()
	case "road", "flats":
		return pos.Result()
	}
	return tak.Result{}
}
