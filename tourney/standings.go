package tourney

import (
	"cmp"
	"fmt"
	"slices"
)

// Entry is one round of one player in the standings.
type Entry struct {
	Round int
	// Opponent is empty for a bye or a round without pairing.
	Opponent PlayerID
	// Color is the player's colour, NoColor for a bye or no pairing.
	Color   Color
	Outcome Outcome
	// Points is what the round brought the player.
	Points float64
}

// Standing is one player's line in the standings.
type Standing struct {
	Player Player
	// Rank is 1 for the leader; players equal on points and every
	// tie-break share a rank.
	Rank   int
	Points float64
	// The tie-breaks (see the package documentation for their rules).
	SonnebornBerger float64
	Buchholz        float64
	BuchholzCut1    float64
	// Wins counts games won, forfeit wins included, byes not.
	Wins int
	// Played counts games played on the board.
	Played int
	// Rounds holds the player's rounds in order, one per round given.
	Rounds []Entry
}

// counted reports whether the entry counts for tie-breaks in the format:
// decided, and not a round-robin's rest round.
func counted(f Format, e Entry) bool {
	switch e.Outcome {
	case Unfinished:
		return false
	case GotBye:
		return f == Swiss
	case NotPaired:
		return f == Swiss
	}
	return true
}

// played reports whether the entry is a game played on the board.
func playedOutcome(o Outcome) bool { return o == Win || o == Loss || o == DrawnGame }

// Standings returns the players' standings after the rounds given, best
// first: points, then the format's tie-breaks (round-robin:
// Sonneborn-Berger, wins; Swiss: Buchholz cut-1, Buchholz,
// Sonneborn-Berger, wins), then rating and id to order the list. Games
// not decided count for nothing yet, except that those of a player
// withdrawn by their round count as forfeits (Effective). The rounds may
// include rounds not yet played (a round-robin's whole schedule).
func Standings(format Format, players []Player, rounds []Round) ([]Standing, error) {
	if format < RoundRobin || format > Swiss {
		return nil, fmt.Errorf("%w: %d", ErrFormat, format)
	}
	idx, err := checkPlayers(players)
	if err != nil {
		return nil, err
	}
	if err := checkRounds(idx, rounds); err != nil {
		return nil, err
	}
	out := entries(format, players, rounds, idx)
	adj := scores(format, out)
	tieBreaks(format, out, adj, idx)
	rank(format, out)
	return out, nil
}

// entries returns each player's standing with its rounds filled in (what
// each game gave), and nothing summed yet.
func entries(format Format, players []Player, rounds []Round, idx map[PlayerID]int) []Standing {
	byID := make(map[PlayerID]Player, len(players))
	for _, p := range players {
		byID[p.ID] = p
	}
	out := make([]Standing, len(players))
	for i, p := range players {
		out[i] = Standing{Player: p, Rounds: make([]Entry, len(rounds))}
		for k := range rounds {
			out[i].Rounds[k] = Entry{Round: k + 1}
		}
	}
	bye := format.ByePoints()
	for k, r := range rounds {
		for _, p := range r.Pairings {
			w := idx[p.White]
			if p.IsBye() {
				out[w].Rounds[k] = Entry{Round: k + 1, Outcome: GotBye, Points: bye}
				continue
			}
			b := idx[p.Black]
			res := Effective(p, r.Number, byID)
			pw, pb := res.Points()
			out[w].Rounds[k] = Entry{Round: k + 1, Opponent: p.Black, Color: White, Outcome: outcomeFor(p, res, White), Points: pw}
			out[b].Rounds[k] = Entry{Round: k + 1, Opponent: p.White, Color: Black, Outcome: outcomeFor(p, res, Black), Points: pb}
		}
	}
	return out
}

// scores sums each standing's points, games played and wins, and returns
// the scores as opponents see them (unplayed games as draws).
func scores(format Format, out []Standing) []float64 {
	adj := make([]float64, len(out))
	for i := range out {
		s := &out[i]
		for _, e := range s.Rounds {
			s.Points += e.Points
			if playedOutcome(e.Outcome) {
				s.Played++
			}
			if e.Outcome == Win || e.Outcome == ForfeitWin {
				s.Wins++
			}
			switch {
			case !counted(format, e):
			case playedOutcome(e.Outcome):
				adj[i] += e.Points
			default:
				adj[i] += 0.5
			}
		}
	}
	return adj
}

// tieBreaks computes each standing's Buchholz, Buchholz cut-1 and
// Sonneborn-Berger from the opponents' adjusted scores.
func tieBreaks(format Format, out []Standing, adj []float64, idx map[PlayerID]int) {
	for i := range out {
		s := &out[i]
		var cs []Entry
		for _, e := range s.Rounds {
			if counted(format, e) {
				cs = append(cs, e)
			}
		}
		n := len(cs)
		before := 0.0
		lowest := 0.0
		for r, e := range cs {
			var opp float64
			if playedOutcome(e.Outcome) {
				opp = adj[idx[e.Opponent]]
			} else {
				// FIDE's virtual opponent: SPR + (1 - SfPR) + 0.5 (n - R).
				opp = before + (1 - e.Points) + 0.5*float64(n-(r+1))
			}
			s.Buchholz += opp
			s.SonnebornBerger += opp * e.Points
			if r == 0 || opp < lowest {
				lowest = opp
			}
			before += e.Points
		}
		if n > 0 {
			s.BuchholzCut1 = s.Buchholz - lowest
		}
	}
}

// rank sorts the standings best first (points, the format's tie-breaks,
// then rating and id) and numbers them, equal keys sharing a rank.
func rank(format Format, out []Standing) {
	// The tie-break keys, best first, computed once per player.
	keyed := make([]keyedStanding, len(out))
	for i, s := range out {
		keyed[i].s = s
		if format == Swiss {
			keyed[i].keys = [5]float64{s.Points, s.BuchholzCut1, s.Buchholz, s.SonnebornBerger, float64(s.Wins)}
		} else {
			keyed[i].keys = [5]float64{s.Points, s.SonnebornBerger, float64(s.Wins)}
		}
	}
	slices.SortStableFunc(keyed, func(a, b keyedStanding) int {
		if c := slices.Compare(b.keys[:], a.keys[:]); c != 0 {
			return c
		}
		if c := cmp.Compare(b.s.Player.Rating, a.s.Player.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.s.Player.ID, b.s.Player.ID)
	})
	for i := range keyed {
		out[i] = keyed[i].s
		if i > 0 && keyed[i].keys == keyed[i-1].keys {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
}

// keyedStanding is a standing with its tie-break keys, best first (unused
// keys are 0).
type keyedStanding struct {
	s    Standing
	keys [5]float64
}
