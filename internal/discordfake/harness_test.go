package discordfake

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// testTimeout bounds every wait of a test; waits end on events, not time.
const testTimeout = 10 * time.Second

// world is a fake with one guild, one channel and two members.
type world struct {
	t       *testing.T
	fake    *Server
	ctx     context.Context
	guildID string
	channel string
	alice   User
	bob     User
}

func newWorld(t *testing.T, opts Options) *world {
	t.Helper()
	fake, err := Start(opts)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		if err := fake.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	w := &world{t: t, fake: fake, ctx: ctx}
	w.guildID = fake.AddGuild("Tak Club")
	w.channel, err = fake.AddTextChannel(w.guildID, "games")
	if err != nil {
		t.Fatalf("AddTextChannel: %v", err)
	}
	w.alice = fake.AddUser(User{Username: "alice", GlobalName: "Alice"})
	w.bob = fake.AddUser(User{Username: "bob"})
	for _, u := range []User{w.alice, w.bob} {
		if err := fake.AddMember(w.guildID, u.ID, ""); err != nil {
			t.Fatalf("AddMember: %v", err)
		}
	}
	return w
}

// connect opens an in-process discordgo session on the fake. The session
// does not reconnect by itself unless reconnect is true; it ends with the
// fake.
func (w *world) connect(intents discordgo.Intent, reconnect bool, handlers ...any) *discordgo.Session {
	w.t.Helper()
	return w.connectWith(func(*discordgo.Session) {}, intents, reconnect, handlers...)
}

// connectWith is connect with a chance to configure the session first.
func (w *world) connectWith(configure func(*discordgo.Session), intents discordgo.Intent, reconnect bool, handlers ...any) *discordgo.Session {
	w.t.Helper()
	s, err := discordgo.New("Bot " + w.fake.Token())
	if err != nil {
		w.t.Fatalf("discordgo.New: %v", err)
	}
	configure(s)
	s.Client = &http.Client{Transport: w.fake.Transport()}
	s.Identify.Intents = intents
	s.ShouldReconnectOnError = reconnect
	s.LogLevel = -1
	for _, h := range handlers {
		s.AddHandler(h)
	}
	if err := s.Open(); err != nil {
		w.t.Fatalf("Open: %v", err)
	}
	if reconnect {
		// A reconnecting session must be closed before the fake, or it
		// keeps dialling; discordgo's Close takes a second.
		w.t.Cleanup(func() { _ = s.Close() })
	}
	if _, err := w.fake.WaitReady(w.ctx); err != nil {
		w.t.Fatalf("WaitReady: %v", err)
	}
	return s
}

const allIntentsWithContent = discordgo.IntentsAllWithoutPrivileged | discordgo.IntentMessageContent

// events collects values from discordgo handlers for the test goroutine.
type events[T any] struct{ ch chan T }

func newEvents[T any]() *events[T] { return &events[T]{ch: make(chan T, 256)} }

func (e *events[T]) put(v T) { e.ch <- v }

// next waits for the next value.
func (e *events[T]) next(t *testing.T, ctx context.Context) T {
	t.Helper()
	select {
	case v := <-e.ch:
		return v
	case <-ctx.Done():
		var zero T
		t.Fatalf("no event: %v", ctx.Err())
		return zero
	}
}

// noViolations fails the test for any recorded violation.
func (w *world) noViolations() {
	w.t.Helper()
	w.fake.AssertClean(w.t)
}

// violationKinds lists the kinds recorded so far.
func (w *world) violationKinds() []ViolationKind {
	var out []ViolationKind
	for _, err := range w.fake.Violations() {
		out = append(out, err.(*Violation).Kind)
	}
	return out
}

// hasErrorAt tells whether a Discord error body has _errors at the dotted
// path of its "errors" tree.
func hasErrorAt(t *testing.T, body []byte, path string) bool {
	t.Helper()
	var decoded struct {
		Errors map[string]any `json:"errors"`
	}
	if err := json.Unmarshal(body, &decoded); err != nil {
		t.Fatalf("error body %s: %v", body, err)
	}
	node := decoded.Errors
	for _, key := range strings.Split(path, ".") {
		child, ok := node[key].(map[string]any)
		if !ok {
			return false
		}
		node = child
	}
	_, ok := node["_errors"]
	return ok
}
