package notation

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/takbymail/takbot/tak"
)

// WritePTN writes g as a PTN file that PTN Ninja reads: its tags, a blank
// line, its comments, then one line per move number ("12. c3 3d4-21"; a
// game whose first ply is Black's starts "N. -- move"), comments in braces
// after the plies they follow, and the result. Moves are written in
// canonical PTN with their tak marks and annotations, and '*' where a
// capstone flattens a wall (as far as the game replays; further on, '*'
// is kept as read). A ply that is not a move is written as read.
func WritePTN(w io.Writer, g *PTNGame) error {
	bw := bufio.NewWriter(w)
	for _, t := range g.Tags {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, escapeTag(t.Value))
	}
	if len(g.Tags) > 0 {
		bw.WriteByte('\n')
	}
	for _, c := range g.Comments {
		fmt.Fprintf(bw, "{%s}\n", c)
	}
	before := replayPositions(g)
	lineOpen := false
	for i, pl := range g.Plies {
		if pl.Color == tak.White || i == 0 {
			if lineOpen {
				bw.WriteByte('\n')
			}
			fmt.Fprintf(bw, "%d.", pl.Number)
			if pl.Color == tak.Black {
				bw.WriteString(" --")
			}
			lineOpen = true
		}
		text := pl.Text
		if pl.Err == nil {
			var pos *tak.Position
			if i < len(before) {
				pos = before[i]
			}
			text = formatParsedPTN(pl.Move, pos)
		}
		bw.WriteByte(' ')
		bw.WriteString(text)
		for _, c := range pl.Comments {
			fmt.Fprintf(bw, " {%s}", c)
		}
	}
	if g.Result != "" {
		if lineOpen {
			bw.WriteByte(' ')
		}
		bw.WriteString(g.Result)
		lineOpen = true
	}
	if lineOpen {
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

func escapeTag(v string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
}

// replayPositions returns the position before each ply, as far as the game
// replays legally.
func replayPositions(g *PTNGame) []*tak.Position {
	game, _ := g.Replay()
	if game == nil {
		return nil
	}
	out := make([]*tak.Position, game.Len())
	for i := range out {
		out[i] = game.PositionAfter(i)
	}
	return out
}

// RecordGame builds a record of an engine game: the given tags (copied),
// plus Size, and where they differ from the defaults TPS (a start other
// than the empty board), Komi, Flats, Caps, Opening and Rules; a Result tag
// when result is not empty. Moves are written in canonical PTN, with '*'
// where a capstone flattens a wall.
func RecordGame(g *tak.Game, tags []Tag, result string) *PTNGame {
	rec := &PTNGame{Tags: append([]Tag(nil), tags...), Result: result}
	cfg := g.Config()
	add := func(name, value string) {
		if !rec.hasTag(name) {
			rec.Tags = append(rec.Tags, Tag{name, value})
		}
	}
	add("Size", fmt.Sprint(cfg.Size))
	start := g.Start()
	if start.Ply() != 0 || len(start.Stacks()) != 0 {
		add("TPS", FormatTPS(start))
	}
	if cfg.Rules != tak.Standard {
		add("Rules", cfg.Rules.String())
	}
	if cfg.Komi != 0 {
		add("Komi", cfg.Komi.String())
	}
	def := tak.DefaultConfig(cfg.Size)
	switch cfg.Rules {
	case tak.Modegan:
		def, _ = tak.ModeganConfig(cfg.Size)
	case tak.Adem:
		def, _ = tak.AdemConfig(22)
	}
	counts := func(name string, v, def [2]int) {
		switch {
		case v == def:
		case v[0] == v[1]:
			add(name, fmt.Sprint(v[0]))
		default:
			add(name+"1", fmt.Sprint(v[0]))
			add(name+"2", fmt.Sprint(v[1]))
		}
	}
	counts("Flats", cfg.Stones, def.Stones)
	counts("Caps", cfg.Caps, def.Caps)
	if cfg.Opening != def.Opening {
		add("Opening", cfg.Opening.String())
	}
	if result != "" {
		rec.setTag("Result", result)
	}
	for i, m := range g.Moves() {
		before := g.PositionAfter(i)
		text := FormatPTN(m, before)
		rec.Plies = append(rec.Plies, PlyRecord{
			Number: before.MoveNumber(),
			Color:  before.ToMove(),
			Text:   text,
			Move:   ParsedMove{Move: m, Notation: PTN, Crush: before.IsCrush(m)},
		})
	}
	return rec
}
