package words

import (
	"fmt"
	"time"
)

// "analyse": its refusals (an analysis only where it is fair, within the
// hourly quota), and the review of finished games set and shown.

// AnalyseReason is why "analyse" refuses.
type AnalyseReason uint8

// The refusals of "analyse"; Hint is the chosen game's hint (ChosenHint)
// or "".
const (
	AnalyseNotAgainstTakbot AnalyseReason = iota // a game between players in progress (reads ID, Opponent)
	AnalyseNotStarted                            // a challenge (reads ID)
	AnalyseNeverPlayed                           // a game called off (reads ID, Status)
	AnalyseNoEngine                              // this takbot cannot analyse
	AnalyseWhichPosition                         // "analyse N" names no turn (reads First, Last, Turn)
	AnalyseOverAfter                             // the game is over after turn Turn (reads Turn, First)
	AnalysesUsed                                 // the hourly quota is used (reads Count, Until)
	AnalyseSetUpFromLive                         // the position could come from a live game (reads ID, Other, Opponent)
)

// AnalyseRefusal refuses "analyse".
type AnalyseRefusal struct {
	Reason              AnalyseReason
	ID, Opponent, Other string
	Status, Hint        string
	First, Last, Turn   int
	Count               int
	Until               time.Time
}

// Words refuses.
func (o AnalyseRefusal) Words(Reader) string {
	switch o.Reason {
	case AnalyseNotAgainstTakbot:
		return fmt.Sprintf("analysis is for games against takbot and finished games: game %s between you and %s is still in progress%s", o.ID, o.Opponent, o.Hint)
	case AnalyseNotStarted:
		return fmt.Sprintf("game %s has not started yet: there is nothing to analyse%s", o.ID, o.Hint)
	case AnalyseNeverPlayed:
		return fmt.Sprintf("game %s was never played (it is %s): there is nothing to analyse%s", o.ID, o.Status, o.Hint)
	case AnalyseNoEngine:
		return "this takbot has no engine to analyse with"
	case AnalyseWhichPosition:
		return fmt.Sprintf("say which position to analyse by its turn, from %d to %d, e.g. \"analyse %d\"", o.First, o.Last, o.Turn)
	case AnalyseOverAfter:
		return fmt.Sprintf("the game is over after turn %d: there is nothing left to analyse there; try \"analyse %d\"", o.Turn, max(o.First, o.Turn-1))
	case AnalysesUsed:
		return fmt.Sprintf("you have had %d positions analysed in the last hour, the most takbot analyses for one player in an hour; you can ask again after %s", o.Count, UTC(o.Until))
	}
	return fmt.Sprintf("game %s was set up from a position, and the position to analyse could come from your game %s against %s, which is in progress: takbot does not analyse that%s",
		o.ID, o.Other, o.Opponent, o.Hint)
}

// ReviewSet answers "set review on|off".
type ReviewSet struct{ Off bool }

// Words tells the sender.
func (o ReviewSet) Words(Reader) string {
	if o.Off {
		return "You will no longer get takbot's review when a game of yours ends."
	}
	return "When a game of yours ends, its last message will carry takbot's review."
}

// ReviewShown is the review setting in "settings".
type ReviewShown struct{ Off bool }

// Words says it.
func (o ReviewShown) Words(Reader) string {
	if o.Off {
		return "Review of your finished games: off. To get one, send \"set review on\"."
	}
	return "Review of your finished games: on (in the last message of a game). To stop it, send \"set review off\"."
}

// ReviewRefused refuses a review setting that is neither on nor off; Arg
// is quoted (shortened already).
type ReviewRefused struct{ Arg string }

// Words refuses.
func (o ReviewRefused) Words(Reader) string {
	return fmt.Sprintf("review must be on or off, not %q", o.Arg)
}

// AnalysisMissing stands, at delivery, for an analysis that is not there:
// this takbot has no engine, or the engine failed or took too long.
type AnalysisMissing struct {
	NoEngine bool
	Review   bool // the review of a game, not a line
	TooLong  bool
}

// Words says so.
func (o AnalysisMissing) Words(Reader) string {
	if o.NoEngine {
		return "This takbot has no engine to analyse with, so there is no analysis."
	}
	what, why := "analysis", "the engine failed"
	if o.Review {
		what = "review of the game"
	}
	if o.TooLong {
		why = "it took too long"
	}
	return fmt.Sprintf("takbot could not finish its %s this time (%s).", what, why)
}
