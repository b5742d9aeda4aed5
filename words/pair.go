package words

import (
	"fmt"
	"time"
)

// Pairing two identities into one player ("pair", "pair CODE",
// "unpair"; bot/pairing decides): the code given, the two joined or
// separated, and the refusals. Each identity is named for its own player
// as an Account.

// Account names an identity for its own player: "your email account
// alice@example.org", "your Discord account Alice".
type Account struct {
	Title string // the transport's title without "the": "email", "Discord"
	Who   string // the address, or the display name for an address that is a number
}

// Words says it (the bare key of an identity of no transport).
func (a Account) Words() string {
	if a.Title == "" {
		return a.Who
	}
	return fmt.Sprintf("your %s account %s", a.Title, a.Who)
}

// PairCodeGiven is a pairing code given to the player who asked for it.
type PairCodeGiven struct {
	Code    string // as players read it: "KX7M-2QPA"
	Runs    string // the transports the referee runs: "console and email"
	Expires time.Time
}

// Words tells the player.
func (o PairCodeGiven) Words(Reader) string {
	return fmt.Sprintf("Your pairing code is %s. Send \"pair %s\" from your other account (this takbot runs %s) before %s, and the two become one player: one game list, one rating and your settings here. "+
		"The code works once. Give it to nobody: whoever sends it joins your account.", o.Code, o.Code, o.Runs, UTC(o.Expires))
}

// Paired is two identities joined: Alias sent the code Primary asked for.
type Paired struct {
	Alias, Primary Account
	Name           string // the player's name: the primary's
	Moved          int    // the alias's games that joined the primary's list
	// ToPrimary words it for the primary's identity, which did not send
	// the message (if it was not them, they undo it).
	ToPrimary bool
}

// Words tells the sender (the alias), or the primary.
func (o Paired) Words(Reader) string {
	if o.ToPrimary {
		return fmt.Sprintf("%s is now paired with %s: the code you asked for was sent from there, so both are you, %s, with one game list and your settings. "+
			"If that was not you, send \"unpair\" at once.", Capitalize(o.Primary.Words()), o.Alias.Words(), o.Name)
	}
	joined := "This account had no games of its own to add."
	if o.Moved > 0 {
		joined = Plural(o.Moved, "game of this account joined", "games of this account joined") + " the list."
	}
	return fmt.Sprintf("Paired: %s and %s are now one player, %s, with one game list. %s Your settings, name and rating are those of %s. "+
		"Answers come back where you write from; news of your games goes where you last wrote from. Send \"unpair\" from either to separate them.",
		o.Alias.Words(), o.Primary.Words(), o.Name, joined, o.Primary.Words())
}

// Unpaired is two identities separated.
type Unpaired struct {
	Primary, Alias Account
	Back           int // the games that went back to the alias
	// From names the identity "unpair" came from, for the other one
	// (nil: the reader sent it).
	From *Account
}

// Words tells each identity.
func (o Unpaired) Words(Reader) string {
	went := "No game went back"
	if o.Back > 0 {
		went = Plural(o.Back, "game went back", "games went back")
	}
	text := fmt.Sprintf("Unpaired: %s and %s are two players again. %s to %s; the games begun while they were paired stay with %s, and each keeps its own settings.",
		o.Primary.Words(), o.Alias.Words(), went, o.Alias.Words(), o.Primary.Words())
	if o.From != nil {
		text += fmt.Sprintf(" (\"unpair\" was sent from %s.)", o.From.Words())
	}
	return text
}

// PairReason is why "pair" or "unpair" is refused.
type PairReason uint8

// The reasons a PairRefusal gives; each says which fields it reads.
const (
	_ PairReason = iota
	// UnpairArgs: "unpair" with words after it.
	UnpairArgs
	// PairCodeWords: the code written as several words.
	PairCodeWords
	// AlreadyPairedWith: the sender's account is paired (reads With).
	AlreadyPairedWith
	// NotACode: the word is no pairing code (reads Arg, Count: a code's
	// length).
	NotACode
	// CodeDead: the code does not work, or no longer (reads Arg: the
	// code, Count: minutes a code lasts).
	CodeDead
	// OwnCode: the code is sent from the account that asked for it.
	OwnCode
	// ThisPaired: the account sending the code is paired already.
	ThisPaired
	// OtherPaired: the account that asked for the code paired meanwhile.
	OtherPaired
	// TooManyGames: the account has too many games to move (reads Count,
	// Max).
	TooManyGames
	// PlayEachOther: the two accounts play each other (reads Arg: the game).
	PlayEachOther
	// NotPaired: "unpair" from an account that is not paired.
	NotPaired
)

// PairRefusal is a refusal of "pair" or "unpair".
type PairRefusal struct {
	Reason     PairReason
	Arg        string
	With       Account
	Count, Max int
}

// Words says why.
func (o PairRefusal) Words(Reader) string {
	switch o.Reason {
	case UnpairArgs:
		return "\"unpair\" takes nothing after it"
	case PairCodeWords:
		return "write the code as one word, e.g. \"pair KX7M-2QPA\""
	case AlreadyPairedWith:
		return fmt.Sprintf("your account is already paired with %s; send \"unpair\" first to pair it with another", o.With.Words())
	case NotACode:
		return fmt.Sprintf("%q is not a pairing code: a code has %d letters and digits, like KX7M-2QPA. Send \"pair\" from your other account to get one", o.Arg, o.Count)
	case CodeDead:
		return fmt.Sprintf("the code %s does not work: a code works once, for %d minutes. Send \"pair\" from your other account for a new one", o.Arg, o.Count)
	case OwnCode:
		return "send this code from your other account (by mail or on Discord), not from the one that asked for it"
	case ThisPaired:
		return "this account is already paired; send \"unpair\" first"
	case OtherPaired:
		return "the account that asked for this code is paired with another meanwhile; it must send \"unpair\" first"
	case TooManyGames:
		return fmt.Sprintf("this account has %d games, and at most %d can join another account's list", o.Count, o.Max)
	case PlayEachOther:
		return fmt.Sprintf("your two accounts play each other in game %s: finish it (or withdraw the challenge) before you pair them", o.Arg)
	case NotPaired:
		return "your account is not paired with another; \"pair\" gives a code to pair it"
	}
	return "pairing refused"
}
