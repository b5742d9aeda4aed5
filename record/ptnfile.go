package record

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// PTNFile writes the game as a PTN file, tg its history (History): tags,
// the moves since its start (a TPS tag names an adopted start, so the file
// stays loadable), Tak calls, disputes as comments on their moves, and
// the log of restarts, reverts and adoptions as comments, then any extra
// comments.
func (g *Game) PTNFile(tg *tak.Game, extra ...string) (string, error) {
	tags := []notation.Tag{{Name: "Site", Value: "takbot"}, {Name: "Event", Value: "Tak by Mail game " + g.ID},
		{Name: "Player1", Value: g.Names[0]}, {Name: "Player2", Value: g.Names[1]},
		{Name: "Date", Value: g.Created.UTC().Format("2006.01.02")}}
	if g.Config.Rules != tak.Standard {
		tags = append(tags, notation.Tag{Name: "Rules", Value: g.Config.Rules.String()})
	}
	if g.Config.Komi != 0 {
		tags = append(tags, notation.Tag{Name: "Komi", Value: g.Config.Komi.String()})
	}
	result := ""
	if g.Result != nil {
		result = g.Result.PTN
	}
	rec := notation.RecordGame(tg, tags, result)
	for i := range rec.Plies {
		if i < len(g.Moves) && g.Moves[i].Tak {
			rec.Plies[i].Move.TakCall = true
		}
	}
	first := tg.Start().Ply()
	for _, d := range g.Disputes {
		if i := d.Turn - first - 1; i >= 0 && i < len(rec.Plies) && i < len(g.Moves) && g.Moves[i].PTN == d.Move {
			rec.Plies[i].Comments = append(rec.Plies[i].Comments, fmt.Sprintf("disputed: %s; ruled %s", d.Reason, d.Ruling))
		}
	}
	rec.Comments = append(rec.Comments, g.Events...)
	rec.Comments = append(rec.Comments, extra...)
	var buf bytes.Buffer
	if err := notation.WritePTN(&buf, rec); err != nil {
		return "", fmt.Errorf("game %s as PTN: %w", g.ID, err)
	}
	return strings.TrimRight(buf.String(), "\n"), nil
}

// PTNFileName names a game's PTN file by its id and players, in letters,
// digits, '-' and '_' only: "g3-Alice-vs-Bob.ptn".
func (g *Game) PTNFileName() string {
	clean := func(name string) string {
		var b strings.Builder
		for _, r := range name {
			switch {
			case r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_'):
				b.WriteRune(r)
			case unicode.IsSpace(r) && b.Len() > 0:
				b.WriteByte('_')
			}
			if b.Len() >= 24 {
				break
			}
		}
		return strings.Trim(b.String(), "_-")
	}
	white, black := clean(g.Names[tak.White]), clean(g.Names[tak.Black])
	if white == "" || black == "" {
		return g.ID + ".ptn"
	}
	return g.ID + "-" + white + "-vs-" + black + ".ptn"
}
