package rating

import (
	"errors"
	"math"
	"testing"
	"time"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f ± %g", what, got, want, tol)
	}
}

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a 1500/200/0.06 player beats a 1400/30 player and
// loses to 1550/100 and 1700/300 in one period, with tau 0.5.
func TestGlickmanExample(t *testing.T) {
	s := Default()
	got, err := s.Update(Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}, []Result{
		{Opponent: Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, Deviation: 100, Volatility: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, Deviation: 300, Volatility: 0.06}, Score: 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "rating", got.Rating, 1464.06, 0.01)
	near(t, "deviation", got.Deviation, 151.52, 0.01)
	near(t, "volatility", got.Volatility, 0.05999, 0.00001) // the paper writes 0.05999 for 0.059996
}

// TestIntermediates checks the paper's intermediate quantities: v, delta
// and the new volatility on the Glicko-2 scale.
func TestIntermediates(t *testing.T) {
	mu, phi := 0.0, 200/scale
	opp := []struct{ mu, phi, s float64 }{{-0.5756, 0.1727, 1}, {0.2878, 0.5756, 0}, {1.1513, 1.7269, 0}}
	var vinv, sum float64
	for _, o := range opp {
		e := expected(mu, o.mu, o.phi)
		vinv += g(o.phi) * g(o.phi) * e * (1 - e)
		sum += g(o.phi) * (o.s - e)
	}
	v := 1 / vinv
	// The paper computes with intermediates rounded to four places.
	near(t, "v", v, 1.7785, 0.001)
	near(t, "delta", v*sum, -0.4834, 0.001)
	sigma, err := Default().volatility(phi, 0.06, v, v*sum)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "sigma'", sigma, 0.05999, 0.00001)
}

func TestGameIsSymmetric(t *testing.T) {
	s := Default()
	tests := []struct {
		name   string
		a, b   Rating
		score  float64
		aRises bool
	}{
		{"new players, a wins", s.Initial, s.Initial, 1, true},
		{"new players, a loses", s.Initial, s.Initial, 0, false},
		{"favourite draws", Rating{1800, 60, 0.06}, Rating{1500, 60, 0.06}, 0.5, false},
		{"underdog draws", Rating{1500, 60, 0.06}, Rating{1800, 60, 0.06}, 0.5, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a2, b2, err := s.Game(tc.a, tc.b, tc.score)
			if err != nil {
				t.Fatal(err)
			}
			if (a2.Rating > tc.a.Rating) != tc.aRises || (b2.Rating > tc.b.Rating) == tc.aRises {
				t.Errorf("a %.1f → %.1f, b %.1f → %.1f", tc.a.Rating, a2.Rating, tc.b.Rating, b2.Rating)
			}
			if a2.Deviation >= tc.a.Deviation+1 || b2.Deviation >= tc.b.Deviation+1 {
				t.Errorf("a game made a rating less certain: %v → %v, %v → %v", tc.a, a2, tc.b, b2)
			}
		})
	}
	// Two new players: the winner gains what the loser loses.
	a2, b2, _ := s.Game(s.Initial, s.Initial, 1)
	near(t, "gain + loss", (a2.Rating-1500)+(b2.Rating-1500), 0, 0.001)
}

func TestIdle(t *testing.T) {
	s := Default()
	p := Rating{Rating: 1700, Deviation: 50, Volatility: 0.06}
	if got := s.Idle(p, 0); got != p {
		t.Errorf("no idle time changed %v to %v", p, got)
	}
	week := s.Idle(p, 7*24*time.Hour)
	empty, _ := s.Update(p, nil)
	near(t, "a week idle = one empty period", week.Deviation, empty.Deviation, 1e-9)
	year := s.Idle(p, 365*24*time.Hour)
	if year.Rating != p.Rating || year.Deviation <= week.Deviation || year.Deviation > 350 {
		t.Errorf("a year idle: %v", year)
	}
	if forever := s.Idle(p, 200*365*24*time.Hour); forever.Deviation != 350 {
		t.Errorf("two centuries idle: deviation %.1f, want 350 (capped)", forever.Deviation)
	}
}

func TestHostileInput(t *testing.T) {
	s := Default()
	for _, p := range []Rating{{math.NaN(), 50, 0.06}, {1500, math.Inf(1), 0.06}, {1500, 0, 0.06}, {1500, 50, -1}} {
		if _, err := s.Update(p, []Result{{Opponent: s.Initial, Score: 1}}); !errors.Is(err, ErrNoConvergence) {
			t.Errorf("Update(%v) error %v, want ErrNoConvergence", p, err)
		}
	}
	if _, err := s.Update(s.Initial, []Result{{Opponent: Rating{math.NaN(), 50, 0.06}, Score: 1}}); err == nil {
		t.Error("a NaN opponent was rated")
	}
}

// TestWeightedGame: a game of weight 1 is Game; a lighter one moves both
// ratings less and shrinks the deviations less; weights outside (0, 1]
// are refused.
func TestWeightedGame(t *testing.T) {
	s := Default()
	full, fullB, err := s.WeightedGame(s.Initial, s.Initial, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	plain, _, _ := s.Game(s.Initial, s.Initial, 1)
	if full != plain {
		t.Errorf("weight 1: %v, Game: %v", full, plain)
	}
	prevGain, prevDev := full.Rating-1500, full.Deviation
	for _, w := range []float64{0.5, 1.0 / 3, 0.25, 0.1} {
		a, b, err := s.WeightedGame(s.Initial, s.Initial, 1, w)
		if err != nil {
			t.Fatal(err)
		}
		gain := a.Rating - 1500
		if gain <= 0 || gain >= prevGain || a.Deviation <= prevDev || b.Rating >= 1500 || b.Rating <= fullB.Rating {
			t.Errorf("weight %.2f: a %v, b %v; a lighter game must move less than the one before (gain %.1f)", w, a, b, prevGain)
		}
		prevGain, prevDev = gain, a.Deviation
	}
	for _, w := range []float64{0, -0.5, 1.5, math.NaN(), math.Inf(1)} {
		if _, _, err := s.WeightedGame(s.Initial, s.Initial, 1, w); !errors.Is(err, ErrWeight) {
			t.Errorf("weight %v: error %v, want ErrWeight", w, err)
		}
	}
	if _, err := s.Update(s.Initial, []Result{{Opponent: s.Initial, Score: 1, Weight: 2}}); !errors.Is(err, ErrWeight) {
		t.Errorf("Update with weight 2: error %v, want ErrWeight", err)
	}
}

// TestRepeatWeight: the k-th rated game between the same two players
// within RepeatWindow counts 1/k; older games and later ones do not count.
func TestRepeatWeight(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	tests := []struct {
		name    string
		earlier []time.Duration // before now
		want    float64
	}{
		{"first game", nil, 1},
		{"second", []time.Duration{time.Hour}, 0.5},
		{"fifth", []time.Duration{0, time.Minute, day, 10 * day}, 0.2},
		{"at the window's edge", []time.Duration{30 * day}, 0.5},
		{"older games do not count", []time.Duration{31 * day, 400 * day}, 1},
		{"a later game does not count", []time.Duration{-day}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ts []time.Time
			for _, d := range tc.earlier {
				ts = append(ts, now.Add(-d))
			}
			if got := RepeatWeight(ts, now); got != tc.want {
				t.Errorf("RepeatWeight = %v, want %v", got, tc.want)
			}
		})
	}
}
