package tourney

import (
	"cmp"
	"fmt"
	"slices"
)

// SwissNotes tells which of the Swiss rules a pairing had to give up
// because no pairing kept them all (see the package documentation). The
// zero value means none.
type SwissNotes uint8

// The rules a pairing may give up, in the order they are given up.
const (
	// ColoursRelaxed: some player gets the same colour a third time in a
	// row, or a colour difference beyond two.
	ColoursRelaxed SwissNotes = 1 << iota
	// RepeatedBye: the bye goes to a player who has had one.
	RepeatedBye
	// Rematch: two players meet again.
	Rematch
)

// String lists the notes, "none" for none.
func (n SwissNotes) String() string {
	if n == 0 {
		return "none"
	}
	s := ""
	for _, x := range []struct {
		bit  SwissNotes
		name string
	}{{ColoursRelaxed, "colours relaxed"}, {RepeatedBye, "repeated bye"}, {Rematch, "rematch"}} {
		if n&x.bit != 0 {
			if s != "" {
				s += ", "
			}
			s += x.name
		}
	}
	return s
}

// searchBudget bounds the steps of the backtracking search of one
// attempt; past it, pairing goes on choice by choice with Edmonds'
// algorithm, which finds the same pairing in polynomial time.
const searchBudget = 20_000

// swissPlayer is what pairing knows of one player.
type swissPlayer struct {
	id      PlayerID
	rating  float64
	score   float64
	colours []Color // of played games, in order
	diff    int     // Whites minus Blacks of played games
	hadBye  bool
}

// pref returns the player's colour preference and its strength: 3
// absolute, 2 strong, 1 mild, 0 none.
func (s *swissPlayer) pref() (Color, int) {
	n := len(s.colours)
	if n == 0 {
		return NoColor, 0
	}
	last := s.colours[n-1]
	twice := n >= 2 && s.colours[n-2] == last
	switch {
	case s.diff >= 2 || (twice && last == White):
		return Black, 3
	case s.diff <= -2 || (twice && last == Black):
		return White, 3
	case s.diff == 1:
		return Black, 2
	case s.diff == -1:
		return White, 2
	}
	return last.Opposite(), 1
}

// wouldBreak reports whether giving the player colour c breaks the colour
// rule: a third time in a row, or a difference beyond two.
func (s *swissPlayer) wouldBreak(c Color) bool {
	n := len(s.colours)
	d := s.diff
	if c == White {
		d++
	} else {
		d--
	}
	return d > 2 || d < -2 || (n >= 2 && s.colours[n-1] == c && s.colours[n-2] == c)
}

// PairSwiss pairs the next round (number len(played)+1) of a Swiss event
// by the Monrad rule of the package documentation. players are the
// event's entrants, withdrawn ones included (they are not paired from
// their withdrawal on); played are the rounds so far, every game decided
// (a pending game of a withdrawn player counts as a forfeit, see
// Effective), or PairSwiss returns ErrUnfinished.
//
// The round lists the games from the top board down, then the bye if any.
// The notes tell which rules had to be given up, if any.
func PairSwiss(players []Player, played []Round) (Round, SwissNotes, error) {
	return pairSwiss(players, played, false)
}

func pairSwiss(players []Player, played []Round, oracleOnly bool) (Round, SwissNotes, error) {
	idx, err := checkPlayers(players)
	if err != nil {
		return Round{}, 0, err
	}
	if err := checkRounds(idx, played); err != nil {
		return Round{}, 0, err
	}
	byID := make(map[PlayerID]Player, len(players))
	for _, p := range players {
		byID[p.ID] = p
	}
	n := len(players)
	sps := make([]swissPlayer, n)
	for i, p := range players {
		sps[i] = swissPlayer{id: p.ID, rating: p.Rating}
	}
	met := make([]uint8, n*n)
	bye := Swiss.ByePoints()
	for _, r := range played {
		for _, p := range r.Pairings {
			w := idx[p.White]
			if p.IsBye() {
				sps[w].hadBye = true
				sps[w].score += bye
				continue
			}
			b := idx[p.Black]
			res := Effective(p, r.Number, byID)
			if res == Pending {
				return Round{}, 0, fmt.Errorf("%w: round %d, %s-%s", ErrUnfinished, r.Number, p.White, p.Black)
			}
			pw, pb := res.Points()
			sps[w].score += pw
			sps[b].score += pb
			if met[w*n+b] < 255 {
				met[w*n+b]++
				met[b*n+w]++
			}
			if res.Played() {
				sps[w].colours = append(sps[w].colours, White)
				sps[w].diff++
				sps[b].colours = append(sps[b].colours, Black)
				sps[b].diff--
			}
		}
	}
	number := len(played) + 1
	var order []int
	for i, p := range players {
		if p.Active(number) {
			order = append(order, i)
		}
	}
	if len(order) < 2 {
		return Round{}, 0, fmt.Errorf("%w: %d to pair in round %d", ErrTooFewPlayers, len(order), number)
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmp.Compare(sps[b].score, sps[a].score); c != 0 {
			return c
		}
		if c := cmp.Compare(sps[b].rating, sps[a].rating); c != 0 {
			return c
		}
		return cmp.Compare(sps[a].id, sps[b].id)
	})

	s := &search{sps: sps, met: met, n: n, oracleOnly: oracleOnly}
	pairs, byePos, ok := s.pair(order)
	if !ok {
		// Unreachable: the last attempt allows everything.
		return Round{}, 0, fmt.Errorf("%w: no pairing for round %d", ErrRound, number)
	}

	round := Round{Number: number, Cycle: 1}
	var notes SwissNotes
	for k, pr := range pairs {
		a, b := &sps[order[pr[0]]], &sps[order[pr[1]]]
		w, bl := allocate(a, b, k)
		if w.wouldBreak(White) || bl.wouldBreak(Black) {
			notes |= ColoursRelaxed
		}
		if met[order[pr[0]]*n+order[pr[1]]] > 0 {
			notes |= Rematch
		}
		round.Pairings = append(round.Pairings, Pairing{White: w.id, Black: bl.id})
	}
	if byePos >= 0 {
		p := &sps[order[byePos]]
		if p.hadBye {
			notes |= RepeatedBye
		}
		round.Pairings = append(round.Pairings, Pairing{White: p.id})
	}
	return round, notes, nil
}

// allocate gives colours to a (the higher ranked) and b on board k
// (0-based), returning White and Black.
func allocate(a, b *swissPlayer, k int) (white, black *swissPlayer) {
	ca, sa := a.pref()
	cb, sb := b.pref()
	give := func(c Color) (*swissPlayer, *swissPlayer) { // a gets c
		if c == White {
			return a, b
		}
		return b, a
	}
	switch {
	case ca == NoColor && cb == NoColor:
		if k%2 == 0 {
			return a, b
		}
		return b, a
	case ca == NoColor:
		return give(cb.Opposite())
	case cb == NoColor, ca != cb, sa > sb:
		return give(ca)
	case sb > sa:
		return give(cb.Opposite())
	}
	// Equal preferences: alternate from the latest round in which they
	// had different colours.
	for i, j := len(a.colours)-1, len(b.colours)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if a.colours[i] != b.colours[j] {
			return give(a.colours[i].Opposite())
		}
	}
	return give(ca)
}

// search finds a pairing of the ranked players by backtracking.
type search struct {
	sps []swissPlayer
	met []uint8
	n   int

	// per attempt
	order     []int
	allow     []bool // allow[i*len(order)+j] over positions
	cands     [][]int
	deg       []int
	used      []bool
	pairs     [][2]int
	steps     int
	exhausted bool

	// oracleOnly skips the backtracking search (tests compare the two).
	oracleOnly bool
}

type attempt struct {
	colours, freshBye, anyBye, rematch bool
}

// attempts are tried in order; the last always succeeds.
var attempts = []attempt{
	{colours: true, freshBye: true},
	{freshBye: true},
	{colours: true, anyBye: true},
	{anyBye: true},
	{freshBye: true, anyBye: true, rematch: true},
}

// pair returns the pairs (as positions in order) and the bye's position
// (-1 for none). Each attempt first asks Edmonds' algorithm whether any
// pairing keeps its rules (if not, the next attempt follows at once); if
// one does, a backtracking search with degree pruning finds the first in
// the Monrad order, and should it run out of steps, the same pairing is
// built choice by choice, each choice checked to leave a completable
// rest. Either way the result is the first pairing in the Monrad order
// (the bye from the bottom, then each player from the top with the
// highest-ranked partner that still lets the rest be paired).
func (s *search) pair(order []int) ([][2]int, int, bool) {
	s.order = order
	m := len(order)
	s.allow = make([]bool, m*m)
	s.cands = make([][]int, m)
	s.deg = make([]int, m)
	s.used = make([]bool, m)
	for _, at := range attempts {
		s.build(at)
		var byes []int
		if m%2 == 1 {
			for k := m - 1; k >= 0; k-- {
				if !s.sps[order[k]].hadBye && at.freshBye {
					byes = append(byes, k)
				}
			}
			for k := m - 1; k >= 0; k-- {
				if s.sps[order[k]].hadBye && at.anyBye {
					byes = append(byes, k)
				}
			}
			if len(byes) == 0 {
				continue
			}
		}
		mt := s.matcher(byes)
		if !mt.perfect() {
			continue
		}
		if !s.oracleOnly {
			s.steps, s.exhausted = 0, false
			if m%2 == 0 {
				if s.try(-1) {
					return s.pairs, -1, true
				}
			} else {
				for _, b := range byes {
					if s.try(b) {
						return s.pairs, b, true
					}
					if s.exhausted {
						break
					}
				}
			}
		}
		if pairs, bye, ok := s.greedy(mt, byes); ok {
			return pairs, bye, true
		}
	}
	return nil, -1, false
}

// matcher returns the attempt's graph for Edmonds' algorithm: the allowed
// pairs, and for an odd number a dummy vertex (number m) joined to the
// players who may have the bye.
func (s *search) matcher(byes []int) *matcher {
	m := len(s.order)
	mt := newMatcher(m + 1)
	for x := range m {
		for _, y := range s.cands[x] {
			mt.edge(x, y)
		}
	}
	for _, b := range byes {
		mt.edge(m, b)
	}
	mt.dead[m] = m%2 == 0
	return mt
}

// greedy builds the first pairing in the Monrad order choice by choice,
// keeping a perfect matching of the rest (mt holds one) at every step.
func (s *search) greedy(mt *matcher, byes []int) ([][2]int, int, bool) {
	m := len(s.order)
	clear(s.used)
	s.pairs = s.pairs[:0]
	bye := -1
	if m%2 == 1 {
		for _, b := range byes {
			if mt.fix(m, b) {
				bye = b
				s.used[b] = true
				break
			}
		}
		if bye < 0 {
			return nil, -1, false
		}
	}
	for x := range m {
		if s.used[x] {
			continue
		}
		for _, y := range s.cands[x] {
			if !s.used[y] && mt.fix(x, y) {
				s.used[x], s.used[y] = true, true
				s.pairs = append(s.pairs, [2]int{x, y})
				break
			}
		}
		if !s.used[x] {
			return nil, -1, false
		}
	}
	return s.pairs, bye, true
}

// build fills the allowed pairs and candidate lists for an attempt.
func (s *search) build(at attempt) {
	m := len(s.order)
	for x := range m {
		s.cands[x] = s.cands[x][:0]
		px := &s.sps[s.order[x]]
		cx, sx := px.pref()
		for y := range m {
			ok := x != y
			if ok && !at.rematch && s.met[s.order[x]*s.n+s.order[y]] > 0 {
				ok = false
			}
			if ok && at.colours {
				cy, sy := s.sps[s.order[y]].pref()
				if sx == 3 && sy == 3 && cx == cy {
					ok = false
				}
			}
			s.allow[x*m+y] = ok
			if ok && y > x {
				s.cands[x] = append(s.cands[x], y)
			}
		}
		if at.rematch {
			// Least met first, then colour-compatible, then by rank.
			slices.SortStableFunc(s.cands[x], func(a, b int) int {
				return cmp.Compare(s.met[s.order[x]*s.n+s.order[a]], s.met[s.order[x]*s.n+s.order[b]])
			})
		}
	}
}

// try pairs everyone but the bye at position bye (-1: none).
func (s *search) try(bye int) bool {
	m := len(s.order)
	clear(s.used)
	s.pairs = s.pairs[:0]
	for x := range m {
		s.deg[x] = 0
		for y := range m {
			if y != bye && s.allow[x*m+y] {
				s.deg[x]++
			}
		}
	}
	if bye >= 0 {
		s.used[bye] = true
	}
	for x := range m {
		if !s.used[x] && s.deg[x] == 0 {
			return false
		}
	}
	return s.solve()
}

// mark takes position x out of the pool and reports whether some unused
// player is left without any allowed partner.
func (s *search) mark(x int) bool {
	m := len(s.order)
	s.used[x] = true
	dead := false
	for y := range m {
		if s.allow[x*m+y] {
			s.deg[y]--
			if !s.used[y] && s.deg[y] == 0 {
				dead = true
			}
		}
	}
	return dead
}

func (s *search) unmark(x int) {
	m := len(s.order)
	s.used[x] = false
	for y := range m {
		if s.allow[x*m+y] {
			s.deg[y]++
		}
	}
}

func (s *search) solve() bool {
	first := -1
	for x, u := range s.used {
		if !u {
			first = x
			break
		}
	}
	if first < 0 {
		return true
	}
	deadA := s.mark(first)
	for _, y := range s.cands[first] {
		if s.used[y] {
			continue
		}
		s.steps++
		if s.steps > searchBudget {
			s.exhausted = true
			break
		}
		deadB := s.mark(y)
		if !deadA && !deadB || s.allClear() {
			s.pairs = append(s.pairs, [2]int{first, y})
			if s.solve() {
				return true
			}
			s.pairs = s.pairs[:len(s.pairs)-1]
		}
		s.unmark(y)
		if s.exhausted {
			break
		}
	}
	s.unmark(first)
	return false
}

// allClear reports whether every unused position still has an allowed
// unused partner (mark's flag may name a player that is used by then).
func (s *search) allClear() bool {
	for x, u := range s.used {
		if !u && s.deg[x] == 0 {
			return false
		}
	}
	return true
}
