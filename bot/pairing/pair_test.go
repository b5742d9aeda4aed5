package pairing

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// fake is a Turn without the referee: players and games in maps, the
// store in memory (Extra writes at once), what is told kept per key.
type fake struct {
	now        time.Time
	sender     *record.Player
	from       record.Identity
	unverified bool
	players    map[string]*record.Player
	games      map[string]*record.Game
	store      *memstore.Store
	told       map[string][]string
	locked     map[string]bool
}

var t0 = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

func newFake() *fake {
	return &fake{now: t0, players: map[string]*record.Player{}, games: map[string]*record.Game{}, store: memstore.New(),
		told: map[string][]string{}, locked: map[string]bool{}}
}

// as makes key the sender, as pairing.Resolve makes it.
func (f *fake) as(t *testing.T, key string) *fake {
	t.Helper()
	own, _ := f.Player(key)
	f.from = own.Identity
	p, err := Resolve(f, own)
	if err != nil {
		t.Fatal(err)
	}
	f.sender = p
	return f
}

func (f *fake) run(text string) error {
	p, err := command.ParseMessage(text)
	if err != nil || len(p.Commands) != 1 {
		return fmt.Errorf("%q: %v", text, err)
	}
	return Pair(f, &p.Commands[0])
}

func (f *fake) Now() time.Time         { return f.now }
func (f *fake) Sender() *record.Player { return f.sender }
func (f *fake) From() record.Identity  { return f.from }
func (f *fake) Player(key string) (*record.Player, error) {
	if p, ok := f.players[key]; ok {
		return p, nil
	}
	id, _ := record.ParseIdentity(key)
	p := &record.Player{Key: key, Identity: id, Name: id.Address, Created: f.now}
	f.players[key] = p
	return p, nil
}
func (f *fake) MarkPlayer(*record.Player) {}
func (f *fake) Locked(keys ...string) error {
	for _, key := range keys {
		f.locked[key] = true
	}
	return nil
}
func (f *fake) GamesOf(key string) ([]string, error) {
	var ids []string
	for id, g := range f.games {
		if _, ok := g.ColorOf(key); ok {
			ids = append(ids, id)
		}
	}
	return ids, nil
}
func (f *fake) Game(id string) (*record.Game, error) {
	if g, ok := f.games[id]; ok {
		return g, nil
	}
	return nil, record.ErrNotFound
}
func (f *fake) MarkGame(*record.Game)               {}
func (f *fake) View(fn func(record.Tx) error) error { return f.store.View(context.Background(), fn) }
func (f *fake) Extra(fn func(record.Tx) error) {
	if err := f.store.Update(context.Background(), fn); err != nil {
		panic(err)
	}
}
func (f *fake) Refused(o words.Outcome) error { return errors.New(o.Words(words.Reader{})) }
func (f *fake) Tell(to, _ string, o words.Outcome) {
	f.told[to] = append(f.told[to], o.Words(words.Reader{}))
}
func (f *fake) TellDirect(key string, o words.Outcome) { f.Tell(key, "", o) }
func (f *fake) Transports(string) []community.Transport {
	return []community.Transport{{Name: "console", Title: "console", Running: true}, {Name: "email", Title: "email", Running: true}}
}
func (f *fake) Unverified() bool { return f.unverified }

var _ Turn = (*fake)(nil)

var codeRE = regexp.MustCompile(`pair ([A-Z0-9]{4}-[A-Z0-9]{4})`)

func TestPairJoinsAndUnpairSeparates(t *testing.T) {
	f := newFake()
	f.games["g1"] = &record.Game{ID: "g1", Status: record.Active, Players: [2]string{"email:bob@x.org", "console:carol"}}
	f.games["g2"] = &record.Game{ID: "g2", Status: record.Over, Players: [2]string{"console:alice", "email:bob@x.org"}}
	if err := f.as(t, "console:alice").run("pair"); err != nil {
		t.Fatal(err)
	}
	told := strings.Join(f.told["console:alice"], "\n")
	m := codeRE.FindStringSubmatch(told)
	if m == nil || !strings.Contains(told, "this takbot runs console and email") {
		t.Fatalf("no code told:\n%s", told)
	}
	if err := f.as(t, "email:bob@x.org").run("pair " + m[1]); err != nil {
		t.Fatal(err)
	}
	alice, bob := f.players["console:alice"], f.players["email:bob@x.org"]
	if bob.Alias != alice.Key || alice.Paired != bob.Key || !f.locked[alice.Key] {
		t.Fatalf("after pairing: alice %+v, bob %+v", alice, bob)
	}
	if f.games["g1"].Players[0] != alice.Key || f.games["g2"].Players[1] != bob.Key || len(bob.Moved) != 1 {
		t.Errorf("games moved: g1 %v, g2 %v (a finished game between the two stays), moved %v", f.games["g1"].Players, f.games["g2"].Players, bob.Moved)
	}
	mustHave(t, f.told["console:alice"], "Your console account alice is now paired with your email account bob@x.org")
	if err := f.as(t, "email:bob@x.org").run("pair " + m[1]); err == nil || !strings.Contains(err.Error(), "works once") {
		t.Errorf("the code twice: %v", err)
	}

	// A message from the alias is the primary's, and notes where from.
	f.as(t, "email:bob@x.org")
	if f.sender != alice || alice.Via != bob.Key {
		t.Errorf("resolved %s, via %q", f.sender.Key, alice.Via)
	}
	if err := f.run("unpair"); err != nil {
		t.Fatal(err)
	}
	if bob.Alias != "" || alice.Paired != "" || f.games["g1"].Players[0] != bob.Key {
		t.Errorf("after unpair: alice %+v, bob %+v, g1 %v", alice, bob, f.games["g1"].Players)
	}
	mustHave(t, f.told["console:alice"], "(\"unpair\" was sent from your email account bob@x.org.)")
}

func TestPairRefusals(t *testing.T) {
	f := newFake()
	for _, c := range []struct{ text, says string }{
		{"pair KX7M-2QPA", "does not work"},
		{"pair nonsense!", "is not a pairing code"},
		{"pair a b", "one word"},
		{"unpair", "not paired"},
	} {
		if err := f.as(t, "console:alice").run(c.text); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v, want %q", c.text, err, c.says)
		}
	}
	if err := f.as(t, "console:alice").run("pair"); err != nil {
		t.Fatal(err)
	}
	code := codeRE.FindStringSubmatch(strings.Join(f.told["console:alice"], "\n"))[1]
	if err := f.run("pair " + code); err == nil || !strings.Contains(err.Error(), "from your other account") {
		t.Errorf("the code from its own account: %v", err)
	}
	f.now = f.now.Add(community.CodeTTL + time.Second)
	if err := f.as(t, "email:bob@x.org").run("pair " + code); err == nil || !strings.Contains(err.Error(), "does not work") {
		t.Errorf("an expired code: %v", err)
	}
}

func TestResolveTrustsOnlyAVerifiedMessageForVia(t *testing.T) {
	f := newFake()
	alice, _ := f.Player("console:alice")
	bob, _ := f.Player("email:bob@x.org")
	alice.Paired, bob.Alias = bob.Key, alice.Key
	f.unverified = true
	if p, err := Resolve(f, bob); err != nil || p != alice || alice.Via != "" {
		t.Errorf("unverified: %v %v via %q", p, err, alice.Via)
	}
	alice.Paired = "" // a half-written pair: the identity stands alone
	if p, _ := Resolve(f, bob); p != bob {
		t.Errorf("half-written pair resolved to %s", p.Key)
	}
}

func mustHave(t *testing.T, lines []string, want string) {
	t.Helper()
	if !strings.Contains(strings.Join(lines, "\n"), want) {
		t.Errorf("want %q in:\n%s", want, strings.Join(lines, "\n"))
	}
}
