package news

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

var t0 = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

// fake is a message being evaluated over a memory store: what it
// writes at commit is written at once.
type fake struct {
	now       time.Time
	sender    *record.Player
	players   map[string]*record.Player
	strangers map[string]bool
	store     *memstore.Store
	told      map[string][]string
	refused   words.Outcome
}

func newFake() *fake {
	return &fake{now: t0, players: map[string]*record.Player{}, strangers: map[string]bool{}, store: memstore.New(), told: map[string][]string{}}
}

func (f *fake) Now() time.Time                      { return f.now }
func (f *fake) Sender() *record.Player              { return f.sender }
func (f *fake) MarkPlayer(p *record.Player)         { f.players[p.Key] = p }
func (f *fake) View(fn func(record.Tx) error) error { return f.store.View(context.Background(), fn) }
func (f *fake) AtCommit(fn func(record.Tx) error) {
	if err := f.store.Update(context.Background(), fn); err != nil {
		panic(err)
	}
}
func (f *fake) Tell(to, _ string, o words.Outcome) {
	f.told[to] = append(f.told[to], o.Words(words.Reader{}))
}
func (f *fake) Refused(o words.Outcome) error {
	f.refused = o
	return errors.New(o.Words(words.Reader{}))
}
func (f *fake) Player(key string) (*record.Player, error) {
	if p, ok := f.players[key]; ok {
		return p, nil
	}
	return &record.Player{Key: key}, nil
}
func (f *fake) Stranger(p *record.Player) (bool, error) { return f.strangers[p.Key], nil }
func (f *fake) News(to string, o words.Outcome, _ ...record.Action) {
	f.Tell(to, "", o)
}
func (f *fake) PeekGame(id string) (*record.Game, error) { return nil, record.ErrNotFound }

// subscribe has player key send "set news ARGS".
func (f *fake) subscribe(t *testing.T, key string, digest bool, args ...string) {
	t.Helper()
	p := &record.Player{Key: key, Name: key}
	if old, ok := f.players[key]; ok {
		p = old
	}
	if digest {
		p.Digest = &record.Digest{At: "08:00"}
	}
	f.sender = p
	if err := Set(f, args, ""); err != nil {
		t.Fatalf("%s: set news %v: %v", key, args, err)
	}
}

// TestSetNews: the words of "set news" and what they leave in the record.
func TestSetNews(t *testing.T) {
	for _, c := range []struct {
		args    []string
		digest  bool
		want    *record.News
		refused words.NewsProblem
	}{
		{[]string{"seeks"}, false, &record.News{Seeks: true}, 0},
		{[]string{"on"}, false, &record.News{Seeks: true, Events: true}, 0},
		{[]string{"Events."}, false, &record.News{Events: true}, 0},
		{[]string{"seeks", "daily"}, true, &record.News{Seeks: true, Daily: true}, 0},
		{[]string{"seeks", "daily"}, false, nil, words.NewsNoDigest},
		{[]string{"daily"}, true, nil, words.NewsNothing},
		{[]string{"loud"}, false, nil, words.NewsWhat},
		{[]string{"seeks", "bob@example.org"}, false, nil, words.NewsWhat},
		{[]string{"off"}, false, nil, 0},
	} {
		f := newFake()
		p := &record.Player{Key: "email:ann@example.org"}
		if c.digest {
			p.Digest = &record.Digest{At: "08:00"}
		}
		f.sender = p
		err := Set(f, c.args, "")
		if c.refused != 0 {
			if r, ok := f.refused.(words.NewsRefused); err == nil || !ok || r.Kind != c.refused {
				t.Errorf("%v: refusal %v (%v), want kind %d", c.args, f.refused, err, c.refused)
			}
			continue
		}
		if err != nil || (p.News == nil) != (c.want == nil) || p.News != nil && *p.News != *c.want {
			t.Errorf("%v: news %+v (%v), want %+v", c.args, p.News, err, c.want)
		}
	}
}

// TestAnnounceEvent: an event is told to the subscribers to events who
// wrote to the bot, at once or held for a daily subscriber's digest; a
// private event to nobody; every notice says how to stop it.
func TestAnnounceEvent(t *testing.T) {
	f := newFake()
	f.subscribe(t, "email:ann@example.org", false, "events")
	f.subscribe(t, "email:bob@example.org", false, "seeks")
	f.subscribe(t, "email:cat@example.org", true, "on", "daily")
	f.subscribe(t, "email:eve@example.org", false, "on")
	f.strangers["email:eve@example.org"] = true // the bot has no sign she wrote (her consent was lost)
	f.told = map[string][]string{}
	e := words.EventNotice{Name: "winter", Organiser: "dan", Summary: "round-robin, 6x6, komi 2, 3 days per move", Start: t0.Add(72 * time.Hour)}
	if err := AnnounceEvent(f, e, true); err != nil || len(f.told) != 0 {
		t.Fatalf("a private event was announced: %v %v", f.told, err)
	}
	if err := AnnounceEvent(f, e, false); err != nil {
		t.Fatal(err)
	}
	if len(f.told) != 1 || len(f.told["email:ann@example.org"]) != 1 {
		t.Fatalf("told %v, want ann only", f.told)
	}
	got := f.told["email:ann@example.org"][0]
	for _, want := range []string{"New event winter by dan: round-robin, 6x6", "join with \"join winter\"", "\"set news off\" stops it"} {
		if !strings.Contains(got, want) {
			t.Errorf("the notice lacks %q:\n%s", want, got)
		}
	}
	held, err := Held(f, f.players["email:cat@example.org"])
	if err != nil || len(held.Events) != 1 || !strings.HasPrefix(held.Events[0], "winter by dan") {
		t.Fatalf("cat's digest: %+v, %v", held, err)
	}
	if again, _ := Held(f, f.players["email:cat@example.org"]); len(again.Events) != 0 {
		t.Errorf("the held news was told twice: %+v", again)
	}
	// "set news off" leaves nothing of cat's in the state
	if err := AnnounceEvent(f, words.EventNotice{Name: "spring", Organiser: "dan"}, false); err != nil {
		t.Fatal(err)
	}
	f.subscribe(t, "email:cat@example.org", true, "off")
	_ = f.View(func(tx record.Tx) error {
		return tx.ScanState(Space, "", func(k string, _ []byte) error {
			if strings.Contains(k, "cat@") {
				t.Errorf("%s left after set news off", k)
			}
			return nil
		})
	})
}

// TestCountSent: the day's count runs by the UTC day and starts again
// the next day.
func TestCountSent(t *testing.T) {
	f := newFake()
	for range 3 {
		f.AtCommit(countSent("k", "2026-11-28"))
	}
	subsCount := func(d string) int {
		var n int
		_ = f.View(func(tx record.Tx) error {
			v, err := tx.State(Space, sentPrefix+"k")
			n = sentOn(v, d)
			return err
		})
		return n
	}
	if n := subsCount("2026-11-28"); n != 3 {
		t.Errorf("count %d, want 3", n)
	}
	if n := subsCount("2026-11-29"); n != 0 {
		t.Errorf("the next day's count %d, want 0", n)
	}
	f.AtCommit(countSent("k", "2026-11-29"))
	if n := subsCount("2026-11-29"); n != 1 {
		t.Errorf("the next day's count after one %d, want 1", n)
	}
}
