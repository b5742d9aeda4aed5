package present

import (
	"github.com/takbymail/takbot/notation"
)

// SyncCaption labels every sync board the referee sends. What the letters
// mean is said once per mail, after its first sync board.
const SyncCaption = "Sync board, north row first, as rs takes it:"

// BoardCaption labels a text board in a reader's notation.
func BoardCaption(o notation.Orientation) string {
	if o == notation.PTN {
		return "The board in PTN coordinates (a1 is the south-west corner):"
	}
	return "The board in Tak by Mail coordinates (A1 is the north-west corner):"
}
