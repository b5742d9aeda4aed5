package versus

import (
	"fmt"
	"strings"
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// The engine player.
const (
	// DefaultLevel is the engine's level when "new takbot" names none.
	DefaultLevel = 5
	// MaxLevel is the strongest level.
	MaxLevel = 10
	// MaxEngineGames is how many games against takbot one player may
	// have in progress at once.
	MaxEngineGames = 10
)

// Options are the options of "new" that matter here.
type Options struct {
	Level                 int    // level=, 0 when not given
	Color                 string // color=: "white", "black" or "random"
	RatingLow, RatingHigh int    // rating=, 0 when not given
}

// Turn is what this package needs of the message being evaluated.
type Turn interface {
	Now() time.Time
	Sender() *record.Player
	Player(key string) (*record.Player, error)
	MarkPlayer(p *record.Player)
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	Refuse(format string, args ...any) error
	RandInt(n int) int
	// EnginePlays reports whether the engine's transport runs here.
	EnginePlays() bool
	// NewChallenge reads the options of "new" into a challenge by the
	// sender as White, not yet added.
	NewChallenge(args []string) (*record.Game, Options, error)
	// AddGame gives a new game its id and adds it; StartGame starts it.
	AddGame(g *record.Game) error
	StartGame(id string) error
	// EventLines adds lines to the event to a reader about a game.
	EventLines(to, game string, lines ...string)
}

// Named reports whether the word after "new" names takbot, and refuses
// when the engine is not enabled here.
func Named(t Turn, word string) (bool, error) {
	w := strings.ToLower(strings.TrimSpace(word))
	if w != record.EngineAddress && w != record.EngineIdentity().Key() {
		return false, nil
	}
	if !t.EnginePlays() {
		if w == record.EngineAddress {
			return false, nil // perhaps a player called takbot
		}
		return true, t.Refuse("this takbot does not play games itself: its engine is not enabled here")
	}
	return true, nil
}

// ParseAddress reads the engine's address on its transport: "takbot",
// in any case.
func ParseAddress(s string) (string, bool) {
	if strings.EqualFold(strings.TrimSpace(s), record.EngineAddress) {
		return record.EngineAddress, true
	}
	return "", false
}

// New is "new takbot [options]": the game starts at once.
func New(t Turn, args []string) error {
	g, opts, err := t.NewChallenge(args)
	if err != nil {
		return err
	}
	if opts.RatingHigh > 0 {
		return t.Refuse("rating= is for open challenges, which anyone in the range may accept: write \"new anyone rating=%d-%d\"", opts.RatingLow, opts.RatingHigh)
	}
	level := opts.Level
	if level == 0 {
		level = DefaultLevel
	}
	if n, err := ActiveGames(t); err != nil {
		return err
	} else if n >= MaxEngineGames {
		return t.Refuse("you already play %d games against takbot, the most at once; finish or resign one first (\"games\" lists them)", n)
	}
	mine := tak.White
	switch opts.Color {
	case "black":
		mine = tak.Black
	case "random":
		if t.RandInt(2) == 1 {
			mine = tak.Black
		}
	}
	op, err := t.Player(record.EngineIdentity().Key())
	if err != nil {
		return err
	}
	if op.Created.Equal(t.Now()) {
		t.MarkPlayer(op)
	}
	me := t.Sender()
	g.Challenger, g.Level = mine, level
	g.Players[mine], g.Names[mine] = me.Key, me.Name
	g.Players[mine.Opponent()], g.Names[mine.Opponent()] = op.Key, op.Name
	if err := t.AddGame(g); err != nil {
		return err
	}
	t.EventLines(me.Key, g.ID, fmt.Sprintf("takbot plays you at level %d of %d; the game is unrated.", level, MaxLevel))
	return t.StartGame(g.ID)
}

// ActiveGames counts the sender's games in progress against takbot.
func ActiveGames(t Turn) (int, error) {
	ids, err := t.GamesOf(t.Sender().Key)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		g, err := t.PeekGame(id)
		if err != nil {
			return 0, err
		}
		if g.Status == record.Active && g.AgainstEngine() {
			n++
		}
	}
	return n, nil
}

// RateLimit is the hourly limit of the messages from a sender, perHour
// for everyone but the engine, which answers in every game against it.
func RateLimit(from record.Identity, perHour int) int {
	if from.Transport == record.EngineTransport {
		return 0
	}
	return perHour
}
