package analysis

import (
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Turn is what this package needs of the message being evaluated: the
// referee's session implements it (bot/seam_review.go).
type Turn interface {
	// Now is the message's time.
	Now() time.Time
	// Sender is the sender's record; Unverified, whether their address
	// is forgeable.
	Sender() *record.Player
	Unverified() bool
	// AnalysesPerHour is the sender's hourly quota of analyses; Analysing,
	// whether the referee has an engine to analyse with.
	AnalysesPerHour() int
	Analysing() bool
	Player(key string) (*record.Player, error)
	MarkPlayer(p *record.Player)
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	// History loads a game under its lock and returns its replayed history.
	History(id string) (*tak.Game, error)
	// AnalyseTarget chooses the game "analyse" addresses.
	AnalyseTarget(c *command.Command) (*record.Game, *tak.Game, error)
	// ChosenHint is the hint that the game was chosen for the sender.
	ChosenHint(g *record.Game) string
	// Refused refuses the command with o's words: nothing changes.
	Refused(o words.Outcome) error
	// Orient and ThemeOf are a reader's notation and theme.
	Orient(key string) notation.Orientation
	ThemeOf(p *record.Player) render.Theme
	// Parts are the parts of the replies drafted so far to a reader about
	// game; AddPart adds one, TellLines lines of prose, to the reply.
	Parts(to, game string) []record.Part
	AddPart(to, game string, p record.Part)
	TellLines(to, game string, lines ...string)
	// Tell adds o's words to the reply to a reader about game.
	Tell(to, game string, o words.Outcome)
	// DefaultGame is the game the message is about, if any.
	DefaultGame() string
}
