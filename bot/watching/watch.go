package watching

import (
	"slices"
	"strings"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// MaxWatchers bounds the spectators of one game.
const MaxWatchers = 50

// Turn is what "watch" and "unwatch" need of the message being
// evaluated; package bot's session implements it.
type Turn interface {
	// Sender is the sender's player record.
	Sender() *record.Player
	// PeekGame reads a game without its lock; LoadGame loads it under
	// its lock to change it, and MarkGame has it written at commit.
	PeekGame(id string) (*record.Game, error)
	LoadGame(id string) (*record.Game, error)
	MarkGame(g *record.Game)
	// Refusal refuses the sender's command about game g (nil: none).
	Refusal(g *record.Game, o words.Refusal) error
	// The rest is what Status needs.
	Spectators
}

// gameOf reads the game id of "watch ID" / "unwatch [ID]"; unwatch
// without one means the game of the thread the message came in (thread).
func gameOf(t Turn, c *command.Command, verb, thread string) (string, error) {
	switch {
	case len(c.Args) == 0 && thread != "":
		return thread, nil
	case len(c.Args) == 0:
		return "", t.Refusal(nil, words.Refusal{Reason: words.WatchWhich, Arg: verb})
	case len(c.Args) > 1:
		return "", t.Refusal(nil, words.Refusal{Reason: words.WatchArgs, Arg: verb})
	}
	id := strings.ToLower(strings.TrimRight(c.Args[0], ".,!?:"))
	if !strings.HasPrefix(id, "g") {
		id = "g" + id
	}
	return id, nil
}

// PublicGame is a game as words name it to a spectator: the players'
// public names (publicName: never an address).
func PublicGame(g *record.Game, publicName func(string) string) words.Game {
	return words.Game{ID: g.ID, Names: [2]string{publicName(g.Names[0]), publicName(g.Names[1])}}
}

// Viewer is whose eyes a game is seen with (package bot's Viewer).
type Viewer interface {
	// SeesGame reports whether the viewer may know of game g at all.
	SeesGame(g *record.Game) bool
}

// Watch is "watch ID": the sender follows a public game of others; v is
// the sender's eyes, publicName the name a spectator reads of a player.
func Watch(t Turn, c *command.Command, v Viewer, publicName func(string) string) error {
	id, err := gameOf(t, c, "watch", "")
	if err != nil {
		return err
	}
	me := t.Sender().Key
	g, err := t.PeekGame(id)
	if err != nil || !v.SeesGame(g) {
		// A private game is answered like a missing one: its existence is
		// nobody else's business (bot/visibility.go).
		return t.Refusal(nil, words.Refusal{Reason: words.NoPublicGame, Arg: command.Excerpt(id, 12)})
	}
	if _, ok := g.ColorOf(me); ok {
		return t.Refusal(nil, words.Refusal{Reason: words.WatchOwnGame, Arg: id})
	}
	switch g.Status {
	case record.Active, record.Challenged:
	case record.Over:
		return t.Refusal(nil, words.Refusal{Reason: words.WatchOver, Arg: id, Result: words.Result{Text: g.Result.Text}})
	default:
		return t.Refusal(nil, words.Refusal{Reason: words.WatchNoMoves, Arg: id, Status: string(g.Status)})
	}
	if g, err = t.LoadGame(id); err != nil {
		return err
	}
	o := words.Watching{Game: PublicGame(g, publicName), Already: slices.Contains(g.Watchers, me)}
	if !o.Already {
		if len(g.Watchers) >= MaxWatchers {
			return t.Refusal(nil, words.Refusal{Reason: words.TooManyWatchers, Arg: id, Count: MaxWatchers})
		}
		g.Watchers = append(g.Watchers, me)
		t.MarkGame(g)
	}
	t.Tell(me, id, o)
	Status(t, g, me, publicName)
	return nil
}

// Unwatch is "unwatch [ID]"; thread is the game of the thread the message
// came in ("" for none), which it means without an ID.
func Unwatch(t Turn, c *command.Command, thread string) error {
	id, err := gameOf(t, c, "unwatch", thread)
	if err != nil {
		return err
	}
	me := t.Sender().Key
	g, err := t.PeekGame(id)
	if err != nil || !slices.Contains(g.Watchers, me) {
		return t.Refusal(nil, words.Refusal{Reason: words.NotWatching, Arg: command.Excerpt(id, 12)})
	}
	if g, err = t.LoadGame(id); err != nil {
		return err
	}
	g.Watchers = slices.DeleteFunc(g.Watchers, func(k string) bool { return k == me })
	t.MarkGame(g)
	t.Tell(me, id, words.Watching{Game: words.Game{ID: id}, Stopped: true})
	return nil
}
