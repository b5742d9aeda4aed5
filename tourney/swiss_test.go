package tourney

import (
	"errors"
	"fmt"
	"testing"
)

// field returns n players p01.. rated from 2000 down by 10, so the id
// order is the rating order.
func field(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: PlayerID(fmt.Sprintf("p%02d", i+1)), Rating: float64(2000 - 10*i)}
	}
	return ps
}

// rd builds a round from "white-black:result" boards ("p05:bye" for a
// bye); results are 1 (1-0), 0 (0-1), = (draw), + (+/-), - (-/+), x (-/-)
// and . (pending).
func rd(t *testing.T, number int, boards ...string) Round {
	t.Helper()
	r := Round{Number: number, Cycle: 1}
	for _, b := range boards {
		var w, bl, res string
		if n, _ := fmt.Sscanf(b, "%3s:bye", &w); n == 1 && len(b) == 7 && b[4:] == "bye" {
			r.Pairings = append(r.Pairings, Pairing{White: PlayerID(w)})
			continue
		}
		if len(b) != 9 || b[3] != '-' || b[7] != ':' {
			t.Fatalf("bad board %q", b)
		}
		w, bl, res = b[:3], b[4:7], b[8:]
		codes := map[string]Result{"1": WhiteWins, "0": BlackWins, "=": Draw, "+": WhiteWinsByForfeit, "-": BlackWinsByForfeit, "x": DoubleForfeit, ".": Pending}
		result, ok := codes[res]
		if !ok {
			t.Fatalf("bad result in %q", b)
		}
		r.Pairings = append(r.Pairings, Pairing{White: PlayerID(w), Black: PlayerID(bl), Result: result})
	}
	return r
}

func TestPairSwiss(t *testing.T) {
	cases := []struct {
		name    string
		players []Player
		played  func(t *testing.T) []Round
		want    string
		notes   SwissNotes
	}{
		{
			name:    "round 1: top-down, boards alternate colours",
			players: field(6),
			want:    "p01-p02 p04-p03 p05-p06",
		},
		{
			name:    "round 1, odd: the lowest rated has the bye",
			players: field(5),
			want:    "p01-p02 p04-p03 p05:bye",
		},
		{
			name:    "the bye goes to the lowest of the lowest score group who has not had one",
			players: field(5),
			played: func(t *testing.T) []Round {
				return []Round{rd(t, 1, "p01-p02:1", "p04-p03:0", "p05:bye")}
			},
			// Scores: p01 1, p03 1, p05 1 (bye), p02 0, p04 0. The bye
			// goes to p04, the lowest of the zeros. p03 had Black, p01
			// White: p03 has White; p05 has no colour yet, p02 had Black.
			want: "p03-p01 p02-p05 p04:bye",
		},
		{
			name: "a withdrawn player is not paired",
			players: func() []Player {
				ps := field(6)
				ps[1].WithdrawnFrom = 2
				return ps
			}(),
			played: func(t *testing.T) []Round {
				return []Round{rd(t, 1, "p01-p02:0", "p04-p03:=", "p05-p06:=")}
			},
			// p02 (withdrawn) is out; p01 with 0 points is the lowest
			// and has the bye. p03 has met p04, so takes p05.
			want: "p03-p05 p06-p04 p01:bye",
		},
		{
			name:    "colours: two Whites in a row means Black next",
			players: field(4),
			played: func(t *testing.T) []Round {
				return []Round{
					rd(t, 1, "p01-p02:=", "p03-p04:="),
					rd(t, 2, "p01-p03:=", "p02-p04:="),
				}
			},
			want: "p04-p01 p03-p02",
		},
		{
			name:    "no rematch is possible: the fallback pairs again and says so",
			players: field(4),
			played: func(t *testing.T) []Round {
				return []Round{
					rd(t, 1, "p01-p04:=", "p02-p03:="),
					rd(t, 2, "p04-p03:=", "p01-p02:="),
					rd(t, 3, "p02-p04:=", "p03-p01:="),
				}
			},
			// p01 must have White (two Blacks), p02 Black (three Whites);
			// p03 and p04 both want White, and alternate from round 3.
			want:  "p01-p02 p04-p03",
			notes: Rematch,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var played []Round
			if c.played != nil {
				played = c.played(t)
			}
			r, notes, err := PairSwiss(c.players, played)
			if err != nil {
				t.Fatal(err)
			}
			if got := swissString(r); got != c.want {
				t.Errorf("pairing %s, want %s", got, c.want)
			}
			if notes != c.notes {
				t.Errorf("notes %v, want %v", notes, c.notes)
			}
			if r.Number != len(played)+1 {
				t.Errorf("round number %d", r.Number)
			}
		})
	}
}

func swissString(r Round) string {
	s := ""
	for _, p := range r.Pairings {
		if s != "" {
			s += " "
		}
		if p.IsBye() {
			s += string(p.White) + ":bye"
		} else {
			s += string(p.White) + "-" + string(p.Black)
		}
	}
	return s
}

// A pairing the greedy top-down choice would miss: p01-p02 then p03-p04
// leaves p05 and p06, who have met, so the search goes back and pairs
// p03 with p05.
func TestPairSwissBacktracks(t *testing.T) {
	ps := field(6)
	played := []Round{
		rd(t, 1, "p01-p03:=", "p02-p04:=", "p05-p06:="),
		rd(t, 2, "p04-p01:=", "p05-p02:=", "p03-p06:="),
	}
	r, notes, err := PairSwiss(ps, played)
	if err != nil {
		t.Fatal(err)
	}
	if notes != 0 {
		t.Errorf("notes %v", notes)
	}
	// p01 and p02 both want White mildly and never differed: the higher
	// ranked has it. p05 had two Whites and p06 two Blacks.
	if got, want := swissString(r), "p01-p02 p03-p05 p06-p04"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
	assertNoRematch(t, played, r)
	assertEveryoneOnce(t, ps, r)
}

func assertNoRematch(t *testing.T, played []Round, r Round) {
	t.Helper()
	met := map[[2]PlayerID]bool{}
	key := func(a, b PlayerID) [2]PlayerID {
		if a > b {
			a, b = b, a
		}
		return [2]PlayerID{a, b}
	}
	for _, q := range played {
		for _, p := range q.Pairings {
			if !p.IsBye() {
				met[key(p.White, p.Black)] = true
			}
		}
	}
	for _, p := range r.Pairings {
		if !p.IsBye() && met[key(p.White, p.Black)] {
			t.Errorf("round %d: %s and %s meet again", r.Number, p.White, p.Black)
		}
	}
}

func assertEveryoneOnce(t *testing.T, players []Player, r Round) {
	t.Helper()
	seen := map[PlayerID]int{}
	byes := 0
	for _, p := range r.Pairings {
		seen[p.White]++
		if p.IsBye() {
			byes++
		} else {
			seen[p.Black]++
		}
	}
	active := 0
	for _, p := range players {
		if p.Active(r.Number) {
			active++
			if seen[p.ID] != 1 {
				t.Errorf("round %d: %s paired %d times", r.Number, p.ID, seen[p.ID])
			}
		} else if seen[p.ID] != 0 {
			t.Errorf("round %d: withdrawn %s paired", r.Number, p.ID)
		}
	}
	if byes != active%2 {
		t.Errorf("round %d: %d byes for %d players", r.Number, byes, active)
	}
}

func TestPairSwissErrors(t *testing.T) {
	ps := field(4)
	cases := []struct {
		name    string
		players []Player
		played  []Round
		want    error
	}{
		{"pending game", ps, []Round{rd(t, 1, "p01-p02:.", "p03-p04:1")}, ErrUnfinished},
		{"unknown player", ps, []Round{rd(t, 1, "p01-p09:1", "p03-p04:1")}, ErrUnknownPlayer},
		{"twice in a round", ps, []Round{rd(t, 1, "p01-p02:1", "p01-p04:1")}, ErrRound},
		{"misnumbered round", ps, []Round{rd(t, 2, "p01-p02:1", "p03-p04:1")}, ErrRound},
		{"repeated id", []Player{{ID: "a"}, {ID: "a"}}, nil, ErrPlayerID},
		{"empty id", []Player{{ID: "a"}, {ID: ""}}, nil, ErrPlayerID},
		{"one player", []Player{{ID: "a"}}, nil, ErrTooFewPlayers},
		{"all but one withdrawn", []Player{{ID: "a"}, {ID: "b", WithdrawnFrom: 1}}, nil, ErrTooFewPlayers},
	}
	for _, c := range cases {
		if _, _, err := PairSwiss(c.players, c.played); !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
	}
}

// A pending game of a player who has withdrawn counts as a forfeit, so the
// next round can be paired.
func TestPairSwissWithdrawnPendingIsForfeit(t *testing.T) {
	ps := field(4)
	ps[1].WithdrawnFrom = 1
	played := []Round{rd(t, 1, "p01-p02:.", "p03-p04:1")}
	r, _, err := PairSwiss(ps, played)
	if err != nil {
		t.Fatal(err)
	}
	// p01 (forfeit win, 1) and p03 (1) top; p04 0; p02 out: p04 has the
	// bye. The forfeit gave p01 no colour; p03 had White.
	if got, want := swissString(r), "p01-p03 p04:bye"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}

func TestSwissNotesString(t *testing.T) {
	for n, want := range map[SwissNotes]string{0: "none", Rematch: "rematch", ColoursRelaxed | RepeatedBye: "colours relaxed, repeated bye"} {
		if got := n.String(); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}
