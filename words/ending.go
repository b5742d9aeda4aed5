package words

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/tak"
)

// Result is how a game ended.
type Result struct {
	Text   string // the engine's words: "white wins by road"
	PTN    string // "R-0", "1/2-1/2"
	Winner tak.Color
	Draw   bool
	Score  int // the winner's score, 0 when the rules give none
}

// Words says how the game ended, naming the winner for the reader: "you
// (white) win by road. You score 23." or "alice (white) wins by road
// (R-0). alice scores 23." It starts in lower case, after "Game over: ".
func (res Result) Words(g Game, r Reader) string {
	if res.Draw || !r.You[res.Winner] {
		text := res.Text
		if !res.Draw {
			text = strings.Replace(text, res.Winner.String()+" wins", g.who(res.Winner)+" wins", 1)
		}
		line := fmt.Sprintf("%s (%s).", text, res.PTN)
		if !res.Draw && res.Score > 0 {
			line += fmt.Sprintf(" %s scores %d.", g.Names[res.Winner], res.Score)
		}
		return line
	}
	text := strings.Replace(res.Text, res.Winner.String()+" wins", g.whoFor(res.Winner, r)+" win", 1)
	line := fmt.Sprintf("%s (%s).", text, res.PTN)
	if res.Score > 0 {
		line += fmt.Sprintf(" You score %d.", res.Score)
	}
	return line
}

// Resigned is a player resigning a game, told to both players.
type Resigned struct {
	Game Game
	By   tak.Color
}

// Words tells a player: "You (white) resign game g1." or "alice (white)
// resigns game g1."
func (o Resigned) Words(r Reader) string {
	return Sentence(o.Game.whoFor(o.By, r)) + " " + verb(o.By, r, "resign", "resigns") + " game " + o.Game.ID + "."
}
