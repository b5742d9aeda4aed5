package tourney

import "fmt"

// Board is one pairing of a Berger table by pairing numbers (1-based):
// White plays Black. In a table built for an odd number of players, the
// number n+1 is the dummy: its partner has the round's bye.
type Board struct {
	White, Black int
}

// BergerTable returns FIDE's Berger tables (Handbook C.05, Annex 1) for n
// players: n-1 rounds of n/2 boards for even n. For odd n it returns the
// table of n+1, where n+1 is the dummy; the player paired with it has a
// bye in that round.
//
// The construction is FIDE's: round 1 pairs 1 with n, 2 with n-1, and so
// on, the lower number White. Each following round keeps the boards and
// their colours and moves every number but n on by n/2 (counting 1 to n-1
// round and round); n keeps its board and changes colour every round,
// Black in odd rounds and White in even ones. Every player then has
// either n/2 Whites and n/2-1 Blacks or the reverse.
func BergerTable(n int) ([][]Board, error) {
	if n < 2 {
		return nil, fmt.Errorf("%w: %d", ErrTooFewPlayers, n)
	}
	if n%2 == 1 {
		n++
	}
	m := n - 1 // the numbers that rotate
	half := n / 2
	// pos[k] is the number on the k-th seat; seats 0..half-1 are the
	// boards' left sides, seat n-1-k faces seat k. Seat 0 faces n.
	first := make([]int, n)
	for k := range first {
		first[k] = k + 1
	}
	table := make([][]Board, m)
	for r := range m {
		shift := r * half % m
		boards := make([]Board, half)
		for k := range half {
			a := rotate(first[k], shift, m)
			b := first[n-1-k]
			if b != n {
				b = rotate(b, shift, m)
			}
			boards[k] = Board{a, b}
		}
		if r%2 == 1 { // even rounds (1-based): n has White
			boards[0] = Board{boards[0].Black, boards[0].White}
		}
		table[r] = boards
	}
	return table, nil
}

// rotate moves number x (1..m) on by shift, counting 1..m round.
func rotate(x, shift, m int) int {
	return (x-1+shift)%m + 1
}

// RoundRobinSchedule returns every round of a round-robin between the
// players, in their order (the first is pairing number 1): FIDE's Berger
// tables (see BergerTable), with a bye for the partner of the dummy when
// the number of players is odd. With double set, a second cycle follows
// the first with colours reversed (its rounds have Cycle 2); as FIDE
// recommends for double round-robins, the first cycle plays the table's
// last two rounds in reverse order, so that no player has the same colour
// three times running across the two cycles. Byes score the format's
// ByePoints in standings.
func RoundRobinSchedule(players []PlayerID, double bool) ([]Round, error) {
	seen := make(map[PlayerID]bool, len(players))
	for i, id := range players {
		if id == "" {
			return nil, fmt.Errorf("%w: player %d has an empty id", ErrPlayerID, i+1)
		}
		if seen[id] {
			return nil, fmt.Errorf("%w: %q twice", ErrPlayerID, id)
		}
		seen[id] = true
	}
	table, err := BergerTable(len(players))
	if err != nil {
		return nil, err
	}
	n := len(players)
	cycles := 1
	if double {
		cycles = 2
	}
	rounds := make([]Round, 0, cycles*len(table))
	for c := 1; c <= cycles; c++ {
		order := table
		if double && c == 1 && len(table) >= 2 {
			order = append(append([][]Board(nil), table[:len(table)-2]...), table[len(table)-1], table[len(table)-2])
		}
		for _, boards := range order {
			ps := make([]Pairing, 0, len(boards))
			for _, b := range boards {
				w, bl := b.White, b.Black
				if c == 2 {
					w, bl = bl, w
				}
				switch {
				case w > n:
					ps = append(ps, Pairing{White: players[bl-1]})
				case bl > n:
					ps = append(ps, Pairing{White: players[w-1]})
				default:
					ps = append(ps, Pairing{White: players[w-1], Black: players[bl-1]})
				}
			}
			rounds = append(rounds, Round{Number: len(rounds) + 1, Cycle: c, Pairings: ps})
		}
	}
	return rounds, nil
}
