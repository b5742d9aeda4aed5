package teimatch

import (
	"fmt"
	"math"
)

// SPRT is a sequential probability ratio test of engine 0's strength
// against engine 1: H0 "engine 0 is Elo0 stronger" against H1 "engine 0
// is Elo1 stronger" (logistic Elo), with error rates Alpha (accepting H1
// when H0 holds) and Beta (accepting H0 when H1 holds). The usual test of
// a change is Elo0 0, Elo1 20, Alpha = Beta = 0.05.
//
// The log-likelihood ratio is the generalised SPRT's normal approximation
// (as fishtest and OpenBench compute it): n·(s1−s0)·(2·m − s0 − s1) / (2·v),
// where s0 and s1 are the expected scores under H0 and H1 and m and v the
// mean and variance of the observed scores. Pentanomial: the unit is a
// pair of games on one opening with colours swapped (its score is the
// pair's points over 2, one of 0, ¼, ½, ¾, 1), which takes out the
// variance of the openings; trinomial: the unit is a game (win, draw,
// loss).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// DefaultSPRT is elo0 = 0, elo1 = 20, alpha = beta = 0.05.
var DefaultSPRT = SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}

// Decision is an SPRT's verdict so far.
type Decision int

const (
	// Continue: the evidence does not yet decide.
	Continue Decision = iota
	// AcceptH0: engine 0 is not Elo1 stronger (at most Elo0).
	AcceptH0
	// AcceptH1: engine 0 is Elo1 stronger (at least).
	AcceptH1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "undecided"
}

// Bounds returns the test's lower and upper bounds on the log-likelihood
// ratio: ln(β/(1−α)) and ln((1−β)/α).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Decide returns the decision that the log-likelihood ratio llr gives.
func (t SPRT) Decide(llr float64) Decision {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// String names the test and its bounds.
func (t SPRT) String() string {
	lo, hi := t.Bounds()
	return fmt.Sprintf("SPRT elo0=%g elo1=%g alpha=%g beta=%g (LLR bounds %.2f, %.2f)", t.Elo0, t.Elo1, t.Alpha, t.Beta, lo, hi)
}

// ExpectedScore is the score that an Elo difference gives (logistic).
func ExpectedScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// regularise is a prior: a quarter of a result added to every count once
// there are results, so that a short run of identical results (zero
// variance) gives a modest ratio instead of an enormous one (one pair won
// would otherwise accept H1). Its weight vanishes as results come in.
const regularise = 0.25

// llr is the GSPRT ratio for counts of outcomes whose scores are scores.
func llr(counts []float64, scores []float64, elo0, elo1 float64) float64 {
	var n, sum float64
	for i, c := range counts {
		n += c
		sum += c * scores[i]
	}
	if n < 1 {
		return 0
	}
	// regularise only once there are results
	n = 0
	sum = 0
	for i, c := range counts {
		c += regularise
		n += c
		sum += c * scores[i]
	}
	m := sum / n
	var v float64
	for i, c := range counts {
		d := scores[i] - m
		v += (c + regularise) * d * d
	}
	v /= n
	s0, s1 := ExpectedScore(elo0), ExpectedScore(elo1)
	return n * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
}

// LLRTrinomial returns the log-likelihood ratio of engine 0's wins, draws
// and losses, each game an independent unit.
func LLRTrinomial(wins, draws, losses int, elo0, elo1 float64) float64 {
	return llr([]float64{float64(losses), float64(draws), float64(wins)}, []float64{0, 0.5, 1}, elo0, elo1)
}

// LLRPentanomial returns the log-likelihood ratio of game pairs: pairs[k]
// is the number of pairs (one opening, both colours) in which engine 0
// scored k half points (0 to 4).
func LLRPentanomial(pairs [5]int, elo0, elo1 float64) float64 {
	c := make([]float64, 5)
	for i, x := range pairs {
		c[i] = float64(x)
	}
	return llr(c, []float64{0, 0.25, 0.5, 0.75, 1}, elo0, elo1)
}

// Pairs returns the pentanomial counts of the summary's complete pairs of
// games (games 2k+1 and 2k+2 play one opening with colours swapped) and
// the number of games left out (an unfinished pair).
func (s Summary) Pairs() (pairs [5]int, unpaired int) {
	half := func(g GameResult) int {
		switch g.Winner {
		case 0:
			return 2
		case 1:
			return 0
		}
		return 1
	}
	i := 0
	for ; i+1 < len(s.Games); i += 2 {
		pairs[half(s.Games[i])+half(s.Games[i+1])]++
	}
	return pairs, len(s.Games) - i
}

// SPRTStatus returns the pentanomial log-likelihood ratio of the summary's
// complete pairs under t and the decision it gives.
func (s Summary) SPRTStatus(t SPRT) (llr float64, d Decision) {
	pairs, _ := s.Pairs()
	llr = LLRPentanomial(pairs, t.Elo0, t.Elo1)
	return llr, t.Decide(llr)
}
