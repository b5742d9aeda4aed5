package challenge

import (
	"time"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Turn is what the commands of this package need of the message being
// evaluated (bot's session implements it). Games and players read
// through it are the session's: a change is written with the message's
// other changes once marked (MarkGame, MarkPlayer).
type Turn interface {
	// Now is when the referee evaluates the message.
	Now() time.Time
	// Sender is the sending player (a paired identity's primary).
	Sender() *record.Player
	// From is the identity the message came from; MessageGame the game
	// of its thread ("": none).
	From() record.Identity
	MessageGame() string
	// Current is the game chosen earlier in the message ("": none);
	// SetCurrent chooses one.
	Current() string
	SetCurrent(id string)
	// Player reads a player's record (a fresh one if unknown); Person
	// reads the primary of a paired identity.
	Player(key string) (*record.Player, error)
	Person(key string) (*record.Player, error)
	MarkPlayer(p *record.Player)
	// PeekGame reads a game without its lock; Game loads it under its
	// lock, Touch notes that the message addressed it.
	PeekGame(id string) (*record.Game, error)
	Game(id string) (*record.Game, error)
	MarkGame(g *record.Game)
	Touch(id string)
	// GamesOf lists a player's game ids; NamedGame is the game of the
	// player key that the message names ("": none).
	GamesOf(key string) ([]string, error)
	NamedGame(key string) string
	// TargetAnswer and TargetCancel choose the game a command answers or
	// withdraws from; AskShow asks which of several games it meant.
	TargetAnswer(c *command.Command) (*record.Game, error)
	TargetCancel(c *command.Command) (*record.Game, error)
	AskShow(c *command.Command, fit []*record.Game) error
	// AddGame gives a new game its id and writes it with the message's
	// other changes, as the message's current game; StartGame starts a
	// challenged game, telling both players.
	AddGame(g *record.Game) error
	StartGame(g *record.Game) error
	// ApplyProposal carries out an accepted proposal of game g;
	// WordsProposal describes one for words.
	ApplyProposal(g *record.Game, pr *record.Proposal) error
	WordsProposal(g *record.Game, pr *record.Proposal) words.Proposal
	// View reads the store.
	View(fn func(record.Tx) error) error
	// Refusal words a refusal about game g (nil: none); Refused one of
	// another kind; Question asks the sender to say what they meant.
	Refusal(g *record.Game, o words.Refusal) error
	Refused(o words.Outcome) error
	Question(o words.Outcome, actions ...record.Action) error
	// Announce tells an outcome of game g to a player in the game's
	// event; Reply as an answer to the message alone.
	Announce(g *record.Game, key string, o words.Outcome)
	Reply(g *record.Game, key string, o words.Outcome)
	// OfferActions offers a player of game g what they can do now.
	OfferActions(g *record.Game, to string)
	// Tell answers player to about game ("": none); TellBlock with a
	// block of text under a caption; TellActions offers commands; Lobby
	// tells a transport's lobby of open challenge game (a lobby plays no
	// game: it reads as words.Reader{}).
	Tell(to, game string, o words.Outcome)
	TellBlock(to, game, caption, text string)
	TellActions(to, game string, acts ...record.Action)
	Lobby(to, game string, o words.Outcome, acts ...record.Action)
	// CheckChallengeQuotas refuses a challenge from the sender to op over
	// the referee's limits; CheckOwnChallenges one over the sender's.
	CheckChallengeQuotas(op *record.Player) error
	CheckOwnChallenges() error
	// Stranger reports whether p never wrote to the referee; HoldNotice
	// holds the challenge notice to key for the grace period; VoidNotice
	// withdraws it, reporting whether it never went out.
	Stranger(p *record.Player) (bool, error)
	HoldNotice(g *record.Game, key string)
	VoidNotice(g *record.Game) (bool, error)
	// EngineOpponent reports whether the word after "new" names takbot,
	// whose player is EngineKey; CheckEngineGames refuses one more game
	// against it when the sender plays as many as allowed; DefaultLevel
	// and MaxLevel are its usual and strongest levels.
	EngineOpponent(word string) (bool, error)
	EngineKey() string
	CheckEngineGames(g *record.Game) error
	DefaultLevel() int
	MaxLevel() int
	// PublicName is a name as a public view may show it.
	PublicName(name string) string
	// Transports lists the referee's transports, first's first, then the
	// running ones, then the known ones, each by name.
	Transports(first string) []community.Transport
	// RandInt is a random number in [0, n).
	RandInt(n int) int
	// DefaultDays is a game's days per move unless told; ChallengeDays
	// how long a challenge waits; ChallengeExpiry when g's does.
	DefaultDays() int
	ChallengeDays() int
	ChallengeExpiry(g *record.Game) time.Time
	// AtCommit adds a write to the transaction of the message's effects;
	// News sends a player an outcome as news of its own, offering
	// actions (bot/news tells its subscribers of a seek with them).
	AtCommit(fn func(record.Tx) error)
	News(to string, o words.Outcome, acts ...record.Action)
}
