package words

import "fmt"

// Choosing the game a command addresses: the question when it fits several
// of the sender's games, and the refusal when it fits none (package
// bot/pick decides which).

// Several is what the games a command fits have in common, for the
// question's opening.
type Several uint8

// What several games wait for.
const (
	SeveralGames     Several = iota // games the sender plays
	SeveralTurns                    // games where it is the sender's turn
	SeveralAnswers                  // challenges or proposals to answer
	SeveralWithdraws                // challenges or proposals the sender made
)

// CandidateStage is how a game a command could address stands for the sender.
type CandidateStage uint8

// The stages a question names.
const (
	AgainstOpponent CandidateStage = iota // a game against the opponent, not in progress
	InPlay                                // a game in progress (reads Turn)
	ChallengeFrom                         // a challenge from the opponent
	ChallengeTo                           // the sender's challenge to the opponent
	Proposes                              // the opponent proposes (reads Proposal)
	YourProposal                          // the sender's proposal (reads Proposal)
)

// Candidate is one game a command could address.
type Candidate struct {
	ID, Opponent string
	Stage        CandidateStage
	Turn         int    // Playing: the turn to play, from 1
	Proposal     string // Proposes, YourProposal: the proposal, short ("draw")
}

// What says how the game stands: "against bob, turn 3", "a challenge
// from bob", "bob proposes to draw".
func (c Candidate) What() string {
	switch c.Stage {
	case ChallengeFrom:
		return "a challenge from " + c.Opponent
	case ChallengeTo:
		return "your challenge to " + c.Opponent
	case Proposes:
		return fmt.Sprintf("%s proposes to %s", c.Opponent, c.Proposal)
	case YourProposal:
		return "your proposal to " + c.Proposal
	case InPlay:
		return fmt.Sprintf("against %s, turn %d", c.Opponent, c.Turn)
	}
	return "against " + c.Opponent
}

// WhichGame asks the sender which of the games it fits a command is for;
// nothing changed.
type WhichGame struct {
	Several    Several
	Text       string // the command as it can be sent again
	Quoted     string // the command as quoted (shortened)
	Candidates []Candidate
}

// Command is the command to send for candidate c: "game g1; ps a1".
func (o WhichGame) Command(c Candidate) string { return "game " + c.ID + "; " + o.Text }

// Label is the label of candidate c's button: "ps a1 in g1 (against bob,
// turn 3)".
func (o WhichGame) Label(c Candidate) string {
	return fmt.Sprintf("%s in %s (%s)", o.Text, c.ID, c.What())
}

// ConfirmResign is the confirmation a resignation in candidate c asks.
func (o WhichGame) ConfirmResign(c Candidate) string {
	return ConfirmResign(c.ID, c.Opponent)
}

// Words asks.
func (o WhichGame) Words(Reader) string {
	var names, cmds []string
	for _, c := range o.Candidates {
		names = append(names, fmt.Sprintf("%s (%s)", c.ID, c.What()))
		cmds = append(cmds, "\""+o.Command(c)+"\"")
	}
	intro := "You play several games"
	switch o.Several {
	case SeveralTurns:
		intro = "It is your turn in several games"
	case SeveralAnswers:
		intro = "Several challenges or proposals wait for your answer"
	case SeveralWithdraws:
		intro = "You have several challenges or proposals you could withdraw"
	}
	first := ""
	if len(o.Candidates) > 0 {
		first = o.Candidates[0].ID
	}
	return fmt.Sprintf("%s: %s. Which one is %q for? Send %s (or \"game %s\" alone to send your commands to %s until you choose another). Nothing was changed.",
		intro, listAnd(names), o.Quoted, listOr(cmds), first, first)
}

// NoGameReason is why a command fits none of the sender's games.
type NoGameReason uint8

// The reasons a command fits no game.
const (
	NoGameAtAll         NoGameReason = iota // the sender has no game
	NoGameToAnswer                          // nothing to answer, and no game at all
	NoAnswerDue                             // no challenge or proposal to answer
	NothingOfYours                          // nothing of the sender's to withdraw
	NotYourTurnAnywhere                     // no game where it is the sender's turn (reads Others)
	ChallengeWaits                          // no game in progress; a challenge waits (reads Waiting)
	ChallengeSent                           // no game in progress; the sender's challenge waits (reads Sent)
	OnlyFinished                            // several finished games: a question (reads Finished)
	NoGameInProgress                        // no game in progress
)

// NoGame refuses a command that fits none of the sender's games, saying
// what those games wait for.
type NoGame struct {
	Reason NoGameReason
	// Waiting are challenges to the sender ("g1 from bob"), Sent the
	// sender's ("g2 to carol"), Others the games where the opponent is to
	// move ("g3 (dave to move)"): each a game id and a name.
	Waiting, Sent, Others []GameName
	Finished              []string // the ids of finished games to offer
}

// GameName is a game and a player's name.
type GameName struct{ ID, Name string }

// Question reports whether the outcome asks rather than refuses.
func (o NoGame) Question() bool { return o.Reason == OnlyFinished }

// Words refuses, or asks.
func (o NoGame) Words(Reader) string {
	list := func(gs []GameName, format string) string {
		var xs []string
		for _, g := range gs {
			xs = append(xs, fmt.Sprintf(format, g.ID, g.Name))
		}
		return listAnd(xs)
	}
	switch o.Reason {
	case NoGameToAnswer:
		return "there is no challenge or proposal for you to answer; start a game with \"new OPPONENT\", e.g. \"new bob size=5\""
	case NoGameAtAll:
		return "you have no game; start one with \"new OPPONENT\", e.g. \"new bob size=5\""
	case NoAnswerDue:
		return "there is no challenge or proposal for you to answer"
	case NothingOfYours:
		return "there is nothing of yours to withdraw (a challenge you sent, or a proposal you made)"
	case NotYourTurnAnywhere:
		return "it is not your turn in any of your games: " + list(o.Others, "%s (%s to move)")
	case ChallengeWaits:
		return "you have no game in progress; a challenge waits for your answer (" + list(o.Waiting, "%s from %s") + "): send \"accept\" or \"decline\""
	case ChallengeSent:
		return "you have no game in progress: your challenge (" + list(o.Sent, "%s to %s") + ") has not been accepted yet"
	case OnlyFinished:
		var ids []string
		for _, id := range o.Finished {
			ids = append(ids, fmt.Sprintf("\"game %s\"", id))
		}
		return fmt.Sprintf("You have no game in progress, and several finished ones: say which, e.g. %s. Send \"games\" to list them.", listOr(ids))
	}
	return "you have no game in progress; send \"games\" to list yours, or start one with \"new OPPONENT\""
}
