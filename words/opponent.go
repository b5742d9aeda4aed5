package words

import (
	"fmt"
	"strings"
)

// Naming an opponent after "new" (bot/challenge decides): the refusals of
// a word that names nobody the referee can reach, the question among
// namesakes, and the answers that are not a game's news: takbot's game
// begun, a challenge withdrawn before it went out, no open challenge.

// OpponentReason is why the word after "new" names no opponent.
type OpponentReason uint8

// The reasons an OpponentRefusal gives; each says which fields it reads.
const (
	_ OpponentReason = iota
	// AddressTooLong: longer than any address (reads Arg, Count: the
	// most).
	AddressTooLong
	// OptionsFirst: an option where the opponent goes (reads Arg).
	OptionsFirst
	// NoTransport: "transport:address" names no transport (reads Arg,
	// Runs).
	NoTransport
	// TransportOff: the address is of a transport not running here
	// (reads Title, Arg, Runs).
	TransportOff
	// NotAnAddress: "transport:address" is no address of it (reads Arg,
	// Title).
	NotAnAddress
	// UnknownOpponent: no player of that name, nor an address (reads Arg,
	// Ways: the running transports' names).
	UnknownOpponent
)

// OpponentRefusal refuses "new" for the word naming the opponent.
type OpponentRefusal struct {
	Reason OpponentReason
	Arg    string // the word, shortened
	Title  string // a transport's title: "email", "Discord"
	Runs   string // the running transports' titles: "console and email"
	Ways   []string
	Count  int
}

// Words says why.
func (o OpponentRefusal) Words(Reader) string {
	switch o.Reason {
	case AddressTooLong:
		return fmt.Sprintf("%q is too long to be a player's name or address (at most %d characters)", o.Arg, o.Count)
	case OptionsFirst:
		return fmt.Sprintf("say whom to challenge before the options, e.g. \"new bob %s\"", o.Arg)
	case NoTransport:
		return fmt.Sprintf("there is no transport %q on this takbot; it runs %s", o.Arg, o.Runs)
	case TransportOff:
		return fmt.Sprintf("%s is not enabled on this takbot, so %s cannot play here; it runs %s", o.Title, o.Arg, o.Runs)
	case NotAnAddress:
		return fmt.Sprintf("%q is not %s address", o.Arg, article(o.Title))
	case UnknownOpponent:
		ways := make([]string, len(o.Ways))
		for i, w := range o.Ways {
			ways[i] = fmt.Sprintf("\"%s:ADDRESS\"", w)
		}
		return fmt.Sprintf("%q is not a player this takbot knows or an address it can reach: name your opponent by their name or address, or %s", o.Arg, orList(ways))
	}
	return "no such opponent"
}

// WhichPlayer asks which of several players of one name "new" meant.
type WhichPlayer struct {
	Name string   // as written, shortened
	Keys []string // the players' keys
}

// Words asks.
func (o WhichPlayer) Words(Reader) string {
	cmds := make([]string, len(o.Keys))
	for i, k := range o.Keys {
		cmds[i] = fmt.Sprintf("\"new %s\"", k)
	}
	return fmt.Sprintf("Several players are called %s: say which one, with %s (and your options after it). Nothing was changed.", o.Name, orList(cmds))
}

// EngineGameBegins is a game against takbot, which plays at once.
type EngineGameBegins struct{ Level, MaxLevel int }

// Words tells the player.
func (o EngineGameBegins) Words(Reader) string {
	return fmt.Sprintf("takbot plays you at level %d of %d; the game is unrated.", o.Level, o.MaxLevel)
}

// ChallengeUnsent is a challenge withdrawn before its notice went out.
type ChallengeUnsent struct {
	ID string
	To string // the challenged player's name
}

// Words tells the challenger.
func (o ChallengeUnsent) Words(Reader) string {
	return fmt.Sprintf("You withdrew the challenge %s before it went out: %s was not told of it.", o.ID, o.To)
}

// NoSeeks is "seeks" finding no open challenge the reader may accept;
// Outside is set when there are some outside their rating.
type NoSeeks struct{ Outside bool }

// Words tells the reader.
func (o NoSeeks) Words(Reader) string {
	if o.Outside {
		return "There are no open challenges you can accept now. Send \"new anyone\" (with your options, e.g. \"new anyone size=6\") to post one."
	}
	return "There are no open challenges now. Send \"new anyone\" (with your options, e.g. \"new anyone size=6\") to post one."
}

// article puts "a" or "an" before a word.
func article(s string) string {
	if s != "" && strings.ContainsRune("aeiouAEIOU", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// orList joins "a", "a or b", "a, b or c".
func orList(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
