package teimatch

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Judge is a TEI engine asked what positions are worth: for each, a search
// of a fixed number of nodes and the win/draw/loss figures of its last
// info line (tiltak prints "wdl W D L" in permille for the side to move).
// It is how engine/cmd/tune labels positions with a stronger engine's
// opinion. A Judge is not safe for concurrent use; start one per worker.
type Judge struct {
	p *proc
}

// judgeTimeout bounds one position's answer.
const judgeTimeout = time.Minute

// StartJudge starts the engine of e for positions of the given board size
// and sets its komi (halfKomi, in half flats). An engine that does not list
// HalfKomi when halfKomi is not 0 is a KomiError.
func StartJudge(ctx context.Context, e Engine, size, halfKomi int) (*Judge, error) {
	if e.Name == "" && len(e.Argv) > 0 {
		e.Name = e.Argv[0]
	}
	p, err := startProc(ctx, e, 10*time.Second)
	if err != nil {
		return nil, err
	}
	if halfKomi != 0 {
		if !p.options["HalfKomi"] {
			p.close()
			return nil, &KomiError{Engine: e.Name, HalfKomi: halfKomi}
		}
		if err := p.send("setoption name HalfKomi value " + strconv.Itoa(halfKomi)); err != nil {
			p.kill()
			return nil, err
		}
	}
	// tiltak needs the size before any position
	if err := p.send("teinewgame " + strconv.Itoa(size)); err != nil {
		p.kill()
		return nil, err
	}
	return &Judge{p: p}, nil
}

// Verdict is what a judge's search of a position says.
type Verdict struct {
	Score float64 // the expected score for the side to move: (W + D/2) / (W + D + L)
	Move  string  // the move it would play, as its bestmove line gives it ("" if none)
}

// WinProbability returns the engine's expected score for the side to move
// in the position of tps (the three TPS fields, as `position tps` takes
// them) after a search of nodes nodes: (W + D/2) / (W + D + L) of its last
// wdl. An engine that prints no wdl is a FaultError of kind "protocol".
func (j *Judge) WinProbability(ctx context.Context, tps string, nodes int) (float64, error) {
	v, err := j.Search(ctx, tps, nodes)
	return v.Score, err
}

// Search is WinProbability with the move the engine would play: what a
// comparison needs to measure the judge's own choices.
func (j *Judge) Search(ctx context.Context, tps string, nodes int) (Verdict, error) {
	if err := ctx.Err(); err != nil {
		return Verdict{}, err
	}
	if strings.ContainsAny(tps, "\r\n") {
		return Verdict{}, fmt.Errorf("judge: the TPS %q has a line break", clip(tps))
	}
	if err := j.p.send("position tps " + tps); err != nil {
		return Verdict{}, err
	}
	if err := j.p.send("go nodes " + strconv.Itoa(nodes)); err != nil {
		return Verdict{}, err
	}
	deadline := time.Now().Add(judgeTimeout)
	var wdl [3]float64
	var move string
	seen := false
	for {
		line, err := j.p.next(deadline)
		if err != nil {
			return Verdict{}, err
		}
		if line == "bestmove" || strings.HasPrefix(line, "bestmove ") {
			if f := strings.Fields(line); len(f) > 1 {
				move = f[1]
			}
			break
		}
		if w, ok := parseWDL(line); ok {
			wdl, seen = w, true
		}
	}
	total := wdl[0] + wdl[1] + wdl[2]
	if !seen || total <= 0 {
		return Verdict{}, &FaultError{Engine: j.p.name, Kind: "protocol", Detail: "no wdl in its info lines"}
	}
	return Verdict{Score: (wdl[0] + wdl[1]/2) / total, Move: move}, nil
}

// parseWDL finds "wdl W D L" (three numbers, none negative) in an info line.
func parseWDL(line string) ([3]float64, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return [3]float64{}, false
	}
	for i := 1; i+3 < len(f); i++ {
		if f[i] != "wdl" {
			continue
		}
		var out [3]float64
		for k := range out {
			v, err := strconv.ParseFloat(f[i+1+k], 64)
			if err != nil || v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				return [3]float64{}, false
			}
			out[k] = v
		}
		return out, true
	}
	return [3]float64{}, false
}

// Close asks the engine to quit.
func (j *Judge) Close() { j.p.close() }
