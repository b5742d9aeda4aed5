package engine

import (
	"math"

	"github.com/takbymail/takbot/tak"
)

// Sample is one position and its worth for the side to move in it: how
// its game ended (1 won, 0 lost, 0.5 drawn), or a teacher's expected score
// from 0 to 1.
type Sample struct {
	Pos    *tak.Position
	Result float64
}

// TuneOptions set the tuning's fixed parameters; the zero value is the
// documented default.
type TuneOptions struct {
	Iterations int     // gradient steps over all samples (default 400)
	Rate       float64 // Adam's step size in centiflats (default 4)
	Scale      float64 // centiflats per unit of the logistic's argument (default 400, which puts an evaluation fitted to game results near centiflats; a teacher's surer labels need about 200)
	Prior      float64 // L2 pull toward the starting weights (default 1e-8 per centiflat²)
	// SkipStackWins also skips the samples whose side to move can
	// complete a road by moving a stack (the search scores them exactly
	// too); the default keeps them, as the fits of game results did.
	SkipStackWins bool
}

// tuneSample is a sample's features, computed once.
type tuneSample struct {
	f      [nFeatures]float64
	phase  float64
	result float64
}

// Tune fits the evaluation's weights to the samples by logistic regression
// of their results on the evaluation (Texel's method), starting from
// start. It is deterministic: the same samples and options give the same
// weights. Samples whose side to move can complete a road at once are
// skipped (the search scores them exactly). It returns the fitted weights
// and the mean log loss before and after.
func Tune(samples []Sample, start *Weights, opts TuneOptions) (w *Weights, before, after float64) {
	if opts.Iterations <= 0 {
		opts.Iterations = 400
	}
	if opts.Rate <= 0 {
		opts.Rate = 4
	}
	if opts.Scale <= 0 {
		opts.Scale = 400
	}
	if opts.Prior <= 0 {
		opts.Prior = 1e-8
	}
	data := make([]tuneSample, 0, len(samples))
	var b board
	for _, s := range samples {
		if s.Pos.Over() {
			continue
		}
		b.load(s.Pos)
		mover := s.Pos.ToMove()
		if !s.Pos.InOpening() && b.canPlace(mover) && b.placeWins(mover) != 0 {
			continue
		}
		if opts.SkipStackWins {
			if _, win := b.stackWin(mover); win {
				continue
			}
		}
		var ts tuneSample
		ts.phase = features(&b, mover, &ts.f)
		ts.result = s.Result
		data = append(data, ts)
	}
	const n = 2 * nFeatures
	var x, x0 [n]float64
	copy(x[:nFeatures], start.Open[:])
	copy(x[nFeatures:], start.End[:])
	x0 = x
	loss := func(grad *[n]float64) float64 {
		total := 0.0
		for i := range data {
			d := &data[i]
			e := 0.0
			for j, v := range d.f {
				e += v * (x[j]*(1-d.phase) + x[nFeatures+j]*d.phase)
			}
			p := 1 / (1 + math.Exp(-e/opts.Scale))
			p = min(max(p, 1e-9), 1-1e-9)
			total -= d.result*math.Log(p) + (1-d.result)*math.Log(1-p)
			if grad != nil {
				g := (p - d.result) / opts.Scale
				for j, v := range d.f {
					grad[j] += g * v * (1 - d.phase)
					grad[nFeatures+j] += g * v * d.phase
				}
			}
		}
		return total / float64(max(len(data), 1))
	}
	before = loss(nil)
	var m, v [n]float64
	const b1, b2 = 0.9, 0.999
	for it := 1; it <= opts.Iterations; it++ {
		var g [n]float64
		loss(&g)
		for j := range g {
			g[j] = g[j]/float64(max(len(data), 1)) + 2*opts.Prior*(x[j]-x0[j])
			m[j] = b1*m[j] + (1-b1)*g[j]
			v[j] = b2*v[j] + (1-b2)*g[j]*g[j]
			mh := m[j] / (1 - math.Pow(b1, float64(it)))
			vh := v[j] / (1 - math.Pow(b2, float64(it)))
			x[j] -= opts.Rate * mh / (math.Sqrt(vh) + 1e-12)
		}
	}
	after = loss(nil)
	w = new(Weights)
	copy(w.Open[:], x[:nFeatures])
	copy(w.End[:], x[nFeatures:])
	return w, before, after
}
