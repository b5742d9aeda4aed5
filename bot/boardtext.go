package bot

import "github.com/takbymail/takbot/bot/present"

// texts returns the texts of the game's current position (present.Board),
// written once per position in a session.
func (gs *gameState) texts() *present.Board {
	gs.board = present.BoardOf(gs.tg, gs.board)
	return gs.board
}
