package tourney

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// fideBerger holds FIDE's Berger tables (Handbook C.05, Annex 1) for 4, 6
// and 8 players as the handbook prints them: one line per round, boards
// "white-black" by pairing number.
var fideBerger = map[int][]string{
	4: {
		"1-4 2-3",
		"4-3 1-2",
		"2-4 3-1",
	},
	6: {
		"1-6 2-5 3-4",
		"6-4 5-3 1-2",
		"2-6 3-1 4-5",
		"6-5 1-4 2-3",
		"3-6 4-2 5-1",
	},
	8: {
		"1-8 2-7 3-6 4-5",
		"8-5 6-4 7-3 1-2",
		"2-8 3-1 4-7 5-6",
		"8-6 7-5 1-4 2-3",
		"3-8 4-2 5-1 6-7",
		"8-7 1-6 2-5 3-4",
		"4-8 5-3 6-2 7-1",
	},
}

func parseBoards(t *testing.T, line string) []Board {
	t.Helper()
	var bs []Board
	for _, f := range strings.Fields(line) {
		w, b, ok := strings.Cut(f, "-")
		if !ok {
			t.Fatalf("bad board %q", f)
		}
		wi, err1 := strconv.Atoi(w)
		bi, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad board %q", f)
		}
		bs = append(bs, Board{wi, bi})
	}
	return bs
}

func TestBergerTableMatchesFIDE(t *testing.T) {
	for _, n := range []int{4, 6, 8} {
		got, err := BergerTable(n)
		if err != nil {
			t.Fatal(err)
		}
		want := fideBerger[n]
		if len(got) != len(want) {
			t.Fatalf("n=%d: %d rounds, want %d", n, len(got), len(want))
		}
		for r := range want {
			if w := parseBoards(t, want[r]); fmt.Sprint(got[r]) != fmt.Sprint(w) {
				t.Errorf("n=%d round %d: %v, want %v", n, r+1, got[r], w)
			}
		}
	}
}

// For odd n the table is that of n+1 and n+1 is the dummy: 5 players use
// the table of 6, 7 the table of 8.
func TestBergerTableOddUsesDummy(t *testing.T) {
	for _, c := range []struct{ odd, even int }{{5, 6}, {7, 8}, {3, 4}} {
		got, err := BergerTable(c.odd)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := BergerTable(c.even)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("n=%d: %v, want the table of %d %v", c.odd, got, c.even, want)
		}
	}
}

func TestBergerTableTooFew(t *testing.T) {
	for _, n := range []int{-1, 0, 1} {
		if _, err := BergerTable(n); err == nil {
			t.Errorf("n=%d: no error", n)
		}
	}
}

func ids(n int) []PlayerID {
	out := make([]PlayerID, n)
	for i := range out {
		out[i] = PlayerID(fmt.Sprintf("p%02d", i+1))
	}
	return out
}

// The 5-player schedule of FIDE's handbook: the 6-table with 6 as the
// dummy, whose partner rests.
func TestRoundRobinFiveByes(t *testing.T) {
	rounds, err := RoundRobinSchedule(ids(5), false)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"p01:bye p02-p05 p03-p04",
		"p04:bye p05-p03 p01-p02",
		"p02:bye p03-p01 p04-p05",
		"p05:bye p01-p04 p02-p03",
		"p03:bye p04-p02 p05-p01",
	}
	for i, r := range rounds {
		if got := roundString(r); got != want[i] {
			t.Errorf("round %d: %s, want %s", i+1, got, want[i])
		}
	}
}

func roundString(r Round) string {
	var parts []string
	for _, p := range r.Pairings {
		if p.IsBye() {
			parts = append(parts, string(p.White)+":bye")
		} else {
			parts = append(parts, string(p.White)+"-"+string(p.Black))
		}
	}
	return strings.Join(parts, " ")
}

func TestRoundRobinDoubleReversesColours(t *testing.T) {
	rounds, err := RoundRobinSchedule(ids(4), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 6 {
		t.Fatalf("%d rounds, want 6", len(rounds))
	}
	// The table's rounds 1, 3, 2 (FIDE: the last two rounds of the first
	// cycle reversed), then 1, 2, 3 with colours reversed.
	want := []string{
		"p01-p04 p02-p03", "p02-p04 p03-p01", "p04-p03 p01-p02",
		"p04-p01 p03-p02", "p03-p04 p02-p01", "p04-p02 p01-p03",
	}
	for i, r := range rounds {
		if got := roundString(r); got != want[i] {
			t.Errorf("round %d: %s, want %s", i+1, got, want[i])
		}
		if wantCycle := 1 + i/3; r.Cycle != wantCycle || r.Number != i+1 {
			t.Errorf("round %d: number %d cycle %d, want cycle %d", i+1, r.Number, r.Cycle, wantCycle)
		}
	}
}

func TestRoundRobinBadIDs(t *testing.T) {
	for _, c := range [][]PlayerID{{"a", "a", "b"}, {"a", ""}, {"a"}, nil} {
		if _, err := RoundRobinSchedule(c, false); err == nil {
			t.Errorf("%q: no error", c)
		}
	}
}

// Properties for 2 to 40 players, single and double: every pair meets
// exactly once per cycle, everyone plays at most once a round, odd fields
// give each player exactly one bye per cycle, in a single round-robin
// each player's Whites and Blacks differ by at most one, in a double one
// they are equal, and nobody has one colour in three games running.
func TestRoundRobinProperties(t *testing.T) {
	for n := 2; n <= 40; n++ {
		for _, double := range []bool{false, true} {
			players := ids(n)
			rounds, err := RoundRobinSchedule(players, double)
			if err != nil {
				t.Fatal(err)
			}
			cycles := 1
			if double {
				cycles = 2
			}
			even := n + n%2
			if len(rounds) != cycles*(even-1) {
				t.Fatalf("n=%d double=%v: %d rounds", n, double, len(rounds))
			}
			meets := map[[2]PlayerID]int{}
			seq := map[PlayerID][]Color{}
			whites := map[PlayerID]int{}
			blacks := map[PlayerID]int{}
			byes := map[PlayerID]int{}
			for _, r := range rounds {
				seen := map[PlayerID]bool{}
				for _, p := range r.Pairings {
					for _, id := range []PlayerID{p.White, p.Black} {
						if id == "" {
							continue
						}
						if seen[id] {
							t.Fatalf("n=%d round %d: %s twice", n, r.Number, id)
						}
						seen[id] = true
					}
					if p.IsBye() {
						byes[p.White]++
						continue
					}
					a, b := p.White, p.Black
					if a > b {
						a, b = b, a
					}
					meets[[2]PlayerID{a, b}]++
					whites[p.White]++
					blacks[p.Black]++
					seq[p.White] = append(seq[p.White], White)
					seq[p.Black] = append(seq[p.Black], Black)
				}
				if len(seen) != n {
					t.Fatalf("n=%d round %d: %d players paired", n, r.Number, len(seen))
				}
			}
			if len(meets) != n*(n-1)/2 {
				t.Errorf("n=%d: %d pairs met, want %d", n, len(meets), n*(n-1)/2)
			}
			for pair, k := range meets {
				if k != cycles {
					t.Errorf("n=%d double=%v: %v met %d times", n, double, pair, k)
				}
			}
			for _, id := range players {
				if n%2 == 1 && byes[id] != cycles {
					t.Errorf("n=%d: %s has %d byes", n, id, byes[id])
				}
				if cs := seq[id]; len(cs) >= 3 {
					for k := 2; k < len(cs); k++ {
						if cs[k] == cs[k-1] && cs[k-1] == cs[k-2] {
							t.Errorf("n=%d double=%v: %s has %v three games running (games %d-%d)", n, double, id, cs[k], k-1, k+1)
							break
						}
					}
				}
				d := whites[id] - blacks[id]
				if double && d != 0 {
					t.Errorf("n=%d double: %s has %d whites, %d blacks", n, id, whites[id], blacks[id])
				}
				if !double && (d > 1 || d < -1) {
					t.Errorf("n=%d: %s has %d whites, %d blacks", n, id, whites[id], blacks[id])
				}
			}
		}
	}
}
