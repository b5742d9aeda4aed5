package words

import (
	"fmt"
	"time"

	"github.com/takbymail/takbot/tak"
)

// The clock's outcomes: challenges expiring, reminders, losses on time.

// ChallengeExpired is a challenge nobody answered in time.
type ChallengeExpired struct {
	Game       Game
	Challenged tak.Color // who did not answer
	Days       int       // how long they had
}

// Words tells a player: "The challenge g3 expired: bob did not answer
// within 7 days."
func (o ChallengeExpired) Words(r Reader) string {
	return fmt.Sprintf("The challenge %s expired: %s did not answer within %s.", o.Game.ID, o.Game.nameFor(o.Challenged, r), Plural(o.Days, "day", "days"))
}

// Reminder reminds the player to move that their time runs out.
type Reminder struct {
	Game      Game
	ToMove    tak.Color
	Turn      int // the turn to play, from 1
	HoursLeft int
	Deadline  time.Time
}

// Words tells the player to move.
func (o Reminder) Words(r Reader) string {
	return fmt.Sprintf("Reminder: it is your turn in game %s%s against %s, %s; you have %s left, until %s, or you lose on time.",
		o.Game.ID, o.Game.EventNote(), o.Game.Names[o.ToMove.Opponent()], TurnName(o.Turn), Plural(o.HoursLeft, "hour", "hours"), r.Time(o.Deadline))
}

// LostOnTime is a game lost by the player who let the deadline pass.
type LostOnTime struct {
	Game     Game
	Loser    tak.Color
	Deadline time.Time
}

// Words tells a player: "You (black) ran out of time in game g3: the
// deadline was 2026-11-28 12:00 UTC."
func (o LostOnTime) Words(r Reader) string {
	return fmt.Sprintf("%s ran out of time in game %s: the deadline was %s.", Sentence(o.Game.whoFor(o.Loser, r)), o.Game.ID, r.Time(o.Deadline))
}

// TimeLossWithdrawn is a loss on time taken back: the move reached the
// referee before the deadline, though the referee read it after.
type TimeLossWithdrawn struct {
	Game               Game
	Mover              tak.Color
	Received, Deadline time.Time
}

// Words tells a player.
func (o TimeLossWithdrawn) Words(r Reader) string {
	return fmt.Sprintf("The loss on time in game %s is withdrawn: %s move reached the referee at %s, before the deadline of %s.",
		o.Game.ID, o.Game.possessive(o.Mover, r), r.Time(o.Received), r.Time(o.Deadline))
}
