package command

import (
	"strings"
	"testing"
)

// TestParseProse: prose that mentions a square or a size stays prose and
// gets no hint; a declared move is read; punctuation and case after a move
// do not matter; a ';' in a sentence does not make commands of it; a line
// that is clearly a wrong command is still refused.
func TestParseProse(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string // "name|text" of each command; "!name" for one that cannot be read
		hint string   // the move a prose line's hint quotes, "" for none
	}{
		// From issue #16.
		{"6x6 is fun", nil, ""},
		{"Let's play 6x6", nil, ""},
		{"Nice, c3 was clever.", nil, ""},
		{"My move: ps d4.", []string{"move|ps d4"}, ""},
		{"PS D4.", []string{"move|PS D4"}, ""},
		{"6x6 is fun; 7x7 next time?\nps d4", []string{"move|ps d4"}, ""},
		// More.
		{"I think 1. e5 is best", nil, ""},
		{"Move: 3b4-21!", []string{"move|3b4-21"}, ""},
		{"ps d4 !", []string{"move|ps d4"}, ""},
		{"ps d4!", []string{"move|ps d4"}, ""},
		{"Ps D4 #7.", []string{"move|Ps D4"}, ""},
		{"c3.", []string{"move|c3"}, ""},
		{"C3", []string{"move|C3"}, ""},
		{"c3", []string{"move|c3"}, ""},
		{"ms b2 p3 2 1.", []string{"move|ms b2 p3 2 1"}, ""},
		{"Let's play 6x6; I'll go first", nil, ""},
		{"7x7?", nil, ""},
		{"How about a 5X5 game?", nil, ""},
		{"my move is c3", []string{"move|c3"}, ""},
		{"My next move: Sc3'", []string{"move|Sc3'"}, ""},
		{"My move is c3 because it blocks", nil, ""},
		{"My move is important", nil, ""},
		{"Good luck! My move is c3", nil, "c3"},
		{"Now I play c3.", nil, "c3"},
		{"I'll play ps d4.", nil, "ps d4"},
		{"Then: ms b2 p3 2 1", nil, "ms b2 p3 2 1"},
		{"Should I play c3?", nil, ""},
		{"c3 was clever; d4 next?", nil, ""},
		{"c3 is my move", nil, "c3"},
		{"c3 t", []string{"move|c3 t"}, ""},
		{"Sc3 d4 e5", []string{"move|Sc3 d4 e5"}, ""},
		{"Tell me c3", nil, ""},
		{"c3, thanks", []string{"move|c3"}, ""},
		{"ps d4 please!", []string{"move|ps d4"}, ""},
		{"C3. Good game so far", nil, "C3"},
		{"c3! What a game", nil, "c3"},
		{"c3, what a move that was", nil, ""},
		{"Sc3', thank you", []string{"move|Sc3'"}, ""},
		{"bogus stuff; board", []string{"board|board"}, ""},
		{"Thanks; ps d4.", []string{"move|ps d4"}, ""},
		{"6x6 is fun; resign later?", nil, ""},
		{"Hello; new game tomorrow?", nil, ""},
		{"Hello; game g2; c3", []string{"game|game g2", "move|c3"}, ""},
		{"ps d4; thanks for the game", []string{"move|ps d4"}, ""},
		{"game g1; ps a1.", []string{"game|game g1", "move|ps a1"}, ""},
		{"ps d9", []string{"move|ps d9"}, ""},
		{"resing", []string{"!resign"}, ""},
		{"Well played, bob", nil, ""},
	} {
		p, err := ParseMessage(tc.text)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		var got []string
		for _, c := range p.Commands {
			if c.Err != nil {
				got = append(got, "!"+c.Name)
			} else {
				got = append(got, c.Name+"|"+c.Text)
			}
		}
		hint := ""
		for _, pl := range p.Prose {
			if pl.Move != "" {
				hint = pl.Move
			}
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") || hint != tc.hint {
			t.Errorf("%q: commands %q hint %q, want %q and %q", tc.text, got, hint, tc.want, tc.hint)
		}
	}
}
