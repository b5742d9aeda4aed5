package event

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/news"
	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tourney"
	"github.com/takbymail/takbot/words"
)

// Outcome is a decision package words can word for a reader.
type Outcome = words.Outcome

// Turn is what the package needs of the message (or clock event) being
// evaluated; package bot implements it on its session.
type Turn interface {
	// Fan tells the players who asked for news of events (set news
	// events) of a new public event (news.AnnounceEvent).
	news.Fan
	// Now is when the referee evaluates.
	Now() time.Time
	// Sender is the sender's player record (nil for a clock event).
	Sender() *record.Player
	// Player returns a player's record (a fresh one if unknown).
	Player(key string) (*record.Player, error)
	// Locked makes sure the session holds the locks of keys (an event's:
	// LockKey); when it does not yet, it returns an error to be returned
	// as it is (the referee evaluates the message again, holding them).
	Locked(keys ...string) error
	// Tourney returns the event of key as this session sees it (its own
	// changes included), or an error wrapping record.ErrNotFound.
	Tourney(key string) (*record.Tourney, error)
	// Tourneys returns the keys of every event.
	Tourneys() ([]string, error)
	// PutTourney writes t with the session's other changes.
	PutTourney(t *record.Tourney)
	// Tell answers the sender (or another of the sender's identities),
	// about game ("" for none).
	Tell(to, game string, o Outcome)
	// Notify tells another player, about game ("" for none).
	Notify(key, game string, o Outcome)
	// Lobbies tells the transports' lobbies (a Discord channel) o.
	Lobbies(o Outcome)
	// PublicName is a player's name as others may see it: never an
	// address.
	PublicName(name string) string
	// Refused refuses the command with o's words.
	Refused(o Outcome) error
	// DefaultDays is the days per move of a game whose options say none.
	DefaultDays() int
	// StartEventGame adds g, a challenged game between its players, and
	// starts it as a challenge both accepted; it returns its id.
	StartEventGame(g *record.Game) (string, error)
	// PeekGame reads a game (one the session created included).
	PeekGame(id string) (*record.Game, error)
	// ForfeitGame ends game id, lost by the player loser who no longer
	// plays in its event; the game is not rated.
	ForfeitGame(id, loser string) error
	// EventGames are the games of events this session changed.
	EventGames() []*record.Game
	// Zone is a player's time zone (UTC when they chose none): a start
	// time is read in the organiser's.
	Zone(p *record.Player) *time.Location
	// AtCommit adds a write to the commit's transaction (the start
	// index, Space).
	AtCommit(fn func(record.Tx) error)
	// EventsPerOrganiser is how many events that have not ended one
	// player may run (the configuration's, or DefaultMaxRunning).
	EventsPerOrganiser() int
}

// LockKey is the lock key of the event of key: every change to an event
// is made holding it.
func LockKey(key string) string { return "event\x00" + key }

// ratingOf is a player's rating on board size (as rated games left it;
// a new player's when they have none there), and whether it is still
// provisional.
func ratingOf(p *record.Player, size int) (float64, bool) {
	e, ok := p.Ratings[standing.Pool(size)]
	if !ok || e.Games == 0 {
		e = standing.New()
	}
	return e.Rating, e.Provisional()
}

// DefaultMaxRunning is how many events that have not ended one player
// may run when the configuration does not say (Turn.EventsPerOrganiser,
// limits.events_per_organiser).
const DefaultMaxRunning = command.DefaultEventsPerOrganiser

// MaxEntrants bounds an event's players.
const MaxEntrants = 64

// MaxRounds bounds a Swiss's rounds.
const MaxRounds = 30

// formatOf reads an event's stored format.
func formatOf(t *record.Tourney) tourney.Format {
	switch t.Format {
	case tourney.DoubleRoundRobin.String():
		return tourney.DoubleRoundRobin
	case tourney.Swiss.String():
		return tourney.Swiss
	}
	return tourney.RoundRobin
}

// formatWords names an event's format for players.
func formatWords(t *record.Tourney) string {
	switch formatOf(t) {
	case tourney.DoubleRoundRobin:
		return "double round-robin"
	case tourney.Swiss:
		return "Swiss"
	}
	return "round-robin"
}

// settings writes the games' options: "size=6 komi=2 days=3".
func settings(t *record.Tourney) string { return strings.Join(t.Options, " ") }

// players are the event's entrants as package tourney sees them.
func players(t *record.Tourney) []tourney.Player {
	out := make([]tourney.Player, len(t.Entrants))
	for i, e := range t.Entrants {
		out[i] = tourney.Player{ID: tourney.PlayerID(e.Key), Rating: e.Rating, Provisional: e.Provisional, WithdrawnFrom: e.WithdrawnFrom}
	}
	return out
}

// results maps the stored results to package tourney's.
var results = map[string]tourney.Result{}

func init() {
	for r := tourney.Pending; r.Valid(); r++ {
		if r != tourney.Pending {
			results[r.String()] = r
		}
	}
}

// rounds are the event's first n rounds as package tourney sees them.
func rounds(t *record.Tourney, n int) []tourney.Round {
	n = min(n, len(t.Schedule))
	out := make([]tourney.Round, n)
	for i, r := range t.Schedule[:n] {
		ps := make([]tourney.Pairing, len(r.Boards))
		for j, b := range r.Boards {
			ps[j] = tourney.Pairing{White: tourney.PlayerID(b.White), Black: tourney.PlayerID(b.Black), Result: results[b.Result]}
		}
		out[i] = tourney.Round{Number: r.Number, Cycle: max(r.Cycle, 1), Pairings: ps}
	}
	return out
}

// boardsOf turns a round of package tourney into stored boards.
func boardsOf(r tourney.Round) record.TourneyRound {
	out := record.TourneyRound{Number: r.Number, Cycle: r.Cycle}
	for _, p := range r.Pairings {
		out.Boards = append(out.Boards, record.Board{White: string(p.White), Black: string(p.Black)})
	}
	return out
}

// name returns the shown name of an entrant key.
func name(t *record.Tourney, key string) string {
	if e := t.Entrant(key); e != nil && e.Name != "" {
		return e.Name
	}
	return key
}

// visible reports whether key may see event t: a public one, or a private
// one they organise or play in.
func visible(t *record.Tourney, key string) bool {
	return !t.Private || t.Organiser == key || t.Entrant(key) != nil
}

// load reads an event by the name the sender wrote, refusing one that
// does not exist or that the sender may not see (a private event is not
// told apart from a missing one), unless the sender joins it (a private
// event's name is its invitation). With lock, it takes the event's lock
// first.
func load(t Turn, word string, lock bool) (*record.Tourney, error) {
	return lookup(t, word, lock, false)
}

// lookup is load; with joining, a private event is found by its name.
func lookup(t Turn, word string, lock, joining bool) (*record.Tourney, error) {
	key := record.TourneyKey(word)
	if !validName(word) {
		return nil, t.Refused(words.EventRefusal{Reason: words.EventUnknown, Event: word})
	}
	if lock {
		if err := t.Locked(LockKey(key)); err != nil {
			return nil, err
		}
	}
	tr, err := t.Tourney(key)
	if errors.Is(err, record.ErrNotFound) || err == nil && !joining && !visible(tr, senderKey(t)) {
		return nil, t.Refused(words.EventRefusal{Reason: words.EventUnknown, Event: word})
	}
	return tr, err
}

// senderKey is the sender's key ("" for a clock event).
func senderKey(t Turn) string {
	if p := t.Sender(); p != nil {
		return p.Key
	}
	return ""
}

// validName reports whether s may name an event: 2 to 24 letters, digits
// or dashes, beginning with a letter, and none of the subcommands' words.
func validName(s string) bool {
	if len(s) < 2 || len(s) > 24 || slices.Contains(subcommands, strings.ToLower(s)) {
		return false
	}
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '-')) {
			return false
		}
	}
	return true
}

// subcommands are the words after "event".
var subcommands = []string{"new", "start", "cancel", "withdraw"}

// boardSize reads the games' board size from their options (5 when not
// given, as "new").
func boardSize(opts []string) int {
	size := 5
	for _, o := range opts {
		if v, ok := strings.CutPrefix(o, "size="); ok {
			_, _ = fmt.Sscanf(v, "%d", &size)
		}
	}
	return size
}
