package words

import (
	"fmt"
	"strings"
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

// RatedName is a seeker's name with their rating on a board's size:
// "Alice (1512)", "Alice (unrated)".
func RatedName(name string, rating int, rated bool) string {
	if !rated {
		return name + " (unrated)"
	}
	return fmt.Sprintf("%s (%d)", name, rating)
}

// SeekListed is an open challenge as "seeks" lists it to a reader.
type SeekListed struct {
	ID     string
	Seeker string // public name and rating: "Alice (1512)"
	Size   int
	Komi   tak.Komi
	Days   int
	You    tak.Color // the colour the reader would play
	// Ranged is set for a seek with a rating range, Low to High.
	Ranged    bool
	Low, High int
	// Own is the reader's own seek.
	Own bool
	// Outside is set when the reader's rating is outside the range:
	// Counted is the rating that counted, Unrated whether the reader is
	// unrated on the board's size.
	Outside bool
	Counted int
	Unrated bool
}

// Line lists it: "g3: alice (unrated), 6x6, komi 2, 3 days per move; you
// would play black".
func (o SeekListed) Line() string {
	line := fmt.Sprintf("%s: %s, %dx%d, komi %s, %s per move; you would play %s", o.ID, o.Seeker,
		o.Size, o.Size, o.Komi, Plural(o.Days, "day", "days"), o.You)
	if o.Ranged {
		line += fmt.Sprintf("; for players rated %d to %d", o.Low, o.High)
	}
	switch {
	case o.Own:
		line += " (yours)"
	case o.Outside && o.Unrated:
		line += fmt.Sprintf(", and you are unrated on %dx%d, which counts as %d", o.Size, o.Size, o.Counted)
	case o.Outside:
		line += fmt.Sprintf(", and your rating on %dx%d is %d", o.Size, o.Size, o.Counted)
	}
	return line
}

// SeekList is the answer to "seeks": the open challenges the reader may
// accept (and their own), newest first, and apart those whose rating
// range leaves the reader out, each list with how many more there are.
type SeekList struct {
	Open, Outside         []SeekListed
	MoreOpen, MoreOutside int
}

// OpenCaption heads the open challenges the reader may accept.
func (o SeekList) OpenCaption() string {
	if o.MoreOpen > 0 {
		return fmt.Sprintf("The %d newest open challenges of %d; send \"accept ID\" to take one (the first to accept plays):", len(o.Open), len(o.Open)+o.MoreOpen)
	}
	return "Open challenges, newest first; send \"accept ID\" to take one (the first to accept plays):"
}

// OutsideCaption heads the open challenges outside the reader's rating.
func (o SeekList) OutsideCaption() string {
	if o.MoreOutside > 0 {
		return fmt.Sprintf("The %d newest of %d open challenges for players rated otherwise than you, which you cannot accept:", len(o.Outside), len(o.Outside)+o.MoreOutside)
	}
	return "Open challenges for players rated otherwise than you, which you cannot accept:"
}

// SeekLines lists open challenges, one a line.
func SeekLines(l []SeekListed) string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Line()
	}
	return strings.Join(lines, "\n")
}
