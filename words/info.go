package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Commands that show a game or the player's games and change nothing
// ("board", "history", "link", "tps", "games", "game ID", "notation").

// GameShown heads a game shown with "board": who plays whom, and its
// rematches.
type GameShown struct {
	Game    Game
	Rematch string // RematchLinks of the game
}

// Words heads it.
func (o GameShown) Words(r Reader) string {
	return fmt.Sprintf("Game %s: %s against %s.%s", o.Game.ID, o.Game.whoFor(tak.White, r), o.Game.whoFor(tak.Black, r), o.Rematch)
}

// PTNCaption is the caption of a game's PTN ("history").
func PTNCaption(id string) string { return "Game " + id + " as PTN:" }

// TPSCaption is the caption of a game's position as TPS ("tps") before
// turn.
func TPSCaption(id string, turn int) string {
	return "Game " + id + " at " + TurnName(turn) + " as TPS:"
}

// NinjaLinked is a game's PTN Ninja link ("link").
type NinjaLinked struct{ ID, Link string }

// Words gives it.
func (o NinjaLinked) Words(Reader) string { return "Game " + o.ID + " on PTN Ninja: " + o.Link }

// NoGames answers "games" from a player without any.
type NoGames struct{}

// Words says how to start one.
func (NoGames) Words(Reader) string {
	return "You have no games yet: challenge someone with \"new OPPONENT\", e.g. \"new bob size=5\", or send \"seeks\" for the open challenges waiting for an opponent."
}

// GamesCaption heads the list of "games", its end hint (" (...)") or "".
func GamesCaption(hint string) string { return "Your games, those waiting for you first" + hint + ":" }

// Listing is how a game listed by "games" stands for the reader.
type Listing uint8

// The ways a listed game stands.
const (
	ListedOther           Listing = iota // none below (reads Status)
	ListedActive                         // in progress (reads Turn, ToMove, Deadline)
	ListedSeek                           // the reader's open challenge
	ListedChallengeSent                  // the reader's challenge
	ListedChallengeToMeet                // a challenge to the reader
	ListedOver                           // finished (reads Result)
)

// GameLine is one game of the reader's as "games" (and the digest) lists
// it: the opponent, the reader's colour, how it stands, the rematches,
// and the opponent's proposal waiting.
type GameLine struct {
	Game     Game
	Me       tak.Color // the colour the reader plays
	Listing  Listing
	Turn     int       // ListedActive: the turn to play, from 1
	ToMove   tak.Color // ListedActive
	Deadline time.Time // ListedActive: when the move is due; zero for no clock
	Now      time.Time // ListedActive: when the line is written, for the time left; zero says none
	Result   string    // ListedOver: the result in PTN
	Status   string    // ListedOther: the record's status
	Rematch  string    // RematchLinks of the game
	// Proposal is the opponent's proposal waiting for the reader's
	// answer, short ("draw"), "" for none; ProposalBy who made it.
	Proposal   string
	ProposalBy tak.Color
	Chosen     bool // the game the reader chose with "game ID"
}

// Words writes the line: "g1 against bob, you play white: your turn
// (turn 3), due 2026-11-27 09:00 UTC, 2 days 4 hours left".
func (o GameLine) Words(r Reader) string {
	g := o.Game
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s against %s, you play %s: ", g.ID, g.EventNote(), g.Names[o.Me.Opponent()], o.Me)
	switch o.Listing {
	case ListedActive:
		if o.ToMove == o.Me {
			fmt.Fprintf(&b, "your turn (turn %d)", o.Turn)
		} else {
			fmt.Fprintf(&b, "%s's turn (turn %d)", g.Names[o.ToMove], o.Turn)
		}
		if !o.Deadline.IsZero() {
			b.WriteString(", due " + r.Time(o.Deadline))
			if !o.Now.IsZero() {
				b.WriteString(", " + TimeLeft(o.Deadline.Sub(o.Now)))
			}
		}
	case ListedSeek:
		b.WriteString("open challenge, until someone accepts it (\"seeks\" lists it)")
	case ListedChallengeSent:
		b.WriteString("challenge sent")
	case ListedChallengeToMeet:
		b.WriteString("challenge to answer")
	case ListedOver:
		b.WriteString("over, " + o.Result)
	default:
		b.WriteString(o.Status)
	}
	b.WriteString(o.Rematch)
	if o.Proposal != "" {
		fmt.Fprintf(&b, "; %s proposes to %s: send \"game %s; accept\" or \"game %s; decline\"", g.Names[o.ProposalBy], o.Proposal, g.ID, g.ID)
	}
	if o.Chosen {
		b.WriteString(" (chosen: your commands go here)")
	}
	return b.String()
}

// GameChosen answers "game ID": the sender's commands go there now.
type GameChosen struct{ Game Game }

// Words tells the sender.
func (o GameChosen) Words(r Reader) string {
	return fmt.Sprintf("Your commands now go to game %s, %s against %s, until you choose another with \"game ID\".", o.Game.ID, o.Game.nameFor(tak.White, r), o.Game.nameFor(tak.Black, r))
}

// NotationSet answers "notation": the notation the referee now writes in.
type NotationSet struct{ Notation notation.Orientation }

// Words tells the sender.
func (o NotationSet) Words(Reader) string {
	what := "Tak by Mail (A1 is the north-west corner); a bare square such as \"b4\" is asked about, since it reads differently in PTN"
	if o.Notation == notation.PTN {
		what = "PTN (a1 is the south-west corner); bare squares such as \"b4\" are read as PTN"
	}
	return "The referee now writes to you in " + what + "."
}

// InfoRefused is why "game" or "notation" refuses.
type InfoRefused uint8

// The refusals of "game" and "notation".
const (
	GameWhich       InfoRefused = iota // "game" without an id
	GameOneID                          // "game" with more than one word (reads Arg, Rest)
	GameMissing                        // no such game the sender may see (reads Arg)
	GameNotYours                       // the game is not the sender's (reads Arg)
	NotationWhich                      // "notation" without one word
	NotationUnknown                    // no such notation (reads Arg)
)

// InfoRefusal refuses "game" or "notation"; Arg and Rest are quoted as
// given (shortened already).
type InfoRefusal struct {
	Reason    InfoRefused
	Arg, Rest string
}

// Words refuses.
func (o InfoRefusal) Words(Reader) string {
	switch o.Reason {
	case GameWhich:
		return "say which game, e.g. \"game g3\" (send \"games\" to list yours)"
	case GameOneID:
		return fmt.Sprintf("\"game\" takes one game id; to send a command to that game, separate them with ';', e.g. \"game %s; %s\"", o.Arg, o.Rest)
	case GameMissing:
		return fmt.Sprintf("there is no game %s; send \"games\" to list yours", o.Arg)
	case GameNotYours:
		return fmt.Sprintf("game %s is not one of yours; send \"games\" to list yours", o.Arg)
	case NotationWhich:
		return "say \"notation mail\" (Tak by Mail: A1 is the north-west corner) or \"notation ptn\" (a1 is the south-west corner)"
	}
	return fmt.Sprintf("notation is mail or ptn, not %q", o.Arg)
}

// TimeLeft says how long is left before a deadline, in its two largest
// units, rounded down: "2 days 4 hours left", "3 hours 20 minutes left",
// "45 minutes left", "less than a minute left"; "overdue" once it passed.
func TimeLeft(d time.Duration) string {
	if d <= 0 {
		return "overdue"
	}
	days, hours, minutes := int(d/(24*time.Hour)), int(d/time.Hour)%24, int(d/time.Minute)%60
	var out string
	switch {
	case days > 0:
		out = Plural(days, "day", "days")
		if hours > 0 {
			out += " " + Plural(hours, "hour", "hours")
		}
	case hours > 0:
		out = Plural(hours, "hour", "hours")
		if minutes > 0 {
			out += " " + Plural(minutes, "minute", "minutes")
		}
	case minutes > 0:
		out = Plural(minutes, "minute", "minutes")
	default:
		out = "less than a minute"
	}
	return out + " left"
}
