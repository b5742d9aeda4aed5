package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/takbymail/takbot/tak"
)

// Challenges made and begun, and the answers to challenges and
// proposals: declined, withdrawn.

// ChallengeDeclined is a challenge declined by the challenged player.
type ChallengeDeclined struct {
	Game Game
	By   string // who declined, for the reader who did not
}

// Words tells a player: "You declined the challenge g3."
func (o ChallengeDeclined) Words(r Reader) string {
	return accepter(o.By, r) + " declined the challenge " + o.Game.ID + "."
}

// ChallengeWithdrawn is a challenge withdrawn by its challenger.
type ChallengeWithdrawn struct {
	Game Game
	By   string // who withdrew it, for the reader who did not
}

// Words tells a player: "alice withdrew the challenge g3."
func (o ChallengeWithdrawn) Words(r Reader) string {
	return accepter(o.By, r) + " withdrew the challenge " + o.Game.ID + "."
}

// ProposalDeclined is a proposal declined by the player it asked.
type ProposalDeclined struct {
	Game     Game
	By       string // who declined, for the reader who did not
	Proposal Proposal
	// Over is set when the game is over (a proposal after a ruling):
	// its result stands.
	Over bool
}

// Words tells a player: "bob declined the proposal to agree a draw. The
// game goes on."
func (o ProposalDeclined) Words(r Reader) string {
	after := "The game goes on."
	if o.Over {
		after = "The result stands."
	}
	return accepter(o.By, r) + " declined the proposal to " + o.Proposal.Text(o.Game, r) + ". " + after
}

// ProposalWithdrawn is a proposal withdrawn by its maker.
type ProposalWithdrawn struct {
	Game     Game
	By       string // who withdrew it, for the reader who did not
	Proposal Proposal
}

// Words tells a player: "You withdrew the proposal to agree a draw."
func (o ProposalWithdrawn) Words(r Reader) string {
	return accepter(o.By, r) + " withdrew the proposal to " + o.Proposal.Text(o.Game, r) + "."
}

// ChallengeMade is a challenge sent to a player, told to the challenger
// (the Reader's Sender) and to the player challenged.
type ChallengeMade struct {
	Game     Game
	By, To   string    // the challenger's name, the challenged player's
	ByColor  tak.Color // the challenger's colour
	Settings Settings
	Expires  time.Time // when the challenge expires unanswered
}

// Words tells the challenger what they sent, or the challenged player
// what they are asked.
func (o ChallengeMade) Words(r Reader) string {
	if r.Sender {
		return fmt.Sprintf("Challenge %s sent to %s: %s. You play %s. If %s does not answer by %s, the challenge expires.", o.Game.ID, o.To, o.Settings.Words(), o.ByColor, o.To, r.Time(o.Expires))
	}
	return fmt.Sprintf("%s challenges you to a game of Tak (%s): %s. You would play %s. Answer by %s, or the challenge expires.",
		o.By, o.Game.ID, o.Settings.Words(), o.ByColor.Opponent(), r.Time(o.Expires))
}

// GameBegins is a challenge accepted: the game starts, told to both
// players.
type GameBegins struct {
	Game     Game
	Settings Settings
	// RematchOf is the game this one is the rematch of, "" when none.
	RematchOf string
	// Vacations are the players' vacations that stop their clocks now,
	// zero for a player not on vacation.
	Vacations [2]time.Time
}

// Words tells a player how the game begins and which colour they play.
func (o GameBegins) Words(r Reader) string {
	g := o.Game
	lines := []string{fmt.Sprintf("Game %s begins: %s against %s; %s.", g.ID, g.whoFor(tak.White, r), g.whoFor(tak.Black, r), o.Settings.Words())}
	if o.Settings.Config.Opening == tak.SwapOpening {
		lines = append(lines, "Swap opening: each player's first move places a flat of the opponent's colour.")
	}
	lines = append(lines, fmt.Sprintf("You play %s.", r.Color))
	if o.RematchOf != "" {
		lines = append(lines, fmt.Sprintf("It is the rematch of game %s.", o.RematchOf))
	}
	for _, c := range []tak.Color{tak.White, tak.Black} {
		if v := o.Vacations[c]; !v.IsZero() {
			lines = append(lines, fmt.Sprintf("%s %s on vacation until %s: %s clock stops until then.", Sentence(g.whoFor(c, r)), verb(c, r, "are", "is"), r.Time(v), verb(c, r, "your", "their")))
		}
	}
	return strings.Join(lines, "\n")
}

// RematchAsked is a rematch challenge sent, colours swapped, told to the
// player who asked (the Reader's Sender) and to their opponent.
type RematchAsked struct {
	Game     Game   // the new game
	Of       string // the game it is the rematch of
	By, To   string // who asked, who is asked
	ByColor  tak.Color
	Settings Settings
	Expires  time.Time // written in UTC to both
}

// Words tells a player.
func (o RematchAsked) Words(r Reader) string {
	if r.Sender {
		return fmt.Sprintf("Rematch of game %s: challenge %s sent to %s: %s. You play %s this time. If %s does not answer by %s, the challenge expires.",
			o.Of, o.Game.ID, o.To, o.Settings.Words(), o.ByColor, o.To, UTC(o.Expires))
	}
	return fmt.Sprintf("%s asks for a rematch of game %s: challenge %s, %s. You would play %s this time. Answer by %s, or the challenge expires.",
		o.By, o.Of, o.Game.ID, o.Settings.Words(), o.ByColor.Opponent(), UTC(o.Expires))
}

// RematchEngine is a rematch against takbot, which plays at once.
type RematchEngine struct {
	Of              string
	Level, MaxLevel int
}

// Words tells the player.
func (o RematchEngine) Words(Reader) string {
	return fmt.Sprintf("Rematch of game %s: takbot plays you again at level %d of %d, colours swapped; the game is unrated.", o.Of, o.Level, o.MaxLevel)
}

// RematchLinks names the games a game is linked to as rematches, for a
// game's line in "games" and the board's heading: " (rematch of g1;
// rematch: g5)", or "".
func RematchLinks(of, rematch string) string {
	var links []string
	if of != "" {
		links = append(links, "rematch of "+of)
	}
	if rematch != "" {
		links = append(links, "rematch: "+rematch)
	}
	if len(links) == 0 {
		return ""
	}
	return " (" + strings.Join(links, "; ") + ")"
}
