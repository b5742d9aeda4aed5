package event

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/tourney"
	"github.com/takbymail/takbot/words"
)

// fakeTurn is a Turn over maps: one long session whose games end when the
// test says.
type fakeTurn struct {
	now     time.Time
	sender  *record.Player
	players map[string]*record.Player
	events  map[string]*record.Tourney
	games   map[string]*record.Game
	ended   []*record.Game
	told    []string
}

// refused is the error of a refused command.
type refused struct{ msg string }

func (e *refused) Error() string { return e.msg }

func newFake() *fakeTurn {
	return &fakeTurn{now: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC), players: map[string]*record.Player{},
		events: map[string]*record.Tourney{}, games: map[string]*record.Game{}}
}

func (f *fakeTurn) Now() time.Time         { return f.now }
func (f *fakeTurn) Sender() *record.Player { return f.sender }
func (f *fakeTurn) Player(key string) (*record.Player, error) {
	if p, ok := f.players[key]; ok {
		return p, nil
	}
	return &record.Player{Key: key}, nil
}
func (f *fakeTurn) Locked(...string) error { return nil }
func (f *fakeTurn) Tourney(key string) (*record.Tourney, error) {
	if t, ok := f.events[key]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("event %s: %w", key, record.ErrNotFound)
}
func (f *fakeTurn) Tourneys() ([]string, error) {
	var keys []string
	for k := range f.events {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys, nil
}
func (f *fakeTurn) PutTourney(t *record.Tourney) { f.events[t.Key()] = t }
func (f *fakeTurn) Tell(key, _ string, o Outcome) {
	f.told = append(f.told, key+": "+o.Words(words.Reader{}))
}
func (f *fakeTurn) Notify(key, _ string, o Outcome) { f.Tell(key, "", o) }
func (f *fakeTurn) Lobbies(o Outcome)               { f.Tell("lobby", "", o) }
func (f *fakeTurn) PublicName(name string) string   { return name }
func (f *fakeTurn) Refused(o Outcome) error         { return &refused{o.Words(words.Reader{})} }
func (f *fakeTurn) DefaultDays() int                { return 3 }
func (f *fakeTurn) StartEventGame(g *record.Game) (string, error) {
	g.ID = fmt.Sprintf("g%d", len(f.games)+1)
	g.Status = record.Active
	f.games[g.ID] = g
	return g.ID, nil
}
func (f *fakeTurn) ForfeitGame(id, loser string) error {
	g := f.games[id]
	c, _ := g.ColorOf(loser)
	g.Status = record.Over
	g.Result = &record.Result{Winner: c.Opponent()}
	f.ended = append(f.ended, g)
	return nil
}
func (f *fakeTurn) EventGames() []*record.Game         { return f.ended }
func (f *fakeTurn) EventsPerOrganiser() int            { return DefaultMaxRunning }
func (f *fakeTurn) Zone(*record.Player) *time.Location { return time.UTC }
func (f *fakeTurn) AtCommit(func(record.Tx) error)     {}
func (f *fakeTurn) MarkPlayer(*record.Player)          {}
func (f *fakeTurn) View(func(record.Tx) error) error   { return nil } // no subscribers to news
func (f *fakeTurn) Stranger(*record.Player) (bool, error) {
	return false, nil
}
func (f *fakeTurn) News(to string, o words.Outcome, _ ...record.Action) { f.Tell(to, "", o) }
func (f *fakeTurn) PeekGame(id string) (*record.Game, error) {
	if g, ok := f.games[id]; ok {
		return g, nil
	}
	return nil, record.ErrNotFound
}

// run runs a command of who's, as the referee would: the command, then
// Settle.
func (f *fakeTurn) run(who, line string) error {
	f.sender = f.players[who]
	f.ended = nil
	p, err := command.ParseMessage(line)
	if err != nil || len(p.Commands) != 1 {
		return fmt.Errorf("parse %q: %v", line, err)
	}
	c := &p.Commands[0]
	h := map[string]func(Turn, *command.Command) error{"event": Event, "join": Join, "leave": Leave, "events": Events, "standings": Standings}[c.Name]
	if err := h(f, c); err != nil {
		return err
	}
	return Settle(f)
}

// end ends game g with a result, as a move or a clock would, and settles.
func (f *fakeTurn) end(g *record.Game, r int) error {
	f.sender = nil
	g.Status = record.Over
	switch r {
	case 0:
		g.Result = &record.Result{Winner: tak.White}
	case 1:
		g.Result = &record.Result{Winner: tak.Black}
	case 2:
		g.Result = &record.Result{Draw: true}
	default:
		g.Status, g.Result = record.Aborted, nil
	}
	f.ended = []*record.Game{g}
	return Settle(f)
}

// FuzzEvents runs events of 3 to 64 players with random joins, leaves,
// withdrawals and results, and checks the invariants after every step.
func FuzzEvents(f *testing.F) {
	for _, seed := range []struct {
		seed   uint64
		n, fmt uint8
	}{{1, 3, 0}, {2, 4, 1}, {3, 5, 2}, {4, 7, 2}, {5, 8, 0}, {6, 12, 1}, {7, 17, 2}, {8, 33, 2}, {9, 64, 2}, {10, 24, 0}, {11, 6, 2}, {12, 9, 1}} {
		f.Add(seed.seed, seed.n, seed.fmt)
	}
	f.Fuzz(func(t *testing.T, seed uint64, n, format uint8) {
		runFuzzEvent(t, seed, 3+int(n)%62, int(format)%3)
	})
}

func runFuzzEvent(t *testing.T, seed uint64, n, format int) {
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	f := newFake()
	keys := make([]string, n+4)
	for i := range keys {
		keys[i] = fmt.Sprintf("console:p%02d", i)
		f.players[keys[i]] = &record.Player{Key: keys[i], Name: fmt.Sprintf("p%02d", i)}
	}
	org := keys[0]
	opts := []string{"format=roundrobin", "format=roundrobin double=yes", fmt.Sprintf("format=swiss rounds=%d", 1+rng.IntN(max(1, n/2)))}[format]
	if n > 12 && format != 2 {
		opts = "format=swiss rounds=5" // a round-robin of many players is long: the Swiss covers them
	}
	must(t, f.run(org, "event new fz "+opts))
	// Joins, with a few leaves and a refused double join.
	extra := min(2, MaxEntrants-n) // who join, then leave
	for _, k := range keys[:n+extra] {
		must(t, f.run(k, "join fz"))
	}
	for _, k := range keys[n : n+extra] {
		must(t, f.run(k, "leave fz"))
	}
	if err := f.run(keys[1], "join fz"); !isRefused(err) {
		t.Fatalf("a second join: %v", err)
	}
	must(t, f.run(org, "event start fz"))
	tr := f.events["fz"]
	withdrawals := 0
	// Now and then, withdrawals go on until too few are left to pair: a
	// Swiss may then have to pair two players again (tourney's last
	// resort), and ends early when fewer than two are left.
	maxOut, rematches := n/4, false
	if rng.IntN(4) == 0 {
		maxOut, rematches = n, format == 2 || n > 12
	}
	for step := 0; tr.Status == record.TourneyRunning; step++ {
		if step > 100000 {
			t.Fatal("the event never ends")
		}
		checkFuzzInvariants(t, f, tr, rematches)
		var live []*record.Game
		for _, b := range tr.Schedule[tr.Round-1].Boards {
			if g := f.games[b.Game]; g != nil && g.Status == record.Active {
				live = append(live, g)
			}
		}
		if len(live) == 0 {
			t.Fatalf("round %d has no game in progress and is not finished: %+v", tr.Round, tr.Schedule[tr.Round-1])
		}
		if withdrawals < maxOut && rng.IntN(8) == 0 {
			who := tr.Entrants[rng.IntN(len(tr.Entrants))]
			err := f.run(org, "event withdraw fz "+who.Name)
			if who.WithdrawnFrom != 0 && !isRefused(err) || who.WithdrawnFrom == 0 && err != nil {
				t.Fatalf("withdraw %s: %v", who.Name, err)
			}
			withdrawals++
			continue
		}
		if rng.IntN(10) == 0 && reprieve(t, f, tr, rng) {
			continue
		}
		must(t, f.end(live[rng.IntN(len(live))], rng.IntN(7)%4))
	}
	checkFuzzInvariants(t, f, tr, rematches)
	if tr.Status != record.TourneyOver {
		t.Fatalf("the event ended %s", tr.Status)
	}
	must(t, f.run(keys[2], "standings fz"))
}

// reprieve takes back the loss on time (any result played) of an ended
// game of a begun round, as the referee's late-clock reprieve does: in
// the round being played the result goes; in an earlier one it stands,
// marked Kept, and a second look changes nothing. It reports whether it
// found a game to reprieve.
func reprieve(t *testing.T, f *fakeTurn, tr *record.Tourney, rng *rand.Rand) bool {
	t.Helper()
	r := &tr.Schedule[rng.IntN(tr.Round)]
	for i := range r.Boards {
		b := &r.Boards[i]
		g := f.games[b.Game]
		if g == nil || g.Status != record.Over || !results[b.Result].Played() {
			continue
		}
		was, current, history := b.Result, r.Number == tr.Round, len(tr.History)
		g.Status, g.Result = record.Active, nil
		f.sender, f.ended = nil, []*record.Game{g}
		must(t, Settle(f))
		switch {
		case current && (b.Result != "" || tr.Round != r.Number):
			t.Fatalf("round %d: a reprieve in the round played left %+v, round %d", r.Number, *b, tr.Round)
		case !current && (b.Result != was || !b.Kept || tr.History[len(tr.History)-1].What != "result kept"):
			t.Fatalf("round %d: a reprieve after round %d was paired: %+v", r.Number, tr.Round, *b)
		case !current:
			must(t, Settle(f)) // a move of the kept game: nothing more
			if len(tr.History) != history+1 {
				t.Fatalf("a kept result logged again: %+v", tr.History[history:])
			}
		}
		return true
	}
	return false
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func isRefused(err error) bool {
	var r *refused
	return errors.As(err, &r)
}

// checkFuzzInvariants: nobody plays twice in a round; no pair meets twice
// (in a cycle; unless withdrawals left a Swiss no other pairing); every board of a begun round between two players still
// playing then has its own game of those players, and no other board has
// one; a result is on every board whose game ended; the standings' points
// sum to the decided games and the Swiss byes.
func checkFuzzInvariants(t *testing.T, f *fakeTurn, tr *record.Tourney, rematches bool) {
	t.Helper()
	met := map[string]int{}
	gameSeen := map[string]bool{}
	var want float64
	for _, r := range tr.Schedule[:tr.Round] {
		seen := map[string]bool{}
		for _, b := range r.Boards {
			for _, p := range []string{b.White, b.Black} {
				if p != "" && seen[p] {
					t.Fatalf("round %d: %s plays twice", r.Number, p)
				}
				seen[p] = true
			}
			if b.Black == "" {
				if tr.Format == "swiss" {
					want++
				}
				continue
			}
			pair := min(b.White, b.Black) + "|" + max(b.White, b.Black)
			met[pair]++
			if met[pair] > max(r.Cycle, 1) && !rematches {
				t.Fatalf("round %d: %s meet again", r.Number, pair)
			}
			active := func(k string) bool { w := tr.Entrant(k).WithdrawnFrom; return w == 0 || w > r.Number }
			g := f.games[b.Game]
			switch {
			case b.Game != "" && (g == nil || g.Players != [2]string{b.White, b.Black} || g.Event.Round != r.Number || gameSeen[b.Game]):
				t.Fatalf("round %d: board %+v has a wrong game %+v", r.Number, b, g)
			case b.Game == "" && active(b.White) && active(b.Black):
				t.Fatalf("round %d: board %+v between players who play has no game", r.Number, b)
			case g != nil && g.Status != record.Active && b.Result == "":
				t.Fatalf("round %d: board %+v: its game ended without a result", r.Number, b)
			}
			gameSeen[b.Game] = true
			if b.Result != "" && b.Result != "-/-" {
				want++
			}
		}
	}
	st, err := tourney.Standings(formatOf(tr), players(tr), rounds(tr, tr.Round))
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, s := range st {
		sum += s.Points
	}
	// Pending boards of withdrawn players count as forfeits in the
	// standings before their result is written: fillForfeits writes them
	// at once, so there are none.
	if sum != want {
		t.Fatalf("the standings sum to %g points, the results to %g (%s)", sum, want, strings.Join(f.told[max(0, len(f.told)-3):], " | "))
	}
}
