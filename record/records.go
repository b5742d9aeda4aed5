package record

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/plan"
	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
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
	Expired    Status = "expired" // a challenge nobody answered in time
	// Aborted: ended with "abort" before each player had moved twice; no
	// result, not rated.
	Aborted Status = "aborted"
)

// EndReason says how a game ended.
type EndReason string

// The ways a game ends.
const (
	EndRoad        EndReason = "road"
	EndFlats       EndReason = "flats"
	EndResignation EndReason = "resignation"
	EndTime        EndReason = "time"
	EndAgreement   EndReason = "agreement"
)

// OnBoard reports whether the game ended on the board (a road or flats),
// as opposed to a resignation, time or agreement.
func (r EndReason) OnBoard() bool { return r == EndRoad || r == EndFlats }

// ProposalKind is what one player asks the other to agree to.
type ProposalKind string

// The kinds of proposals.
const (
	ProposeDraw     ProposalKind = "draw"
	ProposeUndo     ProposalKind = "undo"     // take back the proposer's last move
	ProposeTakeback ProposalKind = "takeback" // take back a move disputed with "im"
	ProposeRevert   ProposalKind = "revert"   // go back to an earlier position
	ProposeAdopt    ProposalKind = "adopt"    // make the proposer's rs board the position
	ProposeRestart  ProposalKind = "restart"  // start again from the empty board
)

// Style is how much the referee announces.
type Style string

// The styles of play.
const (
	// Street: the referee announces the Tak calls players make.
	Street Style = "street"
	// Courtly: the referee also announces every road-in-one threat.
	Courtly Style = "courtly"
)

// Scoring is a game's scoring rules, stored by name ("standard",
// "downings+tenboard").
type Scoring struct{ Rules tak.ScoringRules }

// MarshalText writes the rules' names.
func (s Scoring) MarshalText() ([]byte, error) { return []byte(s.Rules.String()), nil }

// UnmarshalText reads the rules' names.
func (s *Scoring) UnmarshalText(b []byte) error {
	r, err := tak.ParseScoringRules(string(b))
	if err != nil {
		return err
	}
	s.Rules = r
	return nil
}

// String returns the rules' names.
func (s Scoring) String() string { return s.Rules.String() }

// Move is one move played. It is stored compactly as one JSON
// string, "PTN@unixseconds" with a "'" after the PTN when Tak was called.
type Move struct {
	PTN string    // canonical PTN, without marks
	Tak bool      // the mover called Tak
	At  time.Time // when the transport received it
}

// MarshalJSON writes the compact form.
func (m Move) MarshalJSON() ([]byte, error) {
	return m.appendCompact(make([]byte, 0, len(m.PTN)+16), false), nil
}

// appendCompact appends the compact form to b, with <, > and & escaped
// as encoding/json escapes them when html is set (AppendJSON).
func (m Move) appendCompact(b []byte, html bool) []byte {
	b = append(b, '"')
	if html {
		b = appendHTMLEscaped(b, m.PTN)
	} else {
		b = append(b, m.PTN...)
	}
	if m.Tak {
		b = append(b, '\'')
	}
	b = append(b, '@')
	b = strconv.AppendInt(b, m.At.Unix(), 10)
	return append(b, '"')
}

// MoveList is a game's moves. It marshals as one JSON array of the moves'
// compact forms, written in one pass: marshalled a move at a time,
// encoding/json called each move's MarshalJSON and checked its output
// apart, a tenth of the CPU of a move in BenchmarkRefereeMoves. The bytes
// are the same either way.
type MoveList []Move

// MarshalJSON writes the moves as an array, null for none (as a nil slice).
func (l MoveList) MarshalJSON() ([]byte, error) {
	if l == nil {
		return []byte("null"), nil
	}
	return l.appendCompact(make([]byte, 0, 2+len(l)*20), false), nil
}

// appendCompact appends the moves as an array of their compact forms
// (Move.appendCompact).
func (l MoveList) appendCompact(b []byte, html bool) []byte {
	b = append(b, '[')
	for i, m := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = m.appendCompact(b, html)
	}
	return append(b, ']')
}

// UnmarshalJSON reads the compact form.
func (m *Move) UnmarshalJSON(b []byte) error {
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

// Result is how a game ended.
type Result struct {
	Reason EndReason
	Winner tak.Color // meaningless for a draw
	Draw   bool      `json:",omitempty"`
	PTN    string    // "R-0", "0-F", "1/2-1/2", ...
	Text   string    // "white wins by road"
	Score  int       `json:",omitempty"`
	// Deadline is, for a loss on time, the deadline that passed: a move
	// the transport received before it still counts.
	Deadline time.Time `json:",omitzero"`
}

// Proposal is a question one player asks the other (a draw, an undo, a
// way out of a desync, a takeback after a dispute).
type Proposal struct {
	Kind ProposalKind
	By   tak.Color // the proposer
	// Turn, for undo, takeback and revert, is the last turn kept: the
	// moves after turn Turn are taken back (0: back to the start).
	Turn  int
	Board string `json:",omitempty"` // adopt: the board in sync format
	At    time.Time
}

// Dispute is an "im" claim and its ruling.
type Dispute struct {
	By     tak.Color // the disputing player
	Turn   int       // the disputed move was played at this turn
	Move   string    // in PTN
	Reason string
	Legal  bool
	Ruling string
	At     time.Time
}

// SyncBoard is the last differing board a player sent with "rs".
type SyncBoard struct {
	Board string
	// Match is the latest turn after which the true position equals the
	// board (0: the start), or -1 when none does.
	Match int
	At    time.Time
}

// Game is everything stored about a game.
type Game struct {
	ID         string
	Version    int
	Status     Status
	Players    [2]string // player keys, White then Black
	Names      [2]string
	Challenger tak.Color // the player who sent "new"
	Config     tak.Config
	Scoring    Scoring
	Style      Style
	Days       int
	// Start is the TPS of the start position when it is not the empty
	// board (after an adopt). Its move number continues the game's, so
	// turn numbers run on across an adopt.
	Start string `json:",omitempty"`
	// Setup is the TPS of the position the game was set up from with
	// "new ... tps=" ("" for the empty board): where a restart goes back to.
	Setup    string        `json:",omitempty"`
	Moves    MoveList      // the moves since Start
	Result   *Result       `json:",omitempty"`
	Proposal *Proposal     `json:",omitempty"`
	Disputes []Dispute     `json:",omitempty"`
	Sync     [2]*SyncBoard `json:",omitempty"`
	Events   []string      `json:",omitempty"` // restarts, reverts and adoptions, as PTN comments
	// Private keeps the game off the web pages (they answer 404) and
	// from spectators ("new ... private=yes").
	Private bool `json:",omitempty"`
	// Watchers are the keys of the players who follow the game's moves
	// with "watch" (never one of its players; at most bot's maxWatchers).
	Watchers []string `json:",omitempty"`

	TurnStart time.Time    // when the player to move got the turn
	Deadline  time.Time    // zero when no clock runs
	Reminded  bool         // the player to move was reminded
	Vacation  [2]time.Time // a player's clock is paused until then
	// Wake is when the clocks must next look at the game: its reminder,
	// its deadline or its challenge's expiry; zero when nothing is due.
	// The store indexes it, so a tick finds due games without a scan.
	Wake time.Time `json:",omitzero"`
	// Remind is each player's reminder lead in this game, copied from
	// their "set remind" (bot/account/remind.go): 0 for the referee's default share
	// of the time, below 0 for no reminder.
	Remind  [2]time.Duration `json:",omitzero"`
	Created time.Time
	Updated time.Time

	// RematchOf is the game this one is the rematch of; Rematch, the
	// rematch challenged after this game ("" when none).
	RematchOf string `json:",omitempty"`
	Rematch   string `json:",omitempty"`
	// Plans are each colour's conditional moves (bot/plan), never shown
	// to the opponent; nil when the player has none.
	Plans [2]*Plans `json:",omitzero"`
	// Chat is when each colour last said something with "say", within
	// the last hour, for the hourly limit.
	Chat [2][]time.Time `json:",omitzero"`
	// Level is takbot's level (1 to bot.MaxLevel) in a game against it, 0 in
	// a game between people. Games against takbot are unrated.
	Level int `json:",omitempty"`
	// Seek is set on a game that began as an open challenge ("new
	// anyone"): while it waits, the seat of Challenger.Opponent() is
	// empty and anyone may take it with "accept ID" (bot/challenge/seek.go).
	Seek *Seek `json:",omitempty"`
	// Unrated is set by the option rated=no: the game's result changes
	// no rating. See Rated for every game that is not rated.
	Unrated bool `json:",omitempty"`
	// Rating is the change of both players' ratings the game's result
	// made, kept so that a result withdrawn later (a loss on time
	// reprieved, an illegal last move taken back) is taken back from the
	// ratings too; nil while no rating changed.
	Rating *RatingChange `json:",omitempty"`
	// Community is where the game was played, namespaced by transport
	// ("discord:GUILD" for a Discord server), "" when nowhere in
	// particular (mail, the console). Leaderboards per server use it.
	Community string `json:",omitempty"`
	// Notice is the id of the reply that tells a challenged player who
	// never wrote to the bot of the challenge, while it waits out its
	// grace period (consent.go): "cancel" withdraws it unsent.
	Notice string `json:",omitempty"`
	// Review is takbot's review of the finished game, computed once after
	// its end at a fixed search budget and kept here, so that both players,
	// the spectators and a later "analyse" get the same (bot/analysis).
	Review *Review `json:",omitempty"`
	// Event is set on a game of an event (issue 29): the event's key and
	// the round the game belongs to.
	Event *GameEvent `json:",omitempty"`
	// ChatLog is what the players said in the game with "say", oldest
	// first, as it was passed on (cleaned like a display name): at most
	// MaxChatLog lines, the oldest dropped first (bot/account/chat.go).
	// "history" shows it to the game's players; the game's web page only
	// for a public game whose two players chose "set chat public".
	ChatLog []ChatLine `json:",omitempty"`
}

// MaxChatLog bounds the lines of a game's ChatLog; MaxChatLine bounds one
// line's text, in characters.
const (
	MaxChatLog  = 200
	MaxChatLine = 500
)

// ChatLine is one thing a player said in a game.
type ChatLine struct {
	At   time.Time
	By   tak.Color
	Text string
}

// Review is the engine's evaluation of every position of a finished game,
// the substance of its review: what is drawn and written from it (the
// marked moves, the annotated PTN, the graph) follows from these numbers.
type Review struct {
	// Of names the moves reviewed (bot/analysis.Key of the game): a game
	// taken back to play again has other moves, and a review of its own.
	Of string
	// Nodes is the search of each position, in nodes: a fixed budget, so
	// the review is the same on any load.
	Nodes int64 `json:",omitempty"`
	// Scores are the evaluations in centiflats for White: of the start,
	// then after each move reviewed.
	Scores []int
}

// GameEvent names the event and round a game is played for.
type GameEvent struct {
	Name  string // the event's name (its key is TourneyKey(Name))
	Round int
}

// Plans are one player's conditional moves in a game, made for the
// position whose TPS is At (the opponent to move): after any other
// change of the position (an undo, a revert) they no longer apply.
type Plans struct {
	At   string
	Tree plan.Tree
}

// ClockRunning reports whether the game's clock runs.
func (g *Game) ClockRunning() bool { return g.Status == Active && !g.Deadline.IsZero() }

// ColorOf returns the colour a player key plays, and false if not in the game.
func (g *Game) ColorOf(key string) (tak.Color, bool) {
	switch key {
	case g.Players[0]:
		return tak.White, true
	case g.Players[1]:
		return tak.Black, true
	}
	return 0, false
}

// StartPosition returns the game's start position.
func (g *Game) StartPosition() (*tak.Position, error) {
	if g.Start == "" {
		return tak.NewPosition(g.Config)
	}
	// An adopted board is played on without the swap opening.
	return notation.ParseTPS(g.Start, adoptedConfig(g.Config))
}

// History rebuilds the game's history from its start position and moves.
func (g *Game) History() (*tak.Game, error) {
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

// Player is a player and their preferences.
type Player struct {
	Key           string
	Identity      Identity
	Name          string
	Notation      notation.Orientation
	NotationFixed bool // set by "notation": moves no longer change it
	// Chosen is the game chosen with "game ID": commands without a game
	// of their own go to it, even when it is the player's turn elsewhere.
	Chosen   string    `json:",omitempty"`
	Vacation time.Time `json:",omitzero"`
	// Vacations are the vacations the player began within the last year,
	// oldest first: what counts against their allowance (bot/vacation).
	Vacations []VacationSpan `json:",omitempty"`
	// Unreachable is set while replies to the player fail for good (a
	// bounced address); the opponent is told once.
	Unreachable *Unreachable `json:",omitempty"`
	Created     time.Time
	// The player's look, set with "set" and kept across games: the
	// picture theme ("" until chosen: the transport's default), the
	// picture width in pixels (0 until chosen: medium), and whether the
	// text board under a picture is left out. Records written before
	// these existed read as the defaults.
	Theme       render.Theme `json:",omitempty"`
	Width       int          `json:",omitempty"`
	NoTextBoard bool         `json:",omitempty"`
	// NoChat is set by "set chat off": what opponents say with "say" is
	// not passed on to the player.
	NoChat bool `json:",omitempty"`
	// ChatPublic is set by "set chat public": the player consents to the
	// chat of their public games being shown on the games' web pages
	// (shown only when both players consent; never for a private game).
	ChatPublic bool `json:",omitempty"`
	// News is what the player asked to hear of with "set news" (new open
	// challenges, new events) and how (bot/news); nil for nothing.
	News *News `json:",omitempty"`
	// Reminders and times (bot/account/remind.go): how long before a deadline the
	// player is reminded (0: the referee's default share of the time;
	// below 0: never), the IANA zone times are shown to them in ("":
	// UTC), and their daily digest.
	RemindLead time.Duration `json:",omitempty"`
	Zone       string        `json:",omitempty"`
	Digest     *Digest       `json:",omitempty"`
	// NoReview is set by "set review off": no review of the player's
	// finished games.
	NoReview bool `json:",omitempty"`
	// Analyses are the positions the player had takbot analyse in the
	// last hour, for bot.Quotas.AnalysesPerHour (bot/analysis).
	Analyses []AnalysisMark `json:",omitempty"`
	// Pairing (bot/pairing): Paired, on the primary record, is the key of the
	// other identity joined to it with "pair"; Alias, on that other
	// identity's record, is the primary's key, and Moved lists the games
	// that moved from it to the primary (they move back at "unpair").
	// Via, on the primary, is the key of the identity the player last
	// wrote from ("" for the primary's own): events go there.
	Paired string   `json:",omitempty"`
	Alias  string   `json:",omitempty"`
	Moved  []string `json:",omitempty"`
	Via    string   `json:",omitempty"`
	// PairCode is the last one-time code the player asked for with
	// "pair", so that asking again retires it.
	PairCode string `json:",omitempty"`
	// Ratings are the player's Glicko-2 ratings by pool of board sizes
	// (standing.Pool: "small", "5x5", "6x6", "large"); a pool without
	// rated games is absent. Replace the map to change it: cached copies
	// share it.
	Ratings map[string]standing.Entry `json:",omitempty"`
	// Communities are the places the player played or wrote from,
	// namespaced by transport ("discord:GUILD"), at most
	// bot's maxCommunities, the latest last. Replace the slice to change it.
	Communities []string `json:",omitempty"`
}

// VacationSpan is one vacation a player took: from when, until when.
type VacationSpan struct{ From, Until time.Time }

// Digest is a player's daily message listing the games waiting for them.
type Digest struct {
	At   string    // the time of day in the player's Zone, "08:00"
	Last string    `json:",omitempty"` // the local day last served, "2026-11-26": never served twice
	Next time.Time // when it is next due; the store's state indexes it (bot/digest)
}

// News is what a player asked to hear of with "set news" (bot/news).
type News struct {
	Seeks  bool `json:",omitempty"` // new open challenges they may accept
	Events bool `json:",omitempty"` // new events open to sign-up
	// Daily sends them only in the player's daily digest, never at once.
	Daily bool `json:",omitempty"`
}

// Unreachable records that a player's transport refuses their replies.
type Unreachable struct {
	Since  time.Time
	Reason string
	Told   []string `json:",omitempty"` // the games whose opponent was told
}

// Processed records a handled message.
type Processed struct {
	ID      string // namespaced: "transport:id"
	At      time.Time
	Replies []string `json:",omitempty"` // ids of the replies it caused
}

// Seek is what a game that began as an open challenge ("new anyone")
// keeps of it.
type Seek struct {
	// Low and High bound the rating of who may accept (both 0: anyone).
	Low  int `json:",omitempty"`
	High int `json:",omitempty"`
}

// RatingChange is what a game's result did to its players' ratings.
type RatingChange struct {
	Pool string // standing.Pool of the game's size
	// Result is the result rated (Result.PTN and Reason): a game
	// that ends again otherwise is rated again.
	Result string
	Before [2]standing.Entry // White's and Black's entries before the game
	After  [2]standing.Entry // and after it
	// Weight is how much the game counted (rating.RepeatWeight): 1, or
	// 1/k for the k-th rated game between the same two players within
	// 30 days. Changes recorded before weights existed read as 0: 1.
	Weight float64 `json:",omitempty"`
}

// AnalysisMark is one position a player had analysed: when, and which
// (game and turn, and the game's length then), so that asking again for
// it within the hour, the game unchanged, is not counted again: its result
// is kept (a game that moved on is a new request, searched again).
type AnalysisMark struct {
	At    time.Time
	Game  string
	Turn  int
	Plies int `json:",omitempty"`
}
