package bot

import "github.com/takbymail/takbot/command"

// The command language lives in package command: the table of commands
// (names, syntax, summaries, parameters, classes, policies), the reading of
// a message into commands, prose, "did you mean" and the README's
// reference. The names below keep bot's API as it was (bot.ParseMessage,
// bot.Commands, bot.Class, …) for the transports and tests that use it;
// new code may use package command directly. What each command does is
// bot's: handlers.go maps each name to its handler.

// Types of the command language.
type (
	// CommandSpec describes one command players send: [command.CommandSpec].
	CommandSpec = command.CommandSpec
	// Class is what a command can change: [command.Class].
	Class = command.Class
	// Param is one argument of a command: [command.Param].
	Param = command.Param
	// Command is one command read from a message: [command.Command].
	Command = command.Command
	// ProseLine is a line of a message that was not read as a command:
	// [command.ProseLine].
	ProseLine = command.ProseLine
	// Parsed is a message read into commands: [command.Parsed].
	Parsed = command.Parsed
	// ParseError is a message that cannot be read at all: [command.ParseError].
	ParseError = command.ParseError
	// Who says who may run a command: [command.Who].
	Who = command.Who
	// Assurance is how sure the referee is of a sender: [command.Assurance].
	Assurance = command.Assurance
	// Shows says to whom a command's replies may go: [command.Shows].
	Shows = command.Shows
	// Policy is what a command needs and may do: [command.Policy].
	Policy = command.Policy
)

// The classes of commands.
const (
	ClassReadOnly = command.ClassReadOnly
	ClassGame     = command.ClassGame
)

// The kinds of command arguments.
const (
	ParamInteger = command.ParamInteger
	ParamPlayer  = command.ParamPlayer
	ParamBoard   = command.ParamBoard
)

// The kinds of sender a command accepts.
const (
	WhoPlayer = command.WhoPlayer
	WhoOwner  = command.WhoOwner
)

// The assurance ladder.
const (
	AssuranceUnverified = command.AssuranceUnverified
	AssuranceConfirmed  = command.AssuranceConfirmed
	AssuranceStrong     = command.AssuranceStrong
)

// The audiences of a command's replies.
const (
	ShowsSender  = command.ShowsSender
	ShowsPlayers = command.ShowsPlayers
	ShowsPublic  = command.ShowsPublic
)

// Limits of the parser.
const (
	// MaxMessageBytes bounds the text the parser reads.
	MaxMessageBytes = command.MaxMessageBytes
	// MaxCommands bounds the commands of one message.
	MaxCommands = command.MaxCommands
	// ExcerptRunes bounds the excerpt of a player's own words that
	// Command.InWords gives.
	ExcerptRunes = command.ExcerptRunes
)

// ParseMessage reads a message into commands: [command.ParseMessage].
func ParseMessage(text string) (Parsed, error) { return command.ParseMessage(text) }

// Commands returns the command table, in reference order: [command.Commands].
func Commands() []CommandSpec { return command.Commands() }

// LookupCommand returns the spec of a keyword or alias, in any case:
// [command.Lookup].
func LookupCommand(word string) (CommandSpec, bool) { return command.Lookup(word) }

// CommandReference writes the command table as the README's Markdown
// tables: [command.CommandReference].
func CommandReference() string { return command.CommandReference() }

// PolicyReference writes the policy of every command as the README's
// Markdown table: [command.PolicyReference].
func PolicyReference() string { return command.PolicyReference() }

// Command names and helpers of the language that bot's code uses.
const (
	// excerptRunes is how much of a player's text a reply quotes.
	excerptRunes = command.QuoteRunes
)

// excerpt shortens a player's text for quoting in a reply:
// [command.Excerpt].
func excerpt(s string, n int) string { return command.Excerpt(s, n) }

// squareLike reports whether a word is shaped like a square ("b4"):
// [command.SquareLike].
func squareLike(w string) bool { return command.SquareLike(w) }
