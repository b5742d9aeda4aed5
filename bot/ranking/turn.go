package ranking

import (
	"log/slog"
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Viewer is whose eyes a player's record is read with (package bot's
// Viewer: a player, or the public).
type Viewer interface {
	// Counts reports whether game g is part of a player's record as the
	// viewer sees it.
	Counts(g *record.Game) bool
	// Self reports whether the viewer is the player key.
	Self(key string) bool
	// NameFor is a player's name as the viewer may read it.
	NameFor(key, name string) string
}

// Turn is what the handlers need of the message (or clock event) being
// evaluated; package bot's session implements it.
type Turn interface {
	// Now is when the referee evaluates.
	Now() time.Time
	// Sender is the sender's player record.
	Sender() *record.Player
	// View runs fn in a read transaction of the store.
	View(fn func(record.Tx) error) error
	// IdentityKeys are the player keys word names as an address, the
	// sender's transport first; explicit is set when word was
	// "transport:address" (never a name then).
	IdentityKeys(word string) (keys []string, explicit bool)
	// Board is the referee's leaderboard index.
	Board() *Board
	// Player returns a player record under the session's locks (a
	// fresh one when unknown); MarkPlayer has it written at commit.
	Player(key string) (*record.Player, error)
	MarkPlayer(p *record.Player)
	// GamesOf are a player's game ids, oldest first; PeekGame reads a
	// game without its lock.
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	// Logger logs what no reply says.
	Logger() *slog.Logger
	// Refusal refuses the sender's command with o; Ask asks them which
	// of o's choices they meant. Both return the error the handler
	// returns.
	Refusal(g *record.Game, o words.Refusal) error
	Ask(o words.Question) error
	// Tell adds o's words to the reply to player to about game ("" for
	// none), a reply only they see; TellBlock adds a monospace block.
	// Text that is empty adds nothing.
	Tell(to, game string, o words.Outcome)
	TellBlock(to, game, caption, text string)
	// PlayingGame loads the game in progress command c is for (asking
	// which when it cannot tell); Chosen reports whether the sender chose
	// g with "game ID" in an earlier message; MarkGame has a loaded game
	// written at commit; TellWatchersEnd tells a loaded game's spectators
	// how it ended.
	PlayingGame(c *command.Command) (*record.Game, error)
	Chosen(g *record.Game) bool
	MarkGame(g *record.Game)
	TellWatchersEnd(id string)
	// Locked returns nil when the session holds the locks of the players
	// keys, else the error that has it start again with them.
	Locked(keys ...string) error
	// Announce tells a player of game g an outcome both players see;
	// AnnounceAfterResult puts it right after the result's line.
	Announce(g *record.Game, key string, o words.Outcome)
	AnnounceAfterResult(g *record.Game, key string, o words.Outcome)
}

// wordsGame is what words need of a game: its id and players' names.
func wordsGame(g *record.Game) words.Game {
	return words.Game{ID: g.ID, Names: g.Names}
}

// playersOf are the players of g to tell, each once (an open challenge's
// empty seat has nobody).
func playersOf(g *record.Game) []string {
	var out []string
	if g.Players[0] != "" {
		out = append(out, g.Players[0])
	}
	if g.Players[1] != g.Players[0] && g.Players[1] != "" {
		out = append(out, g.Players[1])
	}
	return out
}
