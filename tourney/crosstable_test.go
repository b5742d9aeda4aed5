package tourney

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCrosstableMatrixText(t *testing.T) {
	ps := []Player{{ID: "a", Rating: 4}, {ID: "b", Rating: 3}, {ID: "c", Rating: 2}, {ID: "d", Rating: 1, WithdrawnFrom: 2}}
	rounds, err := RoundRobinSchedule([]PlayerID{"a", "b", "c", "d"}, false)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]Result{"a-d": BlackWins, "b-c": WhiteWins, "a-b": Draw}
	for k := range rounds {
		for j, p := range rounds[k].Pairings {
			rounds[k].Pairings[j].Result = set[string(p.White)+"-"+string(p.Black)]
		}
	}
	// c-a (round 3) is still being played.
	ct, err := NewCrosstable(RoundRobin, ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	names := map[PlayerID]string{"a": "Alice", "b": "Bob", "c": "Carol", "d": "Dmitri Ivanovich Mendeleev of Tobolsk, chemist and teacher"}
	got := ct.Text(func(id PlayerID) string { return names[id] })
	// c-a is unfinished, d's later games are forfeits (see
	// TestStandingsRoundRobinWithdrawal): Bob's SB is c 0.5 + a 0.25 +
	// the virtual opponent of round 3, 1.5; Carol's forfeit win in round
	// 2 is her last counted round, against a virtual 0. The long name is
	// cut to fit 72 columns.
	want := "" +
		"# Player                                              1 2 3 4  Pts    SB\n" +
		"1 Bob                                                 * + 1 =  2.5  2.25\n" +
		"2 Dmitri Ivanovich Mendeleev of Tobolsk, chemist and  - * - 1    1   0.5\n" +
		"3 Carol                                               0 + * .    1     0\n" +
		"4 Alice                                               = 0 . *  0.5     1\n" +
		matrixLegend + "Ties: Sonneborn-Berger (SB), then wins.\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	checkWidth(t, "matrix", got)
	if l := strings.Split(got, "\n")[2]; len(l) != MailWidth {
		t.Errorf("the cut line is %d wide, want %d", len(l), MailWidth)
	}
	// The cells as data.
	if c := ct.Cells[0][1]; len(c) != 1 || c[0] != ForfeitWin {
		t.Errorf("Bob against Dmitri: cell %v", c)
	}
	if c := ct.Cells[3][0]; len(c) != 1 || c[0] != DrawnGame {
		t.Errorf("Alice against Bob: cell %v", c)
	}
	if ct.Cells[1][1] != nil || ct.Cycles != 1 {
		t.Errorf("diagonal %v, cycles %d", ct.Cells[1][1], ct.Cycles)
	}
}

// playAll gives every pairing of the rounds a random result (forfeits now
// and then).
func playAll(rng *rand.Rand, rounds []Round) {
	for k := range rounds {
		for j := range rounds[k].Pairings {
			if !rounds[k].Pairings[j].IsBye() {
				rounds[k].Pairings[j].Result = randomResult(rng)
			}
		}
	}
}

func randomResult(rng *rand.Rand) Result {
	if rng.IntN(20) == 0 {
		return Result(4 + rng.IntN(3))
	}
	return Result(1 + rng.IntN(3))
}

func checkWidth(t *testing.T, what, text string) {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if n := utf8.RuneCountInString(l); n > MailWidth {
			t.Errorf("%s line %d: %d columns: %q", what, i+1, n, l)
		}
	}
}

// A 12-player double round-robin and a 12-player Swiss fit the matrix in
// 72 columns, with long names cut; 13 and 64 players go compact.
func TestCrosstableFitsMail(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	long := func(id PlayerID) string { return "A very long display name for " + string(id) }
	for _, c := range []struct {
		n      int
		format Format
		matrix bool
	}{
		{12, DoubleRoundRobin, true},
		{12, RoundRobin, true},
		{11, Swiss, true},
		{12, Swiss, true},
		{13, RoundRobin, false},
		{13, Swiss, false},
		{64, Swiss, false},
		{30, DoubleRoundRobin, false},
	} {
		ps := field(c.n)
		var rounds []Round
		if c.format == Swiss {
			for r := 0; r < 7; r++ {
				round, _, err := PairSwiss(ps, rounds)
				if err != nil {
					t.Fatal(err)
				}
				rounds = append(rounds, round)
				playAll(rng, rounds[r:])
			}
		} else {
			var err error
			rounds, err = RoundRobinSchedule(ids(c.n), c.format == DoubleRoundRobin)
			if err != nil {
				t.Fatal(err)
			}
			playAll(rng, rounds)
		}
		ct, err := NewCrosstable(c.format, ps, rounds)
		if err != nil {
			t.Fatal(err)
		}
		what := fmt.Sprintf("%d %v", c.n, c.format)
		for _, name := range []func(PlayerID) string{nil, long} {
			text := ct.Text(name)
			checkWidth(t, what, text)
			isMatrix := strings.HasPrefix(text, fmt.Sprintf("%*s Player", len(fmt.Sprint(c.n)), "#")) && strings.Contains(text, matrixLegend)
			if isMatrix != c.matrix {
				t.Errorf("%s: matrix %v, want %v:\n%s", what, isMatrix, c.matrix, text)
			}
			// One line per player (matrix) or at least one (compact).
			for _, s := range ct.Standings {
				if !strings.Contains(text, cut(displayName(name, s.Player.ID), 6)) {
					t.Errorf("%s: %s missing", what, s.Player.ID)
				}
			}
		}
		if c.format == DoubleRoundRobin && ct.Cycles != 2 {
			t.Errorf("%s: %d cycles", what, ct.Cycles)
		}
	}
}

func TestCrosstableCompactText(t *testing.T) {
	ps := []Player{{ID: "A", Rating: 5}, {ID: "B", Rating: 4}, {ID: "C", Rating: 3}, {ID: "D", Rating: 2}, {ID: "E", Rating: 1}}
	rounds := []Round{
		{Number: 1, Pairings: []Pairing{{White: "A", Black: "B", Result: WhiteWins}, {White: "C", Black: "D", Result: Draw}, {White: "E"}}},
		{Number: 2, Pairings: []Pairing{{White: "E", Black: "A", Result: Pending}, {White: "B", Black: "C", Result: WhiteWinsByForfeit}, {White: "D"}}},
	}
	ct, err := NewCrosstable(Swiss, ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	got := ct.Compact(nil)
	// Pending E-A counts for nothing yet: A 1, D 1.5, B 1, E 1, C 0.5.
	// Worked as in TestStandingsSwissVirtualOpponent, with E-A not
	// counted: A and E have one counted round each (A: B's 0 + 0.5; E: a
	// bye in the last counted round, a virtual 0). D: C 1 (a draw and an
	// unplayed game) and a bye against a virtual 0.5.
	want := "" +
		"# Player                      Pts   BH-1     BH     SB\n" +
		"1 D                           1.5      1    1.5      1\n" +
		"  =b5 bye\n" +
		"2 B                             1      1      1      0\n" +
		"  0b3 +w5\n" +
		"3 A                             1      0    0.5    0.5\n" +
		"  1w2 .b4\n" +
		"4 E                             1      0      0      0\n" +
		"  bye .w3\n" +
		"5 C                           0.5    1.5    2.5    0.5\n" +
		"  =w1 -b2\n" +
		compactLegend + "Ties: Buchholz cut-1 (BH-1), Buchholz (BH), Sonneborn-Berger (SB).\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
