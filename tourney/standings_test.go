package tourney

import (
	"errors"
	"fmt"
	"testing"
)

type wantStanding struct {
	id             PlayerID
	rank           int
	pts, sb, bh, c float64
	wins, played   int
}

func checkStandings(t *testing.T, got []Standing, want []wantStanding, swiss bool) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		line := fmt.Sprintf("%s rank %d pts %v sb %v wins %d played %d", g.Player.ID, g.Rank, g.Points, g.SonnebornBerger, g.Wins, g.Played)
		wl := fmt.Sprintf("%s rank %d pts %v sb %v wins %d played %d", w.id, w.rank, w.pts, w.sb, w.wins, w.played)
		if swiss {
			line += fmt.Sprintf(" bh %v cut1 %v", g.Buchholz, g.BuchholzCut1)
			wl += fmt.Sprintf(" bh %v cut1 %v", w.bh, w.c)
		}
		if line != wl {
			t.Errorf("line %d: %s\n          want %s", i+1, line, wl)
		}
	}
}

// A Swiss of five over two rounds with a bye and a forfeit, worked by hand
// with FIDE's virtual opponent (SPR + (1 - SfPR) + 0.5 (n - R)) and the
// opponents' unplayed games counted as draws:
//
//	R1: A-B 1-0, C-D draw, E bye.  R2: E-A 0-1, B-C +/-, D bye.
//	Scores: A 2, B 1, C 0.5, D 1.5, E 1.
//	As opponents: A 2, B 0 + 0.5 = 0.5, C 0.5 + 0.5 = 1, D 0.5 + 0.5 = 1, E 0.5 + 0 = 0.5.
//	A: B 0.5, E 0.5: BH 1, cut 0.5, SB 1.
//	B: A 2, R2 virtual 0 + 0 + 0 = 0: BH 2, cut 2, SB 0.
//	C: D 1, R2 virtual 0.5 + 1 + 0 = 1.5: BH 2.5, cut 1.5, SB 0.5.
//	D: C 1, R2 bye virtual 0.5 + 0 + 0 = 0.5: BH 1.5, cut 1, SB 1.
//	E: R1 bye virtual 0 + 0 + 0.5 = 0.5, A 2: BH 2.5, cut 2, SB 0.5.
//
// B and E tie on points and cut-1; E's Buchholz is higher.
func TestStandingsSwissVirtualOpponent(t *testing.T) {
	ps := []Player{{ID: "A", Rating: 5}, {ID: "B", Rating: 4}, {ID: "C", Rating: 3}, {ID: "D", Rating: 2}, {ID: "E", Rating: 1}}
	rounds := []Round{
		{Number: 1, Pairings: []Pairing{{White: "A", Black: "B", Result: WhiteWins}, {White: "C", Black: "D", Result: Draw}, {White: "E"}}},
		{Number: 2, Pairings: []Pairing{{White: "E", Black: "A", Result: BlackWins}, {White: "B", Black: "C", Result: WhiteWinsByForfeit}, {White: "D"}}},
	}
	got, err := Standings(Swiss, ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	checkStandings(t, got, []wantStanding{
		{id: "A", rank: 1, pts: 2, sb: 1, bh: 1, c: 0.5, wins: 2, played: 2},
		{id: "D", rank: 2, pts: 1.5, sb: 1, bh: 1.5, c: 1, wins: 0, played: 1},
		{id: "E", rank: 3, pts: 1, sb: 0.5, bh: 2.5, c: 2, wins: 0, played: 1},
		{id: "B", rank: 4, pts: 1, sb: 0, bh: 2, c: 2, wins: 1, played: 1},
		{id: "C", rank: 5, pts: 0.5, sb: 0.5, bh: 2.5, c: 1.5, wins: 0, played: 1},
	}, true)
	if e := got[3].Rounds[1]; e.Outcome != ForfeitWin || e.Opponent != "C" || e.Color != White || e.Points != 1 {
		t.Errorf("B's round 2: %+v", e)
	}
}

// A round-robin of four where d withdraws after round 1: d's unfinished
// games (round 2 against c, round 3 against b) are lost by forfeit.
//
//	R1: a-d 0-1, b-c 1-0.  R2: d-c (forfeit: c), a-b draw.  R3: b-d (forfeit: b), c-a 1-0.
//	Scores: a 0.5, b 2.5, c 2, d 1.
//	As opponents (unplayed as draws): a 0.5, b 1 + 0.5 + 0.5 = 2, c 0 + 0.5 + 1 = 1.5, d 1 + 0.5 + 0.5 = 2.
//	SB: b: c 1.5 + a 0.25 + R3 virtual (1.5 + 0 + 0) = 3.25.
//	    c: R2 virtual (0 + 0 + 0.5) 0.5 + a 0.5 = 1.   d: a 0.5.   a: b 0.5 × 2 = 1.
func TestStandingsRoundRobinWithdrawal(t *testing.T) {
	ps := []Player{{ID: "a", Rating: 4}, {ID: "b", Rating: 3}, {ID: "c", Rating: 2}, {ID: "d", Rating: 1, WithdrawnFrom: 2}}
	rounds, err := RoundRobinSchedule([]PlayerID{"a", "b", "c", "d"}, false)
	if err != nil {
		t.Fatal(err)
	}
	// Berger: R1 a-d b-c, R2 d-c a-b, R3 b-d c-a.
	set := map[string]Result{"a-d": BlackWins, "b-c": WhiteWins, "a-b": Draw, "c-a": WhiteWins}
	for k := range rounds {
		for j, p := range rounds[k].Pairings {
			rounds[k].Pairings[j].Result = set[string(p.White)+"-"+string(p.Black)]
		}
	}
	got, err := Standings(RoundRobin, ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	checkStandings(t, got, []wantStanding{
		{id: "b", rank: 1, pts: 2.5, sb: 3.25, wins: 2, played: 2},
		{id: "c", rank: 2, pts: 2, sb: 1, wins: 2, played: 2},
		{id: "d", rank: 3, pts: 1, sb: 0.5, wins: 1, played: 1},
		{id: "a", rank: 4, pts: 0.5, sb: 1, wins: 0, played: 3},
	}, false)
	if e := got[2].Rounds[1]; e.Outcome != ForfeitLoss || e.Opponent != "c" {
		t.Errorf("d's round 2: %+v", e)
	}
}

// Equal on points and every tie-break: the rank is shared, the list is
// ordered by rating. Unfinished games count for nothing.
func TestStandingsSharedRankAndPending(t *testing.T) {
	ps := []Player{{ID: "x", Rating: 1}, {ID: "y", Rating: 2}, {ID: "z", Rating: 3}}
	rounds, err := RoundRobinSchedule([]PlayerID{"x", "y", "z"}, false)
	if err != nil {
		t.Fatal(err)
	}
	// R1: x bye, y-z; R2: z bye, x-y... as the table gives; draw the first
	// game only.
	rounds[0].Pairings[1].Result = Draw
	got, err := Standings(RoundRobin, ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, s := range got {
		line += fmt.Sprintf("%s:%d:%v ", s.Player.ID, s.Rank, s.Points)
	}
	if want := "z:1:0.5 y:1:0.5 x:3:0 "; line != want {
		t.Errorf("%s, want %s", line, want)
	}
}

func TestStandingsErrors(t *testing.T) {
	ps := []Player{{ID: "a"}, {ID: "b"}}
	cases := []struct {
		format  Format
		players []Player
		rounds  []Round
		want    error
	}{
		{0, ps, nil, ErrFormat},
		{Swiss, []Player{{ID: "a"}, {ID: "a"}}, nil, ErrPlayerID},
		{Swiss, ps, []Round{{Number: 1, Pairings: []Pairing{{White: "a", Black: "q"}}}}, ErrUnknownPlayer},
		{Swiss, ps, []Round{{Number: 1, Pairings: []Pairing{{White: "a", Black: "b", Result: 99}}}}, ErrRound},
		{Swiss, ps, []Round{{Number: 1, Pairings: []Pairing{{Black: "b"}}}}, ErrRound},
	}
	for i, c := range cases {
		if _, err := Standings(c.format, c.players, c.rounds); !errors.Is(err, c.want) {
			t.Errorf("case %d: %v, want %v", i, err, c.want)
		}
	}
}

func TestEffective(t *testing.T) {
	players := map[PlayerID]Player{"w": {ID: "w", WithdrawnFrom: 3}, "b": {ID: "b", WithdrawnFrom: 4}}
	cases := []struct {
		p     Pairing
		round int
		want  Result
	}{
		{Pairing{White: "w", Black: "b"}, 2, Pending},
		{Pairing{White: "w", Black: "b"}, 3, BlackWinsByForfeit},
		{Pairing{White: "b", Black: "w"}, 3, WhiteWinsByForfeit},
		{Pairing{White: "w", Black: "b"}, 4, DoubleForfeit},
		{Pairing{White: "w", Black: "b", Result: Draw}, 4, Draw},
		{Pairing{White: "w"}, 5, Pending},
		{Pairing{White: "w", Black: "other"}, 1, Pending},
	}
	for _, c := range cases {
		if got := Effective(c.p, c.round, players); got != c.want {
			t.Errorf("%+v in round %d: %v, want %v", c.p, c.round, got, c.want)
		}
	}
}

func TestResultPoints(t *testing.T) {
	cases := []struct {
		r      Result
		w, b   float64
		played bool
		str    string
	}{
		{Pending, 0, 0, false, "pending"},
		{WhiteWins, 1, 0, true, "1-0"},
		{BlackWins, 0, 1, true, "0-1"},
		{Draw, 0.5, 0.5, true, "1/2-1/2"},
		{WhiteWinsByForfeit, 1, 0, false, "+/-"},
		{BlackWinsByForfeit, 0, 1, false, "-/+"},
		{DoubleForfeit, 0, 0, false, "-/-"},
		{Result(42), 0, 0, false, "Result(42)"},
	}
	for _, c := range cases {
		w, b := c.r.Points()
		if w != c.w || b != c.b || c.r.Played() != c.played || c.r.String() != c.str {
			t.Errorf("%v: %v %v %v %q", c.r, w, b, c.r.Played(), c.r.String())
		}
	}
}

func TestFinished(t *testing.T) {
	players := []Player{{ID: "a"}, {ID: "b"}, {ID: "c", WithdrawnFrom: 2}, {ID: "d"}, {ID: "e"}}
	cases := []struct {
		name string
		r    Round
		want bool
	}{
		{"all decided, a bye", Round{Number: 1, Pairings: []Pairing{{White: "a", Black: "b", Result: Draw}, {White: "e"}}}, true},
		{"one pending", Round{Number: 1, Pairings: []Pairing{{White: "a", Black: "b", Result: Draw}, {White: "c", Black: "d"}}}, false},
		{"pending with a withdrawn player", Round{Number: 2, Pairings: []Pairing{{White: "a", Black: "b", Result: Draw}, {White: "c", Black: "d"}}}, true},
		{"no pairings", Round{Number: 3}, true},
	}
	for _, c := range cases {
		if got := Finished(c.r, players); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
