package words

import (
	"fmt"

	"github.com/takbymail/takbot/tak"
)

// Settings are how a game is played, as a challenge and its start say
// them.
type Settings struct {
	Config  tak.Config
	Days    int    // per move
	Style   string // "plain", "courtly"
	Setup   string // the TPS the game starts from; "" for the empty board
	Scoring string // the scoring rules' name; "" for none
	Unrated bool
	Private bool
}

// Words says how a game is played: "5x5, komi 0, swap opening, standard
// rules, 21 stones and 1 capstone each, 3 days per move, plain style".
func (o Settings) Words() string {
	c := o.Config
	s := fmt.Sprintf("%dx%d, komi %s, %s opening, %s rules, %s, %s per move, %s style",
		c.Size, c.Size, c.Komi, c.Opening, c.Rules, Reserves(c), Plural(o.Days, "day", "days"), o.Style)
	if o.Setup != "" {
		s += ", from the position " + o.Setup
	}
	if o.Scoring != "" {
		s += ", " + o.Scoring + " scoring"
	}
	if c.Rules == tak.Modegan {
		s += ", a drawn game goes to black"
	}
	if o.Unrated {
		s += ", unrated"
	}
	if o.Private {
		s += ", private (no web page, no spectators)"
	}
	return s
}

// Reserves says the players' reserves: "21 stones and 1 capstone each",
// or each player's when they differ.
func Reserves(c tak.Config) string {
	one := func(p tak.Color) string {
		return Plural(c.Stones[p], "stone", "stones") + " and " + Plural(c.Caps[p], "capstone", "capstones")
	}
	if c.Stones[0] == c.Stones[1] && c.Caps[0] == c.Caps[1] {
		return one(tak.White) + " each"
	}
	return "white " + one(tak.White) + ", black " + one(tak.Black)
}
