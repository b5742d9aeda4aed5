package bot

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Status is the stage of a game.
type Status string

// The stages of a game.
const (
	Challenged Status = "challenge" // waiting for the opponent to accept
	Active     Status = "active"
	Over       Status = "over"
	Declined   Status = "declined"
	Cancelled  Status = "cancelled"
)

// MoveRecord is one move played. It is stored compactly as one JSON
// string, "PTN@unixseconds" with a "'" after the PTN when Tak was called.
type MoveRecord struct {
	PTN string    // canonical PTN, without marks
	Tak bool      // the mover called Tak
	At  time.Time // when it was played
}

// MarshalJSON writes the compact form.
func (m MoveRecord) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, len(m.PTN)+16)
	b = append(b, '"')
	b = append(b, m.PTN...)
	if m.Tak {
		b = append(b, '\'')
	}
	b = append(b, '@')
	b = strconv.AppendInt(b, m.At.Unix(), 10)
	return append(b, '"'), nil
}

// UnmarshalJSON reads the compact form.
func (m *MoveRecord) UnmarshalJSON(b []byte) error {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return fmt.Errorf("move record %s is not a string", b)
	}
	s := string(b[1 : len(b)-1])
	if strings.IndexByte(s, '\\') >= 0 { // escaped, e.g. '>' written as \u003e
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("move record %s: %w", b, err)
		}
	}
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return fmt.Errorf("move record %q has no time", s)
	}
	sec, err := strconv.ParseInt(s[at+1:], 10, 64)
	if err != nil {
		return fmt.Errorf("move record %q: %w", s, err)
	}
	ptn := s[:at]
	m.Tak = strings.HasSuffix(ptn, "'")
	m.PTN = strings.TrimSuffix(ptn, "'")
	m.At = time.Unix(sec, 0).UTC()
	return nil
}

// ResultRecord is how a game ended.
type ResultRecord struct {
	Reason string // tak.EndReason.String(): "road", "flats", "resignation", "time", "agreement"
	Winner int    // tak.Color
	Draw   bool   `json:",omitempty"`
	PTN    string // "R-0", "0-F", "1/2-1/2", ...
	Text   string // "white wins by road"
	Score  int    `json:",omitempty"`
}

// Proposal is a question one player asks the other (draw, undo, a way out
// of a desync, a takeback after a dispute).
type Proposal struct {
	Kind  string // "draw", "undo", "takeback", "revert", "adopt", "restart"
	By    int    // colour of the proposer
	Ply   int    // revert/undo/takeback: the number of moves to keep
	Board string `json:",omitempty"` // adopt: the board in sync format
	At    time.Time
}

// Dispute is an "im" claim and its ruling.
type Dispute struct {
	By     int // colour of the disputing player
	Ply    int // the disputed move is move number Ply (1-based)
	Move   string
	Reason string
	Legal  bool
	Ruling string
	At     time.Time
}

// SyncBoard is the last board a player sent with "rs".
type SyncBoard struct {
	Board string
	Match int // latest number of moves whose position matches, -1 if none
	At    time.Time
}

// GameRecord is everything stored about a game.
type GameRecord struct {
	ID         string
	Version    int
	Status     Status
	Players    [2]string // player keys, White then Black
	Names      [2]string
	Challenger int // colour of the player who sent "new"
	Config     tak.Config
	Scoring    string
	Style      string // "street" or "courtly"
	Days       int
	Start      string `json:",omitempty"` // TPS of the start position if not empty
	Moves      []MoveRecord
	Result     *ResultRecord `json:",omitempty"`
	Proposal   *Proposal     `json:",omitempty"`
	Disputes   []Dispute     `json:",omitempty"`
	Sync       [2]*SyncBoard `json:",omitempty"`
	Events     []string      `json:",omitempty"` // a log of restarts, reverts, adoptions

	TurnStart time.Time // when the player to move got the turn
	Deadline  time.Time // zero when no clock runs
	Reminded  bool
	Vacation  [2]time.Time // a player's clock is paused until then
	Created   time.Time
	Updated   time.Time
}

// ClockRunning reports whether the game's clock runs.
func (g *GameRecord) ClockRunning() bool { return g.Status == Active && !g.Deadline.IsZero() }

// ColorOf returns the colour a player key plays, and false if not in the game.
func (g *GameRecord) ColorOf(key string) (tak.Color, bool) {
	switch key {
	case g.Players[0]:
		return tak.White, true
	case g.Players[1]:
		return tak.Black, true
	}
	return 0, false
}

// StartPosition returns the game's start position.
func (g *GameRecord) StartPosition() (*tak.Position, error) {
	if g.Start == "" {
		return tak.NewPosition(g.Config)
	}
	return notation.ParseTPS(g.Start, g.Config)
}

// Replay rebuilds the game's history.
func (g *GameRecord) Replay() (*tak.Game, error) {
	start, err := g.StartPosition()
	if err != nil {
		return nil, fmt.Errorf("game %s: start position: %w", g.ID, err)
	}
	tg := tak.GameFrom(start)
	for i, m := range g.Moves {
		pm, err := notation.ParsePTNMove(m.PTN, g.Config.Size)
		if err != nil {
			return nil, fmt.Errorf("game %s: stored move %d %q: %w", g.ID, i+1, m.PTN, err)
		}
		if err := tg.Play(pm.Move); err != nil {
			return nil, fmt.Errorf("game %s: stored move %d %q: %w", g.ID, i+1, m.PTN, err)
		}
	}
	return tg, nil
}

// PlayerRecord is a player and their preferences.
type PlayerRecord struct {
	Key           string
	Identity      Identity
	Name          string
	Notation      notation.Orientation
	NotationFixed bool   // set by "notation": moves no longer change it
	Current       string `json:",omitempty"` // game chosen with "game ID", or the last game started
	// CurrentFixed is set when the player chose Current with "game ID": their
	// moves then go to that game even when it is their turn elsewhere.
	CurrentFixed bool `json:",omitempty"`
	Vacation     time.Time
	Created      time.Time
}

// ProcessedRecord records a message that was handled.
type ProcessedRecord struct {
	ID      string
	At      time.Time
	Replies []string // ids of the replies it caused
}
