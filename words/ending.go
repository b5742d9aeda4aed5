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
	// Reason is how it ended (record.EndReason): "road", "flats",
	// "resignation", "time", "agreement".
	Reason string
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

// AbortHow is how a game came to be aborted.
type AbortHow uint8

// The ways a game is aborted.
const (
	AbortAsked    AbortHow = iota // "abort" before each player moved twice
	ResignedEarly                 // a resignation that early counts as an abort
	DrawnEarly                    // so does a draw agreed that early
)

// Aborted is a game ended with no result before each player had moved
// twice, told to both players.
type Aborted struct {
	Game Game
	By   string    // who aborted, resigned or agreed, for the reader who did not
	Not  tak.Color // the other player, named "you" to them
	How  AbortHow
}

// Words tells a player: "You aborted game g3 against bob before each
// player had moved twice: it ends with no result and is not rated."
func (o Aborted) Words(r Reader) string {
	did, after := "aborted", "it ends with no result and is not rated."
	switch o.How {
	case ResignedEarly:
		did, after = "resigned", earlyEnd
	case DrawnEarly:
		did, after = "agreed to a draw in", earlyEnd
	}
	against := o.Game.Names[o.Not]
	if r.You[o.Not] {
		against = "you"
	}
	return accepter(o.By, r) + " " + did + " game " + o.Game.ID + " against " + against + " before each player had moved twice: " + after
}

// earlyEnd is what a resignation or an agreed draw before each player has
// moved twice becomes, in a game between two players.
const earlyEnd = "that early, it counts as an abort: the game ends with no result, is not rated and gets no review."
