package teimatch

import (
	"fmt"
	"math"
	"time"
)

// Score returns engine 0's score (wins plus half the draws, over games)
// and the half-width of its 95% confidence interval, from the spread of
// the game results.
func (s Summary) Score() (score, margin float64) {
	n := float64(s.Wins + s.Losses + s.Draws)
	if n == 0 {
		return 0.5, 0.5
	}
	score = (float64(s.Wins) + float64(s.Draws)/2) / n
	if n < 2 {
		return score, 0.5
	}
	v := (float64(s.Wins)*sq(1-score) + float64(s.Draws)*sq(0.5-score) + float64(s.Losses)*sq(score)) / (n - 1)
	return score, 1.96 * math.Sqrt(v/n)
}

func sq(x float64) float64 { return x * x }

// Elo returns the Elo difference a score gives (±Inf for 1 and 0).
func Elo(score float64) float64 {
	switch {
	case score >= 1:
		return math.Inf(1)
	case score <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/score-1)
}

// EloRange returns the Elo difference and the bounds of its 95% interval.
func (s Summary) EloRange() (elo, low, high float64) {
	score, m := s.Score()
	return Elo(score), Elo(score - m), Elo(score + m)
}

// Report writes the match's outcome in one paragraph, with each engine's
// slowest answer and the games lost to faults (illegal moves, crashes,
// timeouts) counted per engine.
func (s Summary) Report(names [2]string) string {
	score, m := s.Score()
	elo, lo, hi := s.EloRange()
	faults := map[string]int{}
	var order []string
	for _, g := range s.Games {
		if g.Fault != nil {
			k := g.Fault.Engine + " " + g.Fault.Kind
			if faults[k] == 0 {
				order = append(order, k)
			}
			faults[k]++
		}
	}
	tail := fmt.Sprintf("; slowest answers: %s %d ms, %s %d ms", names[0], s.Slowest[0].Milliseconds(), names[1], s.Slowest[1].Milliseconds())
	if s.Answers[0] > 0 && s.Answers[1] > 0 {
		tail += fmt.Sprintf("; mean answer: %s %.0f ms, %s %.0f ms", names[0], meanMS(s.Think[0], s.Answers[0]), names[1], meanMS(s.Think[1], s.Answers[1]))
	}
	if s.SPRT != nil {
		llr, d := s.SPRTStatus(*s.SPRT)
		pairs, _ := s.Pairs()
		tail += fmt.Sprintf("; %v: pairs %v, LLR %.2f, %v", *s.SPRT, pairs, llr, d)
	}
	for _, k := range order {
		tail += fmt.Sprintf("; lost to faults: %s %d", k, faults[k])
	}
	return fmt.Sprintf("%s vs %s: %d games, %d wins, %d losses, %d draws; score %.1f%% ± %.1f%% (95%%); Elo %+.0f (95%% interval %+.0f to %+.0f)%s",
		names[0], names[1], s.Wins+s.Losses+s.Draws, s.Wins, s.Losses, s.Draws, 100*score, 100*m, elo, lo, hi, tail)
}

func meanMS(total time.Duration, n int) float64 {
	return float64(total.Microseconds()) / 1000 / float64(n)
}
