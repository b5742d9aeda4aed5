package teimatch

import (
	"math"
	"testing"
)

// TestSPRTBounds: alpha = beta = 0.05 gives ±ln 19.
func TestSPRTBounds(t *testing.T) {
	lo, hi := DefaultSPRT.Bounds()
	if math.Abs(lo+math.Log(19)) > 1e-12 || math.Abs(hi-math.Log(19)) > 1e-12 {
		t.Fatalf("bounds %v %v, want ±%v", lo, hi, math.Log(19))
	}
	for _, c := range []struct {
		llr  float64
		want Decision
	}{{0, Continue}, {2.9, Continue}, {-2.9, Continue}, {3, AcceptH1}, {-3, AcceptH0}} {
		if got := DefaultSPRT.Decide(c.llr); got != c.want {
			t.Errorf("Decide(%v) = %v, want %v", c.llr, got, c.want)
		}
	}
}

// TestLLR: hand-computed ratios, and the properties every ratio has.
func TestLLR(t *testing.T) {
	s0, s1 := ExpectedScore(0), ExpectedScore(20)
	if s0 != 0.5 || math.Abs(s1-0.528751) > 1e-6 {
		t.Fatalf("expected scores %v %v", s0, s1)
	}
	// 60 wins, 40 losses, with the prior's quarter result in each
	// category: 100.75 games of mean (60.25+0.125)/100.75
	n := 100.75
	m := (60.25 + 0.125) / n
	v := (60.25*(1-m)*(1-m) + 0.25*(0.5-m)*(0.5-m) + 40.25*m*m) / n
	want := n * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
	if got := LLRTrinomial(60, 0, 40, 0, 20); math.Abs(got-want) > 1e-9 || math.Abs(got-1.03) > 0.02 {
		t.Errorf("60-0-40: LLR %v, want %v (about 1.03)", got, want)
	}
	// one pair won decides nothing; thirty in a row do
	if d := DefaultSPRT.Decide(LLRPentanomial([5]int{0, 0, 0, 0, 1}, 0, 20)); d != Continue {
		t.Errorf("one pair won: %v", d)
	}
	// pairs: 10 pairs of 1.5 points and 10 of 0.5: mean 0.5, no evidence either way beyond the midpoint
	pmid := LLRPentanomial([5]int{0, 10, 0, 10, 0}, 0, 20)
	vmid := (0.25*0.25 + 10.25*0.0625 + 0.25*0 + 10.25*0.0625 + 0.25*0.25) / 21.25
	wantMid := 21.25 * (s1 - s0) * (1 - s0 - s1) / (2 * vmid)
	if math.Abs(pmid-wantMid) > 1e-9 {
		t.Errorf("pairs 0,10,0,10,0: LLR %v, want %v", pmid, wantMid)
	}
	if got := LLRTrinomial(0, 0, 0, 0, 20); got != 0 {
		t.Errorf("no games: LLR %v", got)
	}
	if got := LLRPentanomial([5]int{}, 0, 20); got != 0 {
		t.Errorf("no pairs: LLR %v", got)
	}
	// more wins: larger ratio; all wins: finite and above the upper bound
	if a, b := LLRTrinomial(55, 0, 45, 0, 20), LLRTrinomial(65, 0, 35, 0, 20); !(a < b) {
		t.Errorf("LLR not increasing with the score: %v %v", a, b)
	}
	allWins := LLRPentanomial([5]int{0, 0, 0, 0, 30}, 0, 20)
	if math.IsInf(allWins, 0) || math.IsNaN(allWins) || DefaultSPRT.Decide(allWins) != AcceptH1 {
		t.Errorf("30 pairs won: LLR %v", allWins)
	}
	allLost := LLRTrinomial(0, 0, 60, 0, 20)
	if math.IsInf(allLost, 0) || DefaultSPRT.Decide(allLost) != AcceptH0 {
		t.Errorf("60 games lost: LLR %v", allLost)
	}
	// a score of exactly the midpoint of s0 and s1 gives 0
	if got := LLRTrinomial(0, 100, 0, -20, 20); math.Abs(got) > 1e-9 {
		t.Errorf("100 draws between -20 and +20: LLR %v", got)
	}
}

// TestPairs: games are paired in order, an odd game left out.
func TestPairs(t *testing.T) {
	s := Summary{Games: []GameResult{{Winner: 0}, {Winner: 0}, {Winner: 0}, {Winner: -1}, {Winner: 1}, {Winner: 1}, {Winner: 0}}}
	pairs, left := s.Pairs()
	if pairs != [5]int{1, 0, 0, 1, 1} || left != 1 {
		t.Fatalf("pairs %v, left %d", pairs, left)
	}
	llr, d := s.SPRTStatus(DefaultSPRT)
	if llr != LLRPentanomial(pairs, 0, 20) || d != Continue {
		t.Fatalf("status %v %v", llr, d)
	}
}
