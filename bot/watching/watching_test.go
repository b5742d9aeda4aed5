package watching

import (
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// fake is a session with a few games; it records what it was told.
type fake struct {
	sender *record.Player
	games  map[string]*record.Game
	marked []string
	told   []string // "to game: text"
}

func (f *fake) Sender() *record.Player { return f.sender }
func (f *fake) PeekGame(id string) (*record.Game, error) {
	if g, ok := f.games[id]; ok {
		return g, nil
	}
	return nil, record.ErrNotFound
}
func (f *fake) LoadGame(id string) (*record.Game, error) { return f.PeekGame(id) }
func (f *fake) MarkGame(g *record.Game)                  { f.marked = append(f.marked, g.ID) }
func (f *fake) Refusal(_ *record.Game, o words.Refusal) error {
	return errors.New(o.Words(words.Reader{}))
}
func (f *fake) Tell(to, game string, o words.Outcome) {
	if text := o.Words(words.Reader{}); text != "" {
		f.told = append(f.told, to+" "+game+": "+text)
	}
}
func (f *fake) Offer(to, game string, cs ...words.Choice) {
	for _, c := range cs {
		f.told = append(f.told, to+" "+game+": ["+c.Command+"]")
	}
}
func (f *fake) Announce(g *record.Game, key string, o words.Outcome) { f.Tell(key, g.ID, o) }
func (f *fake) ShowBoard(to, game string)                            { f.told = append(f.told, to+" "+game+": (board)") }
func (f *fake) Position(string) *tak.Position {
	pos, err := tak.NewPosition(tak.DefaultConfig(5))
	if err != nil {
		panic(err)
	}
	return pos
}

// public sees every game that is not private.
type public struct{}

func (public) SeesGame(g *record.Game) bool { return !g.Private }

func name(n string) string { return strings.TrimPrefix(n, "email:") }

func newFake() *fake {
	return &fake{sender: &record.Player{Key: "email:carol"}, games: map[string]*record.Game{
		"g1": {ID: "g1", Status: record.Active, Players: [2]string{"email:ann", "email:bob"}, Names: [2]string{"email:ann", "email:bob"}},
		"g2": {ID: "g2", Status: record.Active, Private: true, Players: [2]string{"email:ann", "email:bob"}},
		"g3": {ID: "g3", Status: record.Over, Result: &record.Result{Text: "white wins by road"}, Players: [2]string{"email:ann", "email:bob"}},
		"g4": {ID: "g4", Status: record.Declined, Players: [2]string{"email:ann", "email:bob"}},
		"g5": {ID: "g5", Status: record.Active, Players: [2]string{"email:carol", "email:bob"}},
	}}
}

func TestWatchRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, `say which game, e.g. "watch g3"`},
		{[]string{"g1", "g3"}, `"watch" takes one game id`},
		{[]string{"g2"}, "there is no public game g2 to watch"},
		{[]string{"9"}, "there is no public game g9 to watch"},
		{[]string{"G3."}, "game g3 is over: white wins by road"},
		{[]string{"g4"}, "game g4 was declined and will have no moves to watch"},
		{[]string{"g5"}, "you play in game g5"},
	} {
		f := newFake()
		err := Watch(f, &command.Command{Name: "watch", Args: c.args}, public{}, name)
		if err == nil || !strings.Contains(err.Error(), c.want) || len(f.marked) != 0 {
			t.Errorf("watch %v: %v (marked %v), want %q", c.args, err, f.marked, c.want)
		}
	}
}

func TestWatchAndUnwatch(t *testing.T) {
	f := newFake()
	if err := Watch(f, &command.Command{Name: "watch", Args: []string{"1"}}, public{}, name); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(f.told, "\n")
	for _, want := range []string{"You are watching game g1, ann vs bob", "(board)", "Turn 1", "[unwatch g1]"} {
		if !strings.Contains(got, want) {
			t.Errorf("watch told %q, want %q", got, want)
		}
	}
	if g := f.games["g1"]; len(g.Watchers) != 1 || g.Watchers[0] != "email:carol" || len(f.marked) != 1 {
		t.Errorf("watchers %v, marked %v", g.Watchers, f.marked)
	}
	f.told = nil
	if err := Watch(f, &command.Command{Name: "watch", Args: []string{"g1"}}, public{}, name); err != nil || !strings.Contains(f.told[0], "You already watch game g1") {
		t.Errorf("watching again: %v %q", err, f.told)
	}
	if err := Unwatch(f, &command.Command{Name: "unwatch"}, "g1"); err != nil || len(f.games["g1"].Watchers) != 0 {
		t.Errorf("unwatch in g1's thread: %v, watchers %v", err, f.games["g1"].Watchers)
	}
	if err := Unwatch(f, &command.Command{Name: "unwatch", Args: []string{"g1"}}, ""); err == nil || !strings.Contains(err.Error(), "you do not watch game g1") {
		t.Errorf("unwatch again: %v", err)
	}
}

func TestTooManyWatchers(t *testing.T) {
	f := newFake()
	for i := range MaxWatchers {
		f.games["g1"].Watchers = append(f.games["g1"].Watchers, "email:w"+string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	err := Watch(f, &command.Command{Name: "watch", Args: []string{"g1"}}, public{}, name)
	if err == nil || !strings.Contains(err.Error(), "has 50 spectators already") {
		t.Errorf("the 51st spectator: %v", err)
	}
}

func TestSubscribers(t *testing.T) {
	var s Subscribers
	var got []string
	cancel, err := s.Subscribe(func(id string) { got = append(got, id) })
	if err != nil {
		t.Fatal(err)
	}
	s.Publish([]*record.Game{{ID: "g1"}, {ID: "g2"}})
	cancel()
	s.Publish([]*record.Game{{ID: "g3"}})
	if strings.Join(got, ",") != "g1,g2" {
		t.Errorf("published %v", got)
	}
	for range maxSubscribers {
		if _, err := s.Subscribe(func(string) {}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Subscribe(func(string) {}); !errors.Is(err, ErrTooManySubscribers) {
		t.Errorf("one subscriber too many: %v", err)
	}
}

func TestPageLink(t *testing.T) {
	g := &record.Game{ID: "g1", Status: record.Active}
	if got := PageLink("https://tak.example/", g, public{}); got != "This game on the web: https://tak.example/g/g1" {
		t.Errorf("link %q", got)
	}
	for _, c := range []*record.Game{{ID: "g2", Status: record.Active, Private: true}, {ID: "g3", Status: record.Challenged}} {
		if got := PageLink("https://tak.example", c, public{}); got != "" {
			t.Errorf("%s: link %q", c.ID, got)
		}
	}
	if got := PageURL("", g, public{}); got != "" {
		t.Errorf("no base: %q", got)
	}
}
