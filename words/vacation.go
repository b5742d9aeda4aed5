package words

import (
	"fmt"
	"strconv"
	"time"

	"github.com/takbymail/takbot/tak"
)

// The words of "vacation DAYS".

// Allowance is what a player has left of their vacation allowance: Left
// of Max days in any 365 and, when some are used, Returning days that
// return at Returns.
type Allowance struct {
	Left, Max int
	Returning int
	Returns   time.Time
}

// Words tells the player, times in their zone: "You have 12 vacation days
// left of your 60 in any 365 days; 48 days return on 2027-02-01 09:00
// UTC."
func (a Allowance) Words(r Reader) string {
	out := "You have " + Plural(a.Left, "vacation day", "vacation days") + " left of your " + strconv.Itoa(a.Max) + " in any 365 days"
	if a.Returning > 0 {
		out += "; " + Plural(a.Returning, "day returns", "days return") + " on " + r.Time(a.Returns)
	}
	return out + "."
}

// VacationTaken is "vacation" done: the player's clocks stop until Until.
type VacationTaken struct {
	Until     time.Time
	Allowance Allowance
}

// Words tells the player.
func (o VacationTaken) Words(r Reader) string {
	return fmt.Sprintf("Your clocks stop until %s. %s", UTC(o.Until), o.Allowance.Words(r))
}

// ClockStopped is a player's clock in a game stopped by their vacation,
// told to their opponent, and to them (Own).
type ClockStopped struct {
	Game  Game
	By    tak.Color
	Until time.Time
	Own   bool
}

// Words tells a player of the game.
func (o ClockStopped) Words(Reader) string {
	if o.Own {
		return fmt.Sprintf("Game %s: your clock stops until %s.", o.Game.ID, UTC(o.Until))
	}
	return fmt.Sprintf("%s is on vacation until %s: their clock in game %s stops until then.", o.Game.Names[o.By], UTC(o.Until), o.Game.ID)
}
