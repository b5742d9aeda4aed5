package words

import "github.com/takbymail/takbot/tak"

// Said is a player's words passed on to their opponent with "say".
type Said struct {
	Game Game
	By   tak.Color
	Text string // the words, cleaned
}

// Words tells the opponent: "alice says: “good luck”".
func (o Said) Words(Reader) string { return o.Game.Names[o.By] + " says: “" + o.Text + "”" }

// PassedOn tells the sender that their words were passed on.
type PassedOn struct {
	Game Game
	To   tak.Color
	Text string
}

// Words tells the sender: "Passed on to bob in game g1: “good luck”".
func (o PassedOn) Words(Reader) string {
	return "Passed on to " + o.Game.Names[o.To] + " in game " + o.Game.ID + ": “" + o.Text + "”"
}
