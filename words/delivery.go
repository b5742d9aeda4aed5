package words

import (
	"fmt"

	"github.com/takbymail/takbot/tak"
)

// Unreachable is a player whom replies cannot reach (a bounce, a Discord
// user who cannot be written to), told to their opponent in a game, once
// per game, on the opponent's own transport.
type Unreachable struct {
	Game      Game
	By        tak.Color // the player who cannot be reached
	Transport string    // their transport's title ("email", "Discord")
	Reason    string    // why, in a few words ("the address does not exist")
}

// Words tells the opponent: "alice (white) cannot be reached by email:
// the address does not exist. Game g3 goes on, and their clock runs as
// usual; they will see the game again when their email works."
func (o Unreachable) Words(Reader) string {
	return fmt.Sprintf("%s cannot be reached by %s: %s. Game %s goes on, and their clock runs as usual; they will see the game again when their %s works.",
		o.Game.who(o.By), o.Transport, o.Reason, o.Game.ID, o.Transport)
}
