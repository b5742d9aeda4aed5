package words

import "fmt"

// A button pressed after its game moved on (its moment is stale): the
// sender is told privately how the game moved on, and nothing runs.

// StaleReason is how a button's game moved on since it was drawn.
type StaleReason uint8

// The reasons a button is stale.
const (
	ButtonForged      StaleReason = iota // not a moment the referee writes
	ButtonUnknownGame                    // a game the referee does not know
	ChallengeMet                         // the challenge it answered was met (reads Fate)
	GameNotRunning                       // the game is over or called off (reads Stage)
	ProposalClosed                       // the proposal it answered is closed
	ProposalReplaced                     // the proposal it answered was replaced
	ProposalOpened                       // a proposal it did not know of is open
	TurnMoved                            // the game moved on (reads Then, Now)
	MovesRetaken                         // moves were taken back and played again
)

// StaleButton tells the sender that the button they pressed was drawn for
// an earlier moment of game ID; nothing was done.
type StaleButton struct {
	Reason StaleReason
	ID     string
	// Fate is what became of the challenge: "accepted", "declined",
	// "withdrawn", "left to expire"; Stage names the game's stage now
	// ("over (R-0)", "aborted").
	Fate, Stage string
	Then, Now   int // TurnMoved: the turns then and now, from 1
}

// Words tells the sender.
func (o StaleButton) Words(Reader) string {
	return o.why() + " Nothing was done. The buttons of the game's latest post (or \"games\") show what you can do now."
}

func (o StaleButton) why() string {
	intro := "This button was drawn for an earlier moment of game " + o.ID
	switch o.Reason {
	case ButtonForged:
		return "This button is not one the referee drew; it was not run."
	case ButtonUnknownGame:
		return "This button is for a game the referee does not know."
	case ChallengeMet:
		return fmt.Sprintf("%s: the challenge it answered has been %s since.", intro, o.Fate)
	case GameNotRunning:
		return fmt.Sprintf("%s: the game is %s now.", intro, o.Stage)
	case ProposalClosed:
		return intro + ": the proposal it answered is no longer open (it was accepted, declined or withdrawn)."
	case ProposalReplaced:
		return intro + ": the proposal it answered was replaced by a new one."
	case ProposalOpened:
		return intro + ": a proposal is open now, which it did not know of."
	case TurnMoved:
		return fmt.Sprintf("%s, %s; the game is at %s now.", intro, TurnName(o.Then), TurnName(o.Now))
	}
	return intro + ": moves were taken back and played again since."
}
