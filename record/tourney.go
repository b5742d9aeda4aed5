package record

import (
	"strings"
	"time"
)

// Tourney is an event run by the referee (issue 29): a round-robin or a
// Swiss between the players who joined it, its rounds as paired, the game
// of each board and its result, and everything done to it, in order. It
// is stored under its Key (the lower-cased name). (record.Event is a
// reply class, hence the name.)
type Tourney struct {
	// Name is the event's name as its organiser wrote it.
	Name string
	// Organiser is the player key of who created it; only they start,
	// cancel or withdraw players from it.
	Organiser string
	// Format is "roundrobin", "double-roundrobin" or "swiss" (package
	// tourney's Format names).
	Format string
	// Rounds is the number of rounds: a Swiss's as announced; a
	// round-robin's set at the start from its schedule.
	Rounds int `json:",omitempty"`
	// Options are the options of the event's games, as "new" reads them
	// ("size=6", "komi=2", "days=3", "rated=no").
	Options []string `json:",omitempty"`
	// Start is when the event starts by itself (zero: when its organiser
	// starts it), if Min players have joined by then; the organiser may
	// start it earlier, or after a start missed for want of players.
	Start time.Time `json:",omitzero"`
	// Min is the entrants the start at Start needs (0: 2, or 3 for a
	// Swiss, the least any start needs).
	Min int `json:",omitempty"`
	// Max bounds the entrants (0: no bound); MinRating is the rating an
	// entrant needs (0: none).
	Max       int `json:",omitempty"`
	MinRating int `json:",omitempty"`
	// Private events are shown only to their organiser and entrants.
	Private bool `json:",omitempty"`
	Status  TourneyStatus
	Created time.Time
	// Entrants are the players in the order they joined; at the start
	// they are seeded (by rating) and their ratings fixed.
	Entrants []Entrant `json:",omitempty"`
	// Schedule holds the rounds paired: a round-robin's whole schedule
	// from the start, a Swiss's rounds as they are paired.
	Schedule []TourneyRound `json:",omitempty"`
	// Round is the number of rounds begun (their games created).
	Round int `json:",omitempty"`
	// History is every action on the event, oldest first.
	History []TourneyAction `json:",omitempty"`
}

// TourneyStatus is where an event stands.
type TourneyStatus string

// The statuses of an event.
const (
	TourneyOpen      TourneyStatus = "open"      // taking entrants
	TourneyRunning   TourneyStatus = "running"   // started: rounds being played
	TourneyOver      TourneyStatus = "over"      // every round played
	TourneyCancelled TourneyStatus = "cancelled" // cancelled by its organiser
)

// Entrant is a player of an event.
type Entrant struct {
	Key  string // player key
	Name string // the name shown
	// Rating is the player's rating, fixed at the start (seeding, byes).
	Rating      float64 `json:",omitempty"`
	Provisional bool    `json:",omitempty"`
	// WithdrawnFrom is the first round the player no longer plays (0:
	// playing); their unfinished games from then on are forfeits.
	WithdrawnFrom int `json:",omitempty"`
}

// TourneyRound is one round of an event: its boards, byes included.
type TourneyRound struct {
	Number int
	Cycle  int `json:",omitempty"`
	Boards []Board
}

// Board is one pairing of a round: White against Black (Black "" for a
// bye), the game played for it and its result.
type Board struct {
	White string
	Black string `json:",omitempty"`
	// Game is the id of the game created for the board ("" for a bye, or
	// until the round begins).
	Game string `json:",omitempty"`
	// Result is package tourney's notation, seen from White: "1-0",
	// "0-1", "1/2-1/2", "+/-", "-/+", "-/-"; "" while pending.
	Result string `json:",omitempty"`
	// Kept is set when the game was reprieved (a loss on time taken
	// back) after the next round was paired: Result stands all the same.
	Kept bool `json:",omitempty"`
}

// TourneyAction is one entry of an event's history.
type TourneyAction struct {
	At time.Time
	// By is the player key of who acted; "" for the referee (a round
	// paired, a game's result).
	By string `json:",omitempty"`
	// What names the action: "created", "joined", "left", "started",
	// "paired", "result", "result withdrawn", "result kept", "withdrawn",
	// "start missed", "cancelled", "over".
	What   string
	Detail string `json:",omitempty"`
}

// Key is the key the event is stored under: its name in lower case.
func (t *Tourney) Key() string { return TourneyKey(t.Name) }

// TourneyKey is the key of the event called name.
func TourneyKey(name string) string { return strings.ToLower(name) }

// Log appends an action to the event's history.
func (t *Tourney) Log(at time.Time, by, what, detail string) {
	t.History = append(t.History, TourneyAction{At: at, By: by, What: what, Detail: detail})
}

// Entrant returns the entrant with the player key, or nil.
func (t *Tourney) Entrant(key string) *Entrant {
	for i := range t.Entrants {
		if t.Entrants[i].Key == key {
			return &t.Entrants[i]
		}
	}
	return nil
}
