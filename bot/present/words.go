package present

import (
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// What package words needs of the records: the outcomes carry names,
// colours, turns and moves, never a record of the store.

// Game is what words need of a game: its id and players' names.
func Game(g *record.Game) words.Game {
	w := words.Game{ID: g.ID, Names: g.Names}
	if g.Event != nil {
		w.Event, w.Round = g.Event.Name, g.Event.Round
	}
	return w
}

// Result is how a game ended, for words.
func Result(r *record.Result) words.Result {
	if r == nil {
		return words.Result{}
	}
	return words.Result{Text: r.Text, PTN: r.PTN, Winner: r.Winner, Draw: r.Draw, Score: r.Score, Reason: string(r.Reason)}
}

// Settings is how game g is played, for words.
func Settings(g *record.Game) words.Settings {
	o := words.Settings{Config: g.Config, Days: g.Days, Style: string(g.Style), Setup: g.Setup, Unrated: g.Unrated, Private: g.Private}
	if g.Scoring.Rules != 0 {
		o.Scoring = g.Scoring.String()
	}
	return o
}

// RecordedMove names the recorded move at index i of a game's moves in
// both notations, from the record alone.
func RecordedMove(g *record.Game, i int) words.MoveNames {
	if i < 0 || i >= len(g.Moves) {
		return words.MoveNames{}
	}
	ptn := g.Moves[i].PTN
	pm, err := notation.ParsePTNMove(ptn, g.Config.Size)
	if err != nil {
		return words.MoveNames{PTN: ptn}
	}
	return words.MoveNames{Mail: notation.FormatMail(pm.Move, g.Config.Size), PTN: ptn}
}

// Medium says what carries replies to a player key.
func Medium(key string) words.Medium {
	id, _ := record.ParseIdentity(key)
	switch id.Transport {
	case "discord":
		return words.Discord
	case "console":
		return words.Console
	case "web":
		return words.Web
	}
	return words.Mail
}

// Actions turns words' choices into actions about game (none: "").
func Actions(cs []words.Choice, game string) []record.Action {
	if len(cs) == 0 {
		return nil
	}
	as := make([]record.Action, len(cs))
	for i, c := range cs {
		as[i] = record.Action{Label: c.Label, Command: c.Command, Game: game}
	}
	return as
}
