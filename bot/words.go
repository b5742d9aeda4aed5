package bot

import (
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/words"
)

// orient returns the notation a player reads.
func (s *session) orient(key string) notation.Orientation {
	p, err := s.player(key)
	if err != nil {
		return notation.Mail
	}
	return p.Notation
}

func fmtTime(t time.Time) string { return words.UTC(t) }

// turnName names a turn with its PTN move number: "turn 7 (PTN move 4,
// white)". Turns count the moves of the game from 1, across adopted boards.
func turnName(turn int) string { return words.TurnName(turn) }

// turnTitle is turnName opening a sentence: "Turn 7 (PTN move 4, white)".
func turnTitle(turn int) string { return words.TurnTitle(turn) }

func plural(n int, one, many string) string { return words.Plural(n, one, many) }

// describeMoveError words an engine refusal with squares in notation o.
func describeMoveError(err error, size int, o notation.Orientation) string {
	return words.MoveError(err, size, o)
}

// resultText says how a game ended, naming the winner: "alice (white)
// wins by road (R-0). alice scores 23." It starts in lower case, after
// "Game over: ".
func resultText(g *GameRecord) string {
	if g.Result == nil {
		return ""
	}
	return wordsResult(g.Result).Words(wordsGame(g), words.Reader{})
}
