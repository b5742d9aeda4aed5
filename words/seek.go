package words

import (
	"fmt"
	"time"

	"github.com/takbymail/takbot/tak"
)

// Open challenges ("new anyone"): told to the seeker (a Reader who Plays
// the game) and to the transports' lobbies (a Reader who does not). The
// lobbies read public names only.

// SeekWho says who may accept an open challenge.
type SeekWho struct {
	Ranged    bool // only players rated Low to High
	Low, High int
	UnratedAs int // the rating an unrated player counts as
}

// Words says it: "anyone", "a player rated 1400 to 1700 (unrated players
// count as 1000)".
func (w SeekWho) Words() string {
	if !w.Ranged {
		return "anyone"
	}
	return fmt.Sprintf("a player rated %d to %d (unrated players count as %d)", w.Low, w.High, w.UnratedAs)
}

// SeekPosted is an open challenge posted.
type SeekPosted struct {
	Game     Game
	Seeker   string // the seeker's public name and rating, for the lobbies: "Alice (1512)"
	ByColor  tak.Color
	Settings Settings
	Who      SeekWho
	Expires  time.Time // in UTC
}

// Words tells the seeker what they posted, or a lobby who is looking for
// an opponent.
func (o SeekPosted) Words(r Reader) string {
	id := o.Game.ID
	if r.Plays {
		return fmt.Sprintf("Open challenge %s posted: %s. You play %s. %s may accept it with \"accept %s\" until %s, when it expires; send \"cancel\" to withdraw it.",
			id, o.Settings.Words(), o.ByColor, Capitalize(o.Who.Words()), id, UTC(o.Expires))
	}
	return fmt.Sprintf("%s is looking for an opponent: open challenge %s, %s. The one who accepts plays %s; %s may accept until %s.",
		o.Seeker, id, o.Settings.Words(), o.ByColor.Opponent(), o.Who.Words(), UTC(o.Expires))
}

// SeekTaken is an open challenge accepted, told to the lobbies: who took
// it, unless the game is private.
type SeekTaken struct {
	ID          string
	By, Seeker  string // public names
	PrivateGame bool
}

// Words tells a lobby.
func (o SeekTaken) Words(Reader) string {
	if o.PrivateGame {
		// A private game's players are its own business: the lobby
		// learns only that the challenge is taken.
		return fmt.Sprintf("The open challenge %s of %s was accepted.", o.ID, o.Seeker)
	}
	return fmt.Sprintf("%s accepted the open challenge %s of %s: the game has begun.", o.By, o.ID, o.Seeker)
}

// SeekExpired is an open challenge nobody accepted in time.
type SeekExpired struct {
	ID     string
	Seeker string // public name, for the lobbies
	Days   int
}

// Words tells the seeker, or a lobby.
func (o SeekExpired) Words(r Reader) string {
	if r.Plays {
		return fmt.Sprintf("Your open challenge %s expired: nobody accepted it within %s. Send \"new anyone\" to post another.", o.ID, Plural(o.Days, "day", "days"))
	}
	return fmt.Sprintf("The open challenge %s of %s expired: nobody accepted it.", o.ID, o.Seeker)
}

// SeekWithdrawn is an open challenge its seeker withdrew.
type SeekWithdrawn struct {
	ID     string
	Seeker string // public name, for the lobbies
}

// Words tells the seeker, or a lobby.
func (o SeekWithdrawn) Words(r Reader) string {
	if r.Plays {
		return fmt.Sprintf("You withdrew your open challenge %s.", o.ID)
	}
	return fmt.Sprintf("%s withdrew the open challenge %s.", o.Seeker, o.ID)
}
