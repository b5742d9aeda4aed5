package pick

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Kind is what a command needs of a game.
type Kind uint8

// The kinds of game a command addresses.
const (
	Move    Kind = iota + 1 // an active game where it is the sender's turn
	Playing                 // an active game
	Dispute                 // an active game, or one that ended on the board
	Answer                  // a challenge or proposal to the sender
	Cancel                  // a challenge or proposal by the sender
	Show                    // a game in progress or waiting for an answer
	Analyse                 // a game against takbot in progress, or a finished game
)

// Fits reports whether g is a game a command of kind k by the player key
// could address.
func Fits(g *record.Game, key string, k Kind) bool {
	me, _ := g.ColorOf(key)
	switch k {
	case Move:
		return g.Status == record.Active && ToMove(g) == me
	case Playing:
		return g.Status == record.Active
	case Dispute:
		return g.Status == record.Active || g.Status == record.Over && g.Result != nil && g.Result.Reason.OnBoard()
	case Answer:
		return g.Status == record.Challenged && me != g.Challenger || Answerable(g) && g.Proposal != nil && g.Proposal.By != me
	case Cancel:
		return g.Status == record.Challenged && me == g.Challenger || Answerable(g) && g.Proposal != nil && g.Proposal.By == me
	case Show:
		return g.Status == record.Active || g.Status == record.Challenged
	case Analyse:
		return g.Status == record.Active && g.AgainstEngine() || g.Status == record.Over
	}
	return false
}

// Answerable reports whether a proposal of g can still be answered.
func Answerable(g *record.Game) bool { return g.Status == record.Active || g.Status == record.Over }

// CalledOff reports whether a game never started or was called off.
func CalledOff(g *record.Game) bool {
	return g.Status == record.Declined || g.Status == record.Cancelled || g.Status == record.Expired || g.Status == record.Aborted
}

// ToMove returns the colour to move in a game, from its record alone.
func ToMove(g *record.Game) tak.Color {
	return tak.Color((StartPly(g) + len(g.Moves)) % 2)
}

// Turn is the turn to play in a game, from 1 across adopted boards.
func Turn(g *record.Game) int { return StartPly(g) + len(g.Moves) + 1 }

// StartPly returns the ply of a game's start position: 0, or the ply of
// the adopted board's TPS (its move number and side to move).
func StartPly(g *record.Game) int {
	if g.Start == "" {
		return 0
	}
	f := strings.Fields(g.Start)
	if len(f) < 3 {
		return 0
	}
	side, move := 0, 0
	fmt.Sscan(f[1], &side)
	fmt.Sscan(f[2], &move)
	if move < 1 || side < 1 || side > 2 {
		return 0
	}
	return 2*(move-1) + side - 1
}

// CommandText writes a command as it can be sent again (a move with its
// guard).
func CommandText(c *command.Command) string {
	if c.Name == command.Move && c.Guard > 0 {
		return fmt.Sprintf("%s #%d", c.Text, c.Guard)
	}
	return c.Text
}

// Which is the question when command c of kind k by the player key fits
// the games fit; short words a proposal of a game for the sender.
func Which(c *command.Command, k Kind, key string, fit []*record.Game, short func(*record.Game, *record.Proposal) string) words.WhichGame {
	text := CommandText(c)
	o := words.WhichGame{Text: text, Quoted: command.Excerpt(text, command.QuoteRunes)}
	switch k {
	case Move:
		o.Several = words.SeveralTurns
	case Answer:
		o.Several = words.SeveralAnswers
	case Cancel:
		o.Several = words.SeveralWithdraws
	}
	for _, g := range fit {
		me, _ := g.ColorOf(key)
		cd := words.Candidate{ID: g.ID, Opponent: g.Names[me.Opponent()]}
		switch {
		case g.Status == record.Challenged && me != g.Challenger:
			cd.Stage = words.ChallengeFrom
		case g.Status == record.Challenged:
			cd.Stage = words.ChallengeTo
		case k == Answer && g.Proposal != nil:
			cd.Stage, cd.Proposal = words.Proposes, short(g, g.Proposal)
		case k == Cancel && g.Proposal != nil:
			cd.Stage, cd.Proposal = words.YourProposal, short(g, g.Proposal)
		case g.Status == record.Active:
			cd.Stage, cd.Turn = words.InPlay, Turn(g)
		}
		o.Candidates = append(o.Candidates, cd)
	}
	return o
}

// None is the refusal (or, for a game to show among finished ones, the
// question) when a command of kind k by the player key fits none of
// games, those not called off.
func None(k Kind, key string, games []*record.Game) words.NoGame {
	if len(games) == 0 {
		if k == Answer {
			return words.NoGame{Reason: words.NoGameToAnswer}
		}
		return words.NoGame{Reason: words.NoGameAtAll}
	}
	var o words.NoGame
	for _, g := range games {
		me, _ := g.ColorOf(key)
		opp := g.Names[me.Opponent()]
		switch {
		case g.Status == record.Challenged && me != g.Challenger:
			o.Waiting = append(o.Waiting, words.GameName{ID: g.ID, Name: opp})
		case g.Status == record.Challenged:
			o.Sent = append(o.Sent, words.GameName{ID: g.ID, Name: opp})
		case g.Status == record.Active:
			o.Others = append(o.Others, words.GameName{ID: g.ID, Name: g.Names[ToMove(g)]})
		}
	}
	switch {
	case k == Answer:
		o.Reason = words.NoAnswerDue
	case k == Cancel:
		o.Reason = words.NothingOfYours
	case k == Move && len(o.Others) > 0:
		o.Reason = words.NotYourTurnAnywhere
	case len(o.Waiting) > 0:
		o.Reason = words.ChallengeWaits
	case len(o.Sent) > 0:
		o.Reason = words.ChallengeSent
	case k == Show:
		o.Reason = words.OnlyFinished
		for _, g := range games[max(0, len(games)-3):] {
			o.Finished = append(o.Finished, g.ID)
		}
	default:
		o.Reason = words.NoGameInProgress
	}
	return o
}
