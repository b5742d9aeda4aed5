package bot

import (
	"github.com/takbymail/takbot/bot/event"
	"github.com/takbymail/takbot/bot/ranking"
	"github.com/takbymail/takbot/words"
)

// abortEarly aborts a game resigned or drawn by agreement before each
// player had moved twice, and reports whether it did
// ([ranking.AbortEarly]: "abort" is package ranking's).
func (s *session) abortEarly(gs *gameState, how words.AbortHow) bool {
	return !event.KeepsEarlyEnd(gs.rec) && ranking.AbortEarly(s, gs.rec, how)
}
