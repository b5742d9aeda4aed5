package tourney

import (
	"errors"
	"fmt"
)

// PlayerID names a player of an event. The package treats it as opaque: the
// referee decides what it is (an account name, a mail address, a Discord
// id). The empty id is not a player.
type PlayerID string

// Player is one entrant of an event.
type Player struct {
	// ID names the player; it is unique within the event.
	ID PlayerID
	// Rating orders players for seeding, Swiss pairing and byes (higher is
	// stronger). The referee fills it from package rating at the start.
	Rating float64
	// Provisional marks a rating that is not yet established (a large
	// deviation). It does not change the pairing; it is carried so that
	// standings and announcements can show it.
	Provisional bool
	// WithdrawnFrom is the first round (1-based) the player no longer
	// plays; 0 means the player has not withdrawn. A withdrawn player is
	// not paired from that round on, and their unfinished games from that
	// round on count as lost by forfeit.
	WithdrawnFrom int
}

// Active reports whether p plays in round (1-based).
func (p Player) Active(round int) bool {
	return p.WithdrawnFrom == 0 || round < p.WithdrawnFrom
}

// Color is the side a player has in a game; White moves first.
type Color uint8

// The two colours. NoColor is the colour of a bye.
const (
	NoColor Color = iota
	White
	Black
)

// Opposite returns the other colour (NoColor stays NoColor).
func (c Color) Opposite() Color {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColor
}

// String returns "white", "black" or "none".
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

// Result is the result of one pairing, seen from White's side.
type Result uint8

// The results of a game. Pending is the zero value: the game has not ended.
const (
	Pending Result = iota
	// WhiteWins and BlackWins are won games, Draw a drawn one.
	WhiteWins
	BlackWins
	Draw
	// WhiteWinsByForfeit and BlackWinsByForfeit are games not played (or
	// not finished: a loss on time counts as a played loss, not as a
	// forfeit) that one side wins because the other did not play: a
	// withdrawal, a game never started.
	WhiteWinsByForfeit
	BlackWinsByForfeit
	// DoubleForfeit is a game neither side played: both score 0.
	DoubleForfeit
	numResults
)

var resultNames = [...]string{"pending", "1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"}

// String returns the result in the usual notation: "1-0", "0-1", "1/2-1/2",
// "+/-" and "-/+" for forfeits, "-/-" for a double forfeit, "pending".
func (r Result) String() string {
	if r < numResults {
		return resultNames[r]
	}
	return fmt.Sprintf("Result(%d)", uint8(r))
}

// Valid reports whether r is one of the declared results.
func (r Result) Valid() bool { return r < numResults }

// Decided reports whether the pairing has a result (it is not Pending).
func (r Result) Decided() bool { return r != Pending && r < numResults }

// Played reports whether the game was played on the board (a win, a loss
// or a draw), as opposed to forfeited or still pending. Only played games
// count for colours and, under FIDE's rules, as real games for tie-breaks.
func (r Result) Played() bool { return r == WhiteWins || r == BlackWins || r == Draw }

// Points returns what each side scores: 1 for a win, 1/2 for a draw, 0
// for a loss, forfeits alike; 0 and 0 for a pending game.
func (r Result) Points() (white, black float64) {
	switch r {
	case WhiteWins, WhiteWinsByForfeit:
		return 1, 0
	case BlackWins, BlackWinsByForfeit:
		return 0, 1
	case Draw:
		return 0.5, 0.5
	}
	return 0, 0
}

// Outcome is what one round brought one player.
type Outcome uint8

// The outcomes of a round for one player.
const (
	// NotPaired: the player had no pairing in the round (withdrawn, or
	// the round is not about them).
	NotPaired Outcome = iota
	Unfinished
	Win
	Loss
	DrawnGame
	ForfeitWin
	ForfeitLoss
	// BothForfeited is a double forfeit.
	BothForfeited
	// GotBye is a round without opponent given by the pairing.
	GotBye
)

// Symbol returns the one-character crosstable symbol of o: "1", "0", "="
// for played games, "+" and "-" for forfeits, "-" for a double forfeit,
// "." for an unfinished game, "b" for a bye and " " for no pairing.
func (o Outcome) Symbol() string {
	switch o {
	case Unfinished:
		return "."
	case Win:
		return "1"
	case Loss:
		return "0"
	case DrawnGame:
		return "="
	case ForfeitWin:
		return "+"
	case ForfeitLoss, BothForfeited:
		return "-"
	case GotBye:
		return "b"
	}
	return " "
}

// Pairing is one board of a round: White against Black, or a bye.
type Pairing struct {
	White PlayerID
	// Black is empty for a bye: White is then the player who has it.
	Black  PlayerID
	Result Result
}

// IsBye reports whether the pairing is a bye (for White).
func (p Pairing) IsBye() bool { return p.Black == "" }

// Has reports whether id plays in the pairing (or has its bye).
func (p Pairing) Has(id PlayerID) bool { return id != "" && (p.White == id || p.Black == id) }

// Round is one round of an event: its number (1-based) and its pairings,
// byes included. In a double round-robin, Cycle is 2 for the second
// cycle's rounds; it is 1 otherwise.
type Round struct {
	Number   int
	Cycle    int
	Pairings []Pairing
}

// Format is how an event pairs its players.
type Format uint8

// The formats.
const (
	// RoundRobin: everyone meets everyone once, by Berger tables.
	RoundRobin Format = iota + 1
	// DoubleRoundRobin: everyone meets everyone twice, the second cycle
	// with colours reversed.
	DoubleRoundRobin
	// Swiss: a fixed number of rounds, each paired from the standings
	// (see PairSwiss for the rule).
	Swiss
)

// String returns "roundrobin", "double-roundrobin" or "swiss".
func (f Format) String() string {
	switch f {
	case RoundRobin:
		return "roundrobin"
	case DoubleRoundRobin:
		return "double-roundrobin"
	case Swiss:
		return "swiss"
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// ByePoints is what a bye scores in the format: 1 in a Swiss (FIDE: a
// pairing-allocated bye scores a win unless the regulations say
// otherwise), 0 in a round-robin, where the bye is the rest round every
// player of an odd-sized field gets once.
func (f Format) ByePoints() float64 {
	if f == Swiss {
		return 1
	}
	return 0
}

// Errors. They are wrapped with details; test them with errors.Is.
var (
	// ErrTooFewPlayers: an event needs at least two players who play.
	ErrTooFewPlayers = errors.New("tourney: too few players")
	// ErrPlayerID: an empty or repeated player id.
	ErrPlayerID = errors.New("tourney: bad player id")
	// ErrUnknownPlayer: a pairing names a player not in the event.
	ErrUnknownPlayer = errors.New("tourney: unknown player")
	// ErrUnfinished: a Swiss round cannot be paired while a game of an
	// earlier round has no result.
	ErrUnfinished = errors.New("tourney: earlier round unfinished")
	// ErrFormat: an unknown format, or one the function does not handle.
	ErrFormat = errors.New("tourney: bad format")
	// ErrRound: a bad round history (a player paired twice in a round, a
	// round numbered out of order, a result out of range).
	ErrRound = errors.New("tourney: bad round")
)

// checkPlayers indexes the players and checks their ids.
func checkPlayers(players []Player) (map[PlayerID]int, error) {
	idx := make(map[PlayerID]int, len(players))
	for i, p := range players {
		if p.ID == "" {
			return nil, fmt.Errorf("%w: player %d has an empty id", ErrPlayerID, i+1)
		}
		if _, dup := idx[p.ID]; dup {
			return nil, fmt.Errorf("%w: %q twice", ErrPlayerID, p.ID)
		}
		idx[p.ID] = i
	}
	return idx, nil
}

// checkRounds checks a round history against the players: rounds numbered
// 1, 2, ... in order, known players, nobody twice in a round, valid results.
func checkRounds(idx map[PlayerID]int, rounds []Round) error {
	for k, r := range rounds {
		if r.Number != k+1 {
			return fmt.Errorf("%w: round %d is numbered %d", ErrRound, k+1, r.Number)
		}
		seen := make(map[PlayerID]bool, 2*len(r.Pairings))
		for _, p := range r.Pairings {
			if !p.Result.Valid() {
				return fmt.Errorf("%w: round %d: result %d", ErrRound, r.Number, p.Result)
			}
			for _, id := range []PlayerID{p.White, p.Black} {
				if id == "" {
					continue
				}
				if _, ok := idx[id]; !ok {
					return fmt.Errorf("%w: %q in round %d", ErrUnknownPlayer, id, r.Number)
				}
				if seen[id] {
					return fmt.Errorf("%w: %q paired twice in round %d", ErrRound, id, r.Number)
				}
				seen[id] = true
			}
			if p.White == "" {
				return fmt.Errorf("%w: round %d has a pairing without White", ErrRound, r.Number)
			}
		}
	}
	return nil
}

// Effective returns the result that counts for a pairing of round, given
// the players' withdrawals: an unfinished game of a player withdrawn by
// that round is lost by forfeit (both withdrawn: a double forfeit). A
// decided result, or a game between two active players, is returned as it
// is. players is looked up by id; unknown ids count as active.
func Effective(p Pairing, round int, players map[PlayerID]Player) Result {
	if p.Result != Pending || p.IsBye() {
		return p.Result
	}
	wOut := !players[p.White].Active(round)
	bOut := !players[p.Black].Active(round)
	switch {
	case wOut && bOut:
		return DoubleForfeit
	case wOut:
		return BlackWinsByForfeit
	case bOut:
		return WhiteWinsByForfeit
	}
	return Pending
}

// outcomeFor returns what the pairing's result r means for the player on
// colour c (White for a bye).
func outcomeFor(p Pairing, r Result, c Color) Outcome {
	if p.IsBye() {
		return GotBye
	}
	white := c == White
	switch r {
	case Pending:
		return Unfinished
	case Draw:
		return DrawnGame
	case DoubleForfeit:
		return BothForfeited
	case WhiteWins:
		if white {
			return Win
		}
		return Loss
	case BlackWins:
		if white {
			return Loss
		}
		return Win
	case WhiteWinsByForfeit:
		if white {
			return ForfeitWin
		}
		return ForfeitLoss
	case BlackWinsByForfeit:
		if white {
			return ForfeitLoss
		}
		return ForfeitWin
	}
	return NotPaired
}

// Finished reports whether every pairing of round r has a result, counting
// as decided the unfinished games of players withdrawn by then (Effective):
// the referee pairs the next Swiss round, or closes the event, once it is.
// Byes need no result.
func Finished(r Round, players []Player) bool {
	byID := make(map[PlayerID]Player, len(players))
	for _, p := range players {
		byID[p.ID] = p
	}
	for _, p := range r.Pairings {
		if !p.IsBye() && Effective(p, r.Number, byID) == Pending {
			return false
		}
	}
	return true
}
