package tourney

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// history is what the tests recompute of a Swiss on their own, to judge
// PairSwiss independently of its code.
type history struct {
	met     map[[2]PlayerID]int
	colours map[PlayerID][]Color
	byes    map[PlayerID]int
}

func pairKey(a, b PlayerID) [2]PlayerID {
	if a > b {
		a, b = b, a
	}
	return [2]PlayerID{a, b}
}

func newHistory(players []Player, rounds []Round) history {
	h := history{met: map[[2]PlayerID]int{}, colours: map[PlayerID][]Color{}, byes: map[PlayerID]int{}}
	byID := map[PlayerID]Player{}
	for _, p := range players {
		byID[p.ID] = p
	}
	for _, r := range rounds {
		for _, p := range r.Pairings {
			if p.IsBye() {
				h.byes[p.White]++
				continue
			}
			h.met[pairKey(p.White, p.Black)]++
			if Effective(p, r.Number, byID).Played() {
				h.colours[p.White] = append(h.colours[p.White], White)
				h.colours[p.Black] = append(h.colours[p.Black], Black)
			}
		}
	}
	return h
}

// must returns the colour a player must have (NoColor: free): the other
// colour after two the same, or after a difference of two.
func (h history) must(id PlayerID) Color {
	cs := h.colours[id]
	d := 0
	for _, c := range cs {
		if c == White {
			d++
		} else {
			d--
		}
	}
	n := len(cs)
	switch {
	case d >= 2 || n >= 2 && cs[n-1] == White && cs[n-2] == White:
		return Black
	case d <= -2 || n >= 2 && cs[n-1] == Black && cs[n-2] == Black:
		return White
	}
	return NoColor
}

// breaks reports whether giving id colour c breaks the colour rule.
func (h history) breaks(id PlayerID, c Color) bool {
	cs := append(append([]Color(nil), h.colours[id]...), c)
	d := 0
	for _, x := range cs {
		if x == White {
			d++
		} else {
			d--
		}
	}
	n := len(cs)
	return d > 2 || d < -2 || n >= 3 && cs[n-1] == cs[n-2] && cs[n-2] == cs[n-3]
}

// exists reports, by trying every pairing, whether the ids can be paired
// with pairs allowed by ok and, for an odd number, a bye for one of byeOK.
func exists(ids []PlayerID, ok func(a, b PlayerID) bool, byeOK func(PlayerID) bool) bool {
	if len(ids)%2 == 1 {
		for i, b := range ids {
			if !byeOK(b) {
				continue
			}
			rest := append(append([]PlayerID(nil), ids[:i]...), ids[i+1:]...)
			if exists(rest, ok, byeOK) {
				return true
			}
		}
		return false
	}
	if len(ids) == 0 {
		return true
	}
	for j := 1; j < len(ids); j++ {
		if !ok(ids[0], ids[j]) {
			continue
		}
		rest := make([]PlayerID, 0, len(ids)-2)
		rest = append(rest, ids[1:j]...)
		rest = append(rest, ids[j+1:]...)
		if exists(rest, ok, byeOK) {
			return true
		}
	}
	return false
}

// noteCount counts the notes of the simulated rounds (TestSwissProperties
// checks that the fallbacks were exercised).
var noteCount = map[SwissNotes]int{}

// bruteMax is the largest field checked by trying every pairing.
const bruteMax = 10

// simulateSwiss runs a Swiss of n players over rounds rounds with random
// results, forfeits and withdrawals (some in the middle of a round, their
// game left pending), and checks every round and the final standings.
func simulateSwiss(t *testing.T, seed uint64, n, rounds int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: PlayerID(fmt.Sprintf("p%02d", i+1)), Rating: float64(1000 + rng.IntN(1200)), Provisional: rng.IntN(4) == 0}
	}
	what := fmt.Sprintf("seed %d, %d players", seed, n)
	var played []Round
	anyRepeatedBye := false
	for r := 1; r <= rounds; r++ {
		// Withdraw someone before the round now and then.
		if rng.IntN(6) == 0 {
			i := rng.IntN(n)
			if ps[i].WithdrawnFrom == 0 {
				ps[i].WithdrawnFrom = r
			}
		}
		var active []PlayerID
		for _, p := range ps {
			if p.Active(r) {
				active = append(active, p.ID)
			}
		}
		if len(active) < 2 {
			break
		}
		round, notes, err := PairSwiss(ps, played)
		if err != nil {
			t.Fatalf("%s, round %d: %v", what, r, err)
		}
		assertEveryoneOnce(t, ps, round)
		// Choice by choice with Edmonds' algorithm gives the same pairing
		// as the backtracking search.
		if o, oNotes, err := pairSwiss(ps, played, true); err != nil || oNotes != notes || !slices.Equal(o.Pairings, round.Pairings) {
			t.Fatalf("%s, round %d: backtracking %s (%v), Edmonds %s (%v, %v)", what, r, swissString(round), notes, swissString(o), oNotes, err)
		}
		h := newHistory(ps, played)
		m := len(active) - len(active)%2
		fresh := func(id PlayerID) bool { return h.byes[id] == 0 }
		noRematch := func(a, b PlayerID) bool { return h.met[pairKey(a, b)] == 0 }
		compat := func(a, b PlayerID) bool {
			ca, cb := h.must(a), h.must(b)
			return noRematch(a, b) && (ca == NoColor || ca != cb)
		}
		anyone := func(PlayerID) bool { return true }
		someFresh := false
		for _, id := range active {
			someFresh = someFresh || fresh(id)
		}
		// The notes tell the truth.
		var rematch, broken, repeated bool
		for _, p := range round.Pairings {
			if p.IsBye() {
				repeated = h.byes[p.White] > 0
				continue
			}
			rematch = rematch || h.met[pairKey(p.White, p.Black)] > 0
			broken = broken || h.breaks(p.White, White) || h.breaks(p.Black, Black)
		}
		if rematch != (notes&Rematch != 0) || broken != (notes&ColoursRelaxed != 0) || repeated != (notes&RepeatedBye != 0) {
			t.Fatalf("%s, round %d: notes %v, but rematch %v, colours broken %v, repeated bye %v", what, r, notes, rematch, broken, repeated)
		}
		anyRepeatedBye = anyRepeatedBye || repeated
		noteCount[notes]++
		// A rule is given up only when it must be.
		if len(active) <= bruteMax {
			if rematch && exists(active, noRematch, anyone) {
				t.Errorf("%s, round %d: a rematch, though a pairing without exists", what, r)
			}
			if repeated && !rematch && exists(active, noRematch, fresh) {
				t.Errorf("%s, round %d: a second bye, though a pairing with a fresh bye exists", what, r)
			}
			if broken && !rematch && exists(active, compat, fresh) {
				t.Errorf("%s, round %d: colours broken, though a pairing keeping them exists", what, r)
			}
		} else {
			// Dirac: with fewer than m/2 rounds behind, the players not
			// yet met always include a perfect pairing.
			if rematch && r <= m/2 {
				t.Errorf("%s, round %d: a rematch with %d to pair", what, r, len(active))
			}
			if repeated && someFresh && r <= m/2 {
				t.Errorf("%s, round %d: a second bye while %d to pair", what, r, len(active))
			}
		}
		// Results; a withdrawal in the middle of the round leaves the
		// game pending (it counts as a forfeit).
		if rng.IntN(8) == 0 {
			i := rng.IntN(n)
			if ps[i].Active(r) {
				ps[i].WithdrawnFrom = r
			}
		}
		for k, p := range round.Pairings {
			if p.IsBye() {
				continue
			}
			if !ps[idxOf(ps, p.White)].Active(r) || !ps[idxOf(ps, p.Black)].Active(r) {
				continue
			}
			round.Pairings[k].Result = randomResult(rng)
		}
		played = append(played, round)
	}
	checkStandingsConsistent(t, what, Swiss, ps, played)
	if !anyRepeatedBye {
		h := newHistory(ps, played)
		for id, k := range h.byes {
			if k > 1 {
				t.Errorf("%s: %s had %d byes", what, id, k)
			}
		}
	}
}

func idxOf(ps []Player, id PlayerID) int {
	for i, p := range ps {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// checkStandingsConsistent checks the standings against the rounds: each
// player's points are the sum of their rounds, all points are those of
// the results and byes, a withdrawn player's games from their withdrawal
// on are forfeits, ranks follow points, and the crosstable fits a mail.
func checkStandingsConsistent(t *testing.T, what string, format Format, ps []Player, rounds []Round) {
	t.Helper()
	st, err := Standings(format, ps, rounds)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	byID := map[PlayerID]Player{}
	for _, p := range ps {
		byID[p.ID] = p
	}
	total := 0.0
	for _, r := range rounds {
		for _, p := range r.Pairings {
			if p.IsBye() {
				total += format.ByePoints()
				continue
			}
			w, b := Effective(p, r.Number, byID).Points()
			total += w + b
		}
	}
	sum := 0.0
	for i, s := range st {
		own := 0.0
		for _, e := range s.Rounds {
			own += e.Points
			// The callers leave such games pending: they are forfeits.
			if !s.Player.Active(e.Round) && e.Opponent != "" && e.Outcome != ForfeitLoss && e.Outcome != BothForfeited {
				t.Errorf("%s: withdrawn %s's round %d: %v", what, s.Player.ID, e.Round, e.Outcome)
			}
			if e.Outcome == Unfinished && (!s.Player.Active(e.Round) || !byID[e.Opponent].Active(e.Round)) {
				t.Errorf("%s: %s's round %d with a withdrawn player is unfinished", what, s.Player.ID, e.Round)
			}
		}
		if own != s.Points {
			t.Errorf("%s: %s has %v points, rounds say %v", what, s.Player.ID, s.Points, own)
		}
		sum += s.Points
		if i > 0 && (s.Points > st[i-1].Points || s.Rank < st[i-1].Rank) {
			t.Errorf("%s: line %d out of order", what, i+1)
		}
	}
	if sum != total {
		t.Errorf("%s: %v points in the standings, %v in the results", what, sum, total)
	}
	ct, err := NewCrosstable(format, ps, rounds)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	for _, l := range strings.Split(ct.Text(nil), "\n") {
		if len(l) > MailWidth {
			t.Errorf("%s: crosstable line %q too wide", what, l)
		}
	}
}

// Swiss events of 3 to 64 players, odd and even, with withdrawals, over
// up to n+1 rounds (so that late rounds must fall back).
func TestSwissProperties(t *testing.T) {
	for n := 3; n <= 64; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			rounds := []int{3, 7, n + 1}[seed-1]
			if n > 20 && rounds > 12 {
				rounds = 12
			}
			simulateSwiss(t, seed, n, rounds)
		}
	}
	t.Logf("rounds by notes: %v", noteCount)
	for _, n := range []SwissNotes{0, ColoursRelaxed, Rematch} {
		if noteCount[n] == 0 {
			t.Errorf("no round with notes %v: the fallbacks are not exercised", n)
		}
	}
}

func FuzzSwiss(f *testing.F) {
	f.Add(uint64(1), uint8(3), uint8(3))
	f.Add(uint64(2), uint8(5), uint8(6))
	f.Add(uint64(3), uint8(9), uint8(9))
	f.Add(uint64(4), uint8(64), uint8(7))
	f.Add(uint64(5), uint8(33), uint8(12))
	f.Fuzz(func(t *testing.T, seed uint64, nb, rb uint8) {
		n := 3 + int(nb)%62
		rounds := 1 + int(rb)%(n+1)
		if rounds > 14 {
			rounds = 14
		}
		simulateSwiss(t, seed, n, rounds)
	})
}

// Round-robins (single and double) of 3 to 24 players with random results
// and withdrawals in the middle: the withdrawn player's unfinished games
// become forfeits, and the standings add up.
func TestRoundRobinWithdrawalProperties(t *testing.T) {
	for n := 3; n <= 24; n++ {
		for _, double := range []bool{false, true} {
			rng := rand.New(rand.NewPCG(uint64(n), 9))
			ps := field(n)
			rounds, err := RoundRobinSchedule(ids(n), double)
			if err != nil {
				t.Fatal(err)
			}
			format := RoundRobin
			if double {
				format = DoubleRoundRobin
			}
			// Someone withdraws in the middle; the event stops at a random
			// round with the rest unplayed.
			w := rng.IntN(n)
			ps[w].WithdrawnFrom = 1 + rng.IntN(len(rounds))
			stop := 1 + rng.IntN(len(rounds))
			for k := range rounds[:stop] {
				for j, p := range rounds[k].Pairings {
					if p.IsBye() || p.Has(ps[w].ID) && k+1 >= ps[w].WithdrawnFrom {
						continue
					}
					rounds[k].Pairings[j].Result = randomResult(rng)
				}
			}
			what := fmt.Sprintf("%d players, double %v", n, double)
			checkStandingsConsistent(t, what, format, ps, rounds)
			st, _ := Standings(format, ps, rounds)
			for _, s := range st {
				if s.Player.ID != ps[w].ID {
					continue
				}
				for _, e := range s.Rounds {
					if e.Round >= ps[w].WithdrawnFrom && e.Opponent != "" && e.Outcome != ForfeitLoss {
						t.Errorf("%s: withdrawn %s round %d: %v", what, s.Player.ID, e.Round, e.Outcome)
					}
				}
			}
		}
	}
}
