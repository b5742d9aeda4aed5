package command

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// CommandSpec describes one command players send. The parser, the
// referee's help, its "did you mean" suggestions, the README's command
// reference and the Discord adapter's slash-command options all come from
// the one table of specs, [Commands]. What a command does is the referee's:
// package bot maps each name to its handler. A limit the operator
// configures is never written in a spec's texts (Syntax, Summary, Examples,
// its Params' Summary and Default) as a number but as its placeholder,
// which [CommandsWith] resolves ([Limits], limits.go).
type CommandSpec struct {
	Name     string   // the keyword: "new", "accept", ...
	Aliases  []string // other keywords for the same command
	Syntax   string   // how to write it: "new OPPONENT [size=5] ..."
	Summary  string   // what it does, in one sentence
	Examples []string // exact commands
	Group    Group    // where help and the README list it
	Params   []Param  // its arguments, for transports with structured input
	// Class says what the command can change. Every command has one (the
	// zero value is invalid); a sender the transport cannot vouch for (a
	// mail with a forgeable From) runs only read-only commands, the others
	// wait until the sender confirms from their real mailbox.
	Class Class
	// BareClass, when set, is the class of the command written without
	// arguments: "rs" alone only shows the sync board, "rs" with a board
	// records it in the game.
	BareClass Class
	// Policy is what the command needs and may do (who, assurance,
	// strangers, shows): see policy.go, where every command declares one
	// in commandPolicies. The referee enforces it around the handler.
	Policy Policy
	// BarePolicy, when valid, is the policy of the command written
	// without arguments, as BareClass.
	BarePolicy Policy
}

// Group is a section of the command reference.
type Group uint8

// The sections of the command reference, in order.
const (
	GroupStart  Group = iota + 1 // starting a game
	GroupMove                    // moving
	GroupSync                    // keeping boards in sync, disputes
	GroupPlay                    // during a game
	GroupAlways                  // at any time
)

// Title names the section.
func (g Group) Title() string {
	switch g {
	case GroupStart:
		return "Starting a game"
	case GroupMove:
		return "Moving"
	case GroupSync:
		return "Keeping boards in sync, and disputes"
	case GroupPlay:
		return "During a game"
	case GroupAlways:
		return "At any time"
	}
	return fmt.Sprintf("group %d", g)
}

// Class is what a command can change, from the least to the most
// far-reaching. The zero value is no class and is invalid: every command of
// the table names its own.
type Class uint8

// The classes of commands.
const (
	// ClassReadOnly commands only show something to their sender (board,
	// games, help): nothing is stored and nobody else is told.
	ClassReadOnly Class = iota + 1
	// ClassGame commands change a game the sender plays in (a move, an
	// answer, an offer, a dispute, a sync board recorded).
	ClassGame
	// ClassSettings commands change the sender's own settings (notation,
	// the chosen game, a vacation, which also moves the sender's clocks).
	ClassSettings
	// ClassThirdParty commands reach someone who is not yet in a game with
	// the sender (new: a challenge to another player).
	ClassThirdParty
)

// Valid reports whether c is one of the classes.
func (c Class) Valid() bool { return c >= ClassReadOnly && c <= ClassThirdParty }

// String names the class.
func (c Class) String() string {
	switch c {
	case ClassReadOnly:
		return "read-only"
	case ClassGame:
		return "changes a game"
	case ClassSettings:
		return "changes the sender's settings"
	case ClassThirdParty:
		return "reaches another player"
	}
	return fmt.Sprintf("invalid class %d", uint8(c))
}

// Param is one argument of a command.
type Param struct {
	Name    string // "opponent", "size", "reason"
	Kind    ParamKind
	Summary string
	// Option marks a key=value option (written "size=6"); other
	// parameters are positional.
	Option   bool
	Required bool
	Choices  []string // the values allowed, when a fixed set
	Min, Max int      // for Integer
	Default  string   // shown in help ("5")
}

// ParamKind is the type of a command argument.
type ParamKind uint8

// The kinds of command arguments.
const (
	ParamText    ParamKind = iota + 1 // free text (a reason)
	ParamInteger                      // a whole number
	ParamChoice                       // one of Choices
	ParamPlayer                       // an opponent: a name, an address, a mention
	ParamMove                         // a move in either notation
	ParamBoard                        // a sync board, one row per line
	ParamGame                         // a game id
	ParamNumber                       // a number with halves (komi)
)

// Commands returns the command table, in reference order, its texts
// stating the default limits ([CommandsWith] states others). The specs are
// copies: changing one changes nothing of the table.
func Commands() []CommandSpec { return CommandsWith(DefaultLimits()) }

// Lookup returns the spec of a keyword or alias, in any case, its texts
// stating the default limits.
func Lookup(word string) (CommandSpec, bool) {
	c, ok := keywordIndex[strings.ToLower(word)]
	if !ok {
		return CommandSpec{}, false
	}
	return resolveSpec(*c, DefaultLimits().replacer()), true
}

// Names of the commands of the table that code refers to by name.
const (
	Move = "move" // a move; the keyword "move" before it is optional
	RS   = "rs"   // the sync board, which takes the board rows below it
	Game = "game" // choosing the game later commands go to
)

// Unexported short names, as the parser's code has always called them.
const (
	cmdMove = Move
	cmdRS   = RS
	cmdGame = Game
)

// maxLevel is takbot's strongest level (bot.MaxLevel; a test of bot's
// checks that they agree, and that the choices of style are its styles).
const maxLevel = 10

// NewOptions returns the options of "new", in reference order (copies),
// their texts stating the default limits.
func NewOptions() []Param { return resolveParams(newOptions, DefaultLimits().replacer()) }

// SettingNames returns the settings "set" changes, in the order
// "settings" shows them.
func SettingNames() []string { return slices.Clone(settingNames) }

// settingNames are the settings "set" changes, in the order "settings"
// shows them.
var settingNames = []string{"theme", "size", "textboard", "notation", "chat", "remind", "zone", "digest", "news", "review"}

// ValidSetting reports whether name (in lower case) is a setting "set"
// changes.
func ValidSetting(name string) bool { return slices.Contains(settingNames, name) }

// newOptions are the options of "new", shared by its spec and its parser.
var newOptions = []Param{
	{Name: "size", Kind: ParamInteger, Option: true, Min: 3, Max: 8, Default: "5", Summary: "the board is SIZE by SIZE squares (3 to 8)"},
	{Name: "komi", Kind: ParamNumber, Option: true, Default: "0", Summary: "flats added to the second player's count, whole or half, -10 to 10 (komi=2.5)"},
	{Name: "color", Kind: ParamChoice, Option: true, Choices: []string{"white", "black", "random"}, Default: "random", Summary: "the colour you play"},
	{Name: "opening", Kind: ParamChoice, Option: true, Choices: []string{"swap", "no-swap"}, Default: "swap", Summary: "swap: each player's first placement is a flat of the opponent's colour"},
	{Name: "rules", Kind: ParamChoice, Option: true, Choices: []string{"standard", "modegan", "adem"}, Default: "standard",
		Summary: "modegan: 4x4 to 6x6, one capstone, no swap, a draw goes to Black; adem: 5x5, no capstone, 22 flats (24 with stones=24)"},
	{Name: "stones", Kind: ParamInteger, Option: true, Min: 1, Max: 60, Summary: "each player's stones, instead of the size's standard reserve"},
	{Name: "caps", Kind: ParamInteger, Option: true, Min: 0, Max: 4, Summary: "each player's capstones, instead of the size's standard reserve"},
	{Name: "stones1", Kind: ParamInteger, Option: true, Min: 0, Max: 60, Summary: "player 1's (white's) stones"},
	{Name: "stones2", Kind: ParamInteger, Option: true, Min: 0, Max: 60, Summary: "player 2's (black's) stones"},
	{Name: "caps1", Kind: ParamInteger, Option: true, Min: 0, Max: 4, Summary: "player 1's (white's) capstones"},
	{Name: "caps2", Kind: ParamInteger, Option: true, Min: 0, Max: 4, Summary: "player 2's (black's) capstones"},
	{Name: "tps", Kind: ParamText, Option: true, Default: "the empty board", Summary: "start from this position, as TPS (tps=x5/x5/x2,1,x2/x5/x5 2 1)"},
	{Name: "days", Kind: ParamInteger, Option: true, Min: 1, Max: 60, Default: daysPerMove, Summary: "days each player has for a move"},
	{Name: "scoring", Kind: ParamText, Option: true, Default: "standard",
		Summary: "standard, or the companion book's regional rules downings, tarway, middletown, bigmiddle, tenboard, joined with +"},
	{Name: "style", Kind: ParamChoice, Option: true, Choices: []string{"street", "courtly"}, Default: "street",
		Summary: "street: the referee announces the Tak calls players make; courtly: it also announces every road-in-one threat"},
	{Name: "level", Kind: ParamInteger, Option: true, Min: 1, Max: maxLevel, Default: "5", Summary: "takbot's strength in a game against it, from 1 (weakest, quick and often a weaker move) to 10"},
	{Name: "rating", Kind: ParamText, Option: true, Default: "any",
		Summary: "open challenges only (new anyone): who may accept, by rating on the board's size, LOW-HIGH (rating=1400-1700); an unrated player counts as 1500"},
	{Name: "rated", Kind: ParamChoice, Option: true, Choices: []string{"yes", "no"}, Default: "yes",
		Summary: "no: the result changes neither player's rating"},
	{Name: "private", Kind: ParamChoice, Option: true, Choices: []string{"yes", "no"}, Default: "no",
		Summary: "yes: only its players see the game (no web page, no spectators, not in others' stats), and it is not rated"},
}

// commandTable is the one table of commands; init fills it from
// commandSpecs and commandPolicies.
var commandTable []*CommandSpec

// keywordIndex maps every keyword and alias to its spec.
var keywordIndex map[string]*CommandSpec

// keywordList is every keyword and alias, sorted, for suggestions.
var keywordList []string

func init() {
	commandTable = withEventSpecs(commandSpecs())
	applyPolicies(commandTable)
	keywordIndex = map[string]*CommandSpec{}
	for _, c := range commandTable {
		for _, k := range append([]string{c.Name}, c.Aliases...) {
			if _, dup := keywordIndex[k]; dup {
				panic("command: keyword " + k + " twice in the command table")
			}
			keywordIndex[k] = c
			keywordList = append(keywordList, k)
		}
	}
	sort.Strings(keywordList)
}

func commandSpecs() []*CommandSpec {
	return []*CommandSpec{
		{Name: "new", Group: GroupStart, Syntax: "new OPPONENT|anyone|takbot [size=5] [komi=0] [color=random] [opening=swap] [rules=standard] [stones=N] [caps=N] [days=" + daysPerMove + "] [scoring=standard] [style=street] [level=5] [rating=LOW-HIGH] [rated=yes] [private=no]",
			Summary:  "challenge a player to a game; \"new anyone\" posts an open challenge that the first to accept plays (on Discord in the lobby channel, by mail listed by \"seeks\"); \"new takbot\" starts a game against the bot itself at once (unrated)",
			Examples: []string{"new bob size=6 komi=2 color=white days=5", "new ann@example.org", "new discord:123456789012345678 style=courtly", "new anyone size=6 rating=1400-1700", "new takbot level=3 size=6"},
			Params: append([]Param{{Name: "opponent", Kind: ParamPlayer, Required: true,
				Summary: "a name on your own transport, an email address, a Discord mention, or transport:address; anyone for an open challenge"}}, newOptions...),
			Class: ClassThirdParty},
		{Name: "rematch", Group: GroupStart, Syntax: "rematch", Summary: "after a game ends, challenge the same opponent again with the same options and the colours swapped",
			Examples: []string{"rematch", "game g3; rematch"}, Class: ClassThirdParty},
		{Name: "accept", Group: GroupStart, Syntax: "accept [ID]", Summary: "accept a challenge, or your opponent's proposal; \"accept ID\" takes the open challenge ID (see \"seeks\")", Examples: []string{"accept", "accept g12"},
			Params: []Param{{Name: "id", Kind: ParamGame, Summary: "an open challenge to take, or the game whose challenge or proposal you accept"}},
			Class:  ClassGame},
		{Name: "decline", Group: GroupStart, Syntax: "decline", Summary: "decline a challenge, or your opponent's proposal", Examples: []string{"decline"}, Class: ClassGame},
		{Name: "cancel", Group: GroupStart, Syntax: "cancel", Summary: "withdraw your challenge or your proposal", Examples: []string{"cancel"}, Class: ClassGame},

		{Name: cmdMove, Group: GroupMove, Syntax: "MOVE [t] [#N]",
			Summary:  "play a move, in Tak by Mail (\"ps b4\", \"ms b2 p3 2 1\") or PTN (\"c3\", \"3c3>12\"); \"t\" or PTN's ' calls Tak, \"#N\" refuses the move unless the game is at turn N; the word \"move\" before it is optional",
			Examples: []string{"ps b4", "ms b2 p3 2 1 t", "3b4-21", "Sc3 #7"},
			Params:   []Param{{Name: "move", Kind: ParamMove, Required: true, Summary: "a move in Tak by Mail or PTN notation"}},
			Class:    ClassGame},

		{Name: cmdRS, Group: GroupSync, Syntax: "rs [BOARD]", Summary: "show the game's sync board; with your board on the lines below, compare it with the true board and say where they diverged",
			Examples: []string{"rs", "rs\n0 0 0 0 s\n0 0 S 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0"},
			Params:   []Param{{Name: "board", Kind: ParamBoard, Summary: "your board: one row per line, north row first, stacks top first, 0 for empty"}},
			Class:    ClassGame, BareClass: ClassReadOnly},
		{Name: "revert", Group: GroupSync, Syntax: "revert [N]", Summary: "propose going back to the position after turn N (by default the last turn your rs board matches)",
			Examples: []string{"revert", "revert 12"},
			Params:   []Param{{Name: "turn", Kind: ParamInteger, Min: 0, Max: 100000, Summary: "the turn after which to go back to"}},
			Class:    ClassGame},
		{Name: "adopt", Group: GroupSync, Syntax: "adopt", Summary: "propose making the board you sent with rs the position", Examples: []string{"adopt"}, Class: ClassGame},
		{Name: "restart", Group: GroupSync, Syntax: "restart", Summary: "propose starting the game again from the empty board", Examples: []string{"restart"}, Class: ClassGame},
		{Name: "im", Group: GroupSync, Syntax: "im REASON", Summary: "dispute your opponent's last move: the referee checks it again, rules, and shows the board before and after",
			Examples: []string{"im the wall on c3 was covered"},
			Params:   []Param{{Name: "reason", Kind: ParamText, Required: true, Summary: "why you think the move was illegal"}},
			Class:    ClassGame},
		{Name: "takeback", Group: GroupSync, Syntax: "takeback", Summary: "after a dispute ruled the move legal, ask your opponent to take it back anyway (only while the game is in progress)",
			Examples: []string{"takeback"}, Class: ClassGame},

		{Name: "undo", Group: GroupPlay, Syntax: "undo", Summary: "ask to take back your last move (only while the game is in progress)", Examples: []string{"undo"}, Class: ClassGame},
		{Name: "draw", Group: GroupPlay, Syntax: "draw", Summary: "offer a draw (two offers that cross are agreed)", Examples: []string{"draw"}, Class: ClassGame},
		{Name: "abort", Group: GroupPlay, Syntax: "abort", Summary: "end the game with no result, unrated, before each player has moved twice", Examples: []string{"abort"}, Class: ClassGame},
		{Name: "resign", Group: GroupPlay, Syntax: "resign", Summary: "resign the game", Examples: []string{"resign"}, Class: ClassGame},
		{Name: "say", Group: GroupPlay, Syntax: "say TEXT", Summary: "pass a few words to your opponent, marked as yours (no addresses or links; \"set chat off\" stops receiving them)",
			Examples: []string{"say good luck, have fun!"},
			Params:   []Param{{Name: "text", Kind: ParamText, Required: true, Summary: "what to tell your opponent, at most 300 characters"}},
			Class:    ClassThirdParty},
		{Name: "plan", Group: GroupPlay, Syntax: "plan [X Y [Z W ...]], or plan clear",
			Summary:  "plan moves ahead: if your opponent plays X, you answer Y at once (then if Z, W); plans that start alike form a tree, a move none of them expects clears them; alone it shows yours, which your opponent never sees",
			Examples: []string{"plan c3 d3 c4 d4", "plan ps b2, ps c2", "plan", "plan clear"},
			Params:   []Param{{Name: "moves", Kind: ParamText, Summary: "your opponent's move, your answer, and so on, in either notation; commas may separate them"}},
			Class:    ClassGame, BareClass: ClassReadOnly},
		{Name: "board", Group: GroupPlay, Syntax: "board", Summary: "the board: a picture, a text board in your notation, and whose turn it is", Examples: []string{"board"}, Class: ClassReadOnly},
		{Name: "history", Group: GroupPlay, Syntax: "history", Summary: "the game so far as a PTN file, and what its players said with \"say\" (shown to its players only)", Examples: []string{"history"}, Class: ClassReadOnly},
		{Name: "analyse", Aliases: []string{"analyze"}, Group: GroupPlay, Syntax: "analyse [N]",
			Summary:  "takbot's evaluation and best line for the position after turn N (by default the position now), in a game against takbot or a finished game",
			Examples: []string{"analyse", "analyse 12"},
			Params:   []Param{{Name: "turn", Kind: ParamInteger, Min: 0, Max: 100000, Summary: "the turn after which to analyse"}},
			Class:    ClassReadOnly},
		{Name: "tps", Group: GroupPlay, Syntax: "tps", Summary: "the position as TPS", Examples: []string{"tps"}, Class: ClassReadOnly},
		{Name: "link", Group: GroupPlay, Syntax: "link", Summary: "a PTN Ninja link to the game", Examples: []string{"link"}, Class: ClassReadOnly},

		{Name: "games", Group: GroupAlways, Syntax: "games", Summary: "your games, those waiting for you first", Examples: []string{"games"}, Class: ClassReadOnly},
		{Name: "seeks", Group: GroupAlways, Syntax: "seeks", Summary: "the open challenges (\"new anyone\") you can accept, newest first, with their options and each seeker's name and rating",
			Examples: []string{"seeks"}, Class: ClassReadOnly},
		{Name: cmdGame, Group: GroupAlways, Syntax: "game ID", Summary: "send your commands to game ID, in this message and later ones, until you choose another (\"game g3; ps b4\" sends one move there)",
			Examples: []string{"game g3", "game g3; ps b4"},
			Params:   []Param{{Name: "id", Kind: ParamGame, Required: true, Summary: "the game's id, e.g. g3"}},
			Class:    ClassSettings},
		{Name: "notation", Group: GroupAlways, Syntax: "notation mail|ptn", Summary: "the notation and board orientation the referee answers you in, and reads bare squares in (Tak by Mail for mail players, PTN on Discord until you choose; a move in the other notation is read but changes nothing)",
			Examples: []string{"notation ptn"},
			Params:   []Param{{Name: "notation", Kind: ParamChoice, Required: true, Choices: []string{"mail", "ptn"}, Summary: "mail: A1 is the north-west corner; ptn: a1 is the south-west corner"}},
			Class:    ClassSettings},
		{Name: "vacation", Group: GroupAlways, Syntax: "vacation DAYS", Summary: "stop your clocks for DAYS days (1 to 60)", Examples: []string{"vacation 7"},
			Params: []Param{{Name: "days", Kind: ParamInteger, Required: true, Min: 1, Max: 60, Summary: "how many days"}},
			Class:  ClassSettings},
		{Name: "settings", Aliases: []string{"set"}, Group: GroupAlways, Syntax: "settings, or set SETTING VALUE",
			Summary:  "your settings (picture theme and size, text board, notation, chat, reminder, time zone, daily digest, news of open challenges and events, review of finished games), each with the command that changes it; \"set theme light\" changes one, for all your games",
			Examples: []string{"set theme light", "settings", "set size small", "set textboard off", "set notation ptn", "set chat off", "set remind 12h", "set digest daily 08:00 Europe/Berlin", "set review off", "set news seeks", "set news on daily", "set chat public"},
			Params: []Param{
				{Name: "setting", Kind: ParamChoice, Choices: settingNames, Summary: "the setting to change (leave it out to see them all)"},
				{Name: "value", Kind: ParamText, Summary: "its new value, e.g. light, small, off, ptn, 12h, daily 08:00 Europe/Berlin"},
			},
			Class: ClassSettings, BareClass: ClassReadOnly},
		{Name: "pair", Aliases: []string{"unpair"}, Group: GroupAlways, Syntax: "pair, pair CODE, or unpair",
			Summary:  "play as one player from two transports: \"pair\" gives a code for 10 minutes; send \"pair CODE\" from your other account (mail or Discord) to join them, with one game list, one rating and one set of settings; \"unpair\" separates them",
			Examples: []string{"pair", "pair KX7M-2QPA", "unpair"},
			Params:   []Param{{Name: "code", Kind: ParamText, Summary: "the code \"pair\" gave your other account, or off to separate them"}},
			Class:    ClassSettings},
		{Name: "stats", Group: GroupAlways, Syntax: "stats [PLAYER]", Summary: "your rating and record (or another player's): wins, losses and draws by colour and size, how games ended, the latest games",
			Examples: []string{"stats", "stats bob"},
			Params:   []Param{{Name: "player", Kind: ParamText, Summary: "another player: a name, an address or a mention (leave it out for yourself)"}},
			Class:    ClassReadOnly},
		{Name: "leaderboard", Group: GroupAlways, Syntax: "leaderboard [SIZE]", Summary: "the best rated players of a board size (by default the one you play most); on Discord in a server, that server's players",
			Examples: []string{"leaderboard", "leaderboard 6x6"},
			Params:   []Param{{Name: "size", Kind: ParamChoice, Choices: []string{"small", "5x5", "6x6", "large"}, Summary: "5x5, 6x6, small (3x3 and 4x4) or large (7x7 and 8x8)"}},
			Class:    ClassReadOnly},
		{Name: "watch", Group: GroupAlways, Syntax: "watch ID", Summary: "follow a game of other players: each of its moves comes to you, in your notation and look, until it ends or you send \"unwatch ID\"",
			Examples: []string{"watch g3"},
			Params:   []Param{{Name: "id", Kind: ParamGame, Required: true, Summary: "the game's id, e.g. g3"}},
			Class:    ClassSettings},
		{Name: "unwatch", Group: GroupAlways, Syntax: "unwatch [ID]", Summary: "stop following a game you watch",
			Examples: []string{"unwatch g3"},
			Params:   []Param{{Name: "id", Kind: ParamGame, Summary: "the game's id, e.g. g3 (in the game's thread it can be left out)"}},
			Class:    ClassSettings},
		{Name: "held", Group: GroupAlways, Syntax: "held", Summary: "the answers to you that an hourly limit holds back, by subject, and when they will go out (answers about your own moves are never held)",
			Examples: []string{"held"}, Class: ClassReadOnly},
		{Name: "stop", Group: GroupAlways, Syntax: "stop", Summary: "no more mail from takbot to your address except answers to your own mails, until you write to it again (\"start\" or any command)",
			Examples: []string{"stop"}, Class: ClassSettings},
		{Name: "start", Group: GroupAlways, Syntax: "start", Summary: "after a \"stop\", takbot may mail you again (any command you send does too)",
			Examples: []string{"start"}, Class: ClassSettings},
		{Name: "help", Group: GroupAlways, Syntax: "help", Summary: "what you can do now in your games, with examples, and every command", Examples: []string{"help"}, Class: ClassReadOnly},
	}
}
