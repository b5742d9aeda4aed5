package rating

import (
	"errors"
	"math"
	"time"
)

// scale converts between the Glicko scale (1500, 350) and the Glicko-2
// scale (0, 2.01).
const scale = 173.7178

// Rating is a player's standing on the Glicko scale.
type Rating struct {
	Rating     float64 // 1500 for a new player
	Deviation  float64 // RD: 350 for a new player; about 50 for a well-known one
	Volatility float64 // sigma: 0.06 for a new player
}

// Result is one game of a rating period, seen from the player rated.
type Result struct {
	Opponent Rating  // the opponent's values at the start of the period
	Score    float64 // 1 a win, 0.5 a draw, 0 a loss
	// Weight is how much the game counts, from 0 (excluded) to 1; the
	// zero value counts as 1, a full game. A game of weight w moves the
	// rating and shrinks the deviation as w of a game would: its terms
	// in the variance and in the improvement are scaled by w (see
	// [RepeatWeight]).
	Weight float64
}

// weight is the weight a result counts with.
func (r Result) weight() float64 {
	if r.Weight == 0 {
		return 1
	}
	return r.Weight
}

// System holds the constants of the rating system. The zero value is not
// usable; start from [Default].
type System struct {
	// Tau constrains how fast the volatility changes (0.3 to 1.2; smaller
	// is steadier).
	Tau float64
	// Initial is the standing of a player without rated games.
	Initial Rating
	// Period is the length of one rating period for [System.Idle]: the
	// time without games that adds one period's uncertainty.
	Period time.Duration
}

// Default is the system the referee uses: Glickman's constants, and a
// rating period of a week.
func Default() System {
	return System{Tau: 0.5, Initial: Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}, Period: 7 * 24 * time.Hour}
}

// ErrNoConvergence is returned when the volatility iteration does not
// converge (it does for every finite input; this guards against NaN and
// infinities).
var ErrNoConvergence = errors.New("rating: the volatility iteration did not converge")

// ErrWeight is returned for a result whose weight is not from 0 to 1.
var ErrWeight = errors.New("rating: a result's weight must be from 0 to 1")

// maxIterations bounds the volatility iteration.
const maxIterations = 100

// convergence is the tolerance of the volatility iteration (Glickman's ε).
const convergence = 0.000001

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update returns the player's standing after a rating period with the
// results given. With no results only the deviation grows, by one
// period's volatility.
func (s System) Update(p Rating, results []Result) (Rating, error) {
	if !finite(p.Rating, p.Deviation, p.Volatility) || p.Deviation <= 0 || p.Volatility <= 0 {
		return p, ErrNoConvergence
	}
	mu := (p.Rating - 1500) / scale
	phi := p.Deviation / scale
	sigma := p.Volatility
	if len(results) == 0 {
		return s.cap(Rating{Rating: p.Rating, Deviation: math.Sqrt(phi*phi+sigma*sigma) * scale, Volatility: sigma}), nil
	}
	var vinv, sum float64
	for _, r := range results {
		w := r.weight()
		if !finite(w) || w < 0 || w > 1 {
			return p, ErrWeight
		}
		muj := (r.Opponent.Rating - 1500) / scale
		phij := r.Opponent.Deviation / scale
		gj := g(phij)
		e := expected(mu, muj, phij)
		vinv += w * gj * gj * e * (1 - e)
		sum += w * gj * (r.Score - e)
	}
	if vinv == 0 {
		// Every result weighs nothing (or tells nothing): an empty period.
		return s.Update(p, nil)
	}
	v := 1 / vinv
	delta := v * sum
	sigma2, err := s.volatility(phi, sigma, v, delta)
	if err != nil {
		return p, err
	}
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	out := Rating{Rating: mu2*scale + 1500, Deviation: phi2 * scale, Volatility: sigma2}
	if !finite(out.Rating, out.Deviation, out.Volatility) {
		return p, ErrNoConvergence
	}
	return s.cap(out), nil
}

// volatility is step 5 of the algorithm: the new volatility, by the
// Illinois variant of regula falsi.
func (s System) volatility(phi, sigma, v, delta float64) (float64, error) {
	a := math.Log(sigma * sigma)
	tau2 := s.Tau * s.Tau
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/tau2
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*s.Tau) < 0 {
			k++
			if k > maxIterations {
				return 0, ErrNoConvergence
			}
		}
		B = a - k*s.Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > convergence; i++ {
		if i >= maxIterations || !finite(A, B, fA, fB) {
			return 0, ErrNoConvergence
		}
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2), nil
}

// Game rates one game as a rating period of its own for both players:
// scoreA is a's score (1, 0.5 or 0); both are rated from the other's
// values before the game.
func (s System) Game(a, b Rating, scoreA float64) (Rating, Rating, error) {
	return s.WeightedGame(a, b, scoreA, 1)
}

// WeightedGame is Game for a game that counts with weight w, above 0 and
// at most 1 (see [Result.Weight] and [RepeatWeight]); another w is
// ErrWeight.
func (s System) WeightedGame(a, b Rating, scoreA, w float64) (Rating, Rating, error) {
	if !finite(w) || w <= 0 || w > 1 {
		return a, b, ErrWeight
	}
	a2, err := s.Update(a, []Result{{Opponent: b, Score: scoreA, Weight: w}})
	if err != nil {
		return a, b, err
	}
	b2, err := s.Update(b, []Result{{Opponent: a, Score: 1 - scoreA, Weight: w}})
	if err != nil {
		return a, b, err
	}
	return a2, b2, nil
}

// Idle returns the standing of a player after idle time without rated
// games: the deviation grows as over idle/Period empty rating periods
// (fractions count), never beyond the deviation of a new player.
func (s System) Idle(p Rating, idle time.Duration) Rating {
	if idle <= 0 || s.Period <= 0 {
		return p
	}
	t := float64(idle) / float64(s.Period)
	phi := p.Deviation / scale
	phi = math.Sqrt(phi*phi + t*p.Volatility*p.Volatility)
	return s.cap(Rating{Rating: p.Rating, Deviation: phi * scale, Volatility: p.Volatility})
}

// cap keeps the deviation at most the deviation of a new player.
func (s System) cap(p Rating) Rating {
	if s.Initial.Deviation > 0 && p.Deviation > s.Initial.Deviation {
		p.Deviation = s.Initial.Deviation
	}
	return p
}

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
