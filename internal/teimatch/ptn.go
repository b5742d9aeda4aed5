package teimatch

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// WritePTN writes the match's games as PTN, one after the other, with
// notation's writer: the tags (Event, Size, Komi when not 0, the players
// and Result), the moves in canonical PTN as far as they are legal, and how
// the game ended as a comment on its last ply. A move that is not one (an
// engine's illegal or malformed answer, which lost it the game) is kept as
// the engine wrote it.
func (s Summary) WritePTN(w io.Writer, names [2]string, size int) error {
	for _, g := range s.Games {
		if err := notation.WritePTN(w, g.record(names, size, s.HalfKomi)); err != nil {
			return err
		}
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
	}
	return nil
}

// record is the game as notation's PTN record.
func (g GameResult) record(names [2]string, size, halfKomi int) *notation.PTNGame {
	rec := &notation.PTNGame{Result: g.Result, Tags: []notation.Tag{
		{Name: "Event", Value: fmt.Sprintf("takbot match game %d", g.Index)},
		{Name: "Size", Value: strconv.Itoa(size)},
	}}
	if halfKomi != 0 {
		rec.Tags = append(rec.Tags, notation.Tag{Name: "Komi", Value: tak.Komi(halfKomi).String()})
	}
	rec.Tags = append(rec.Tags,
		notation.Tag{Name: "Player1", Value: names[g.White]},
		notation.Tag{Name: "Player2", Value: names[1-g.White]},
		notation.Tag{Name: "Result", Value: g.Result})
	for i, text := range g.Moves {
		pl := notation.PlyRecord{Number: i/2 + 1, Color: tak.Color(i % 2), Text: text}
		pl.Move, pl.Err = notation.ParsePTNMove(text, size)
		rec.Plies = append(rec.Plies, pl)
	}
	if g.Reason != "" {
		// an engine's words may be in the reason: no brace may end the comment
		reason := strings.NewReplacer("{", "(", "}", ")").Replace(g.Reason)
		if n := len(rec.Plies); n > 0 {
			rec.Plies[n-1].Comments = []string{reason}
		} else {
			rec.Comments = []string{reason}
		}
	}
	return rec
}
