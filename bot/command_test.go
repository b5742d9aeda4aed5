package bot

import (
	"reflect"
	"strings"
	"testing"
)

const badGuard = "after '#' put the turn number of your move (turns count 1, 2, 3, … from the first move of the game: send \"help\" to see the game's next turn), e.g. \"ps b4 #7\""

func TestParseCommands(t *testing.T) {
	tests := []struct {
		in   string
		want []Command
		err  bool
	}{
		{in: "ps b4", want: []Command{{Verb: "move", Text: "ps b4"}}},
		{in: "ps b4 #7", want: []Command{{Verb: "move", Text: "ps b4", Guard: 7}}},
		{in: "Sc3; board", want: []Command{{Verb: "move", Text: "Sc3"}, {Verb: "board", Args: []string{}, Text: "board"}}},
		{in: "NEW bob size=6\n\n> quoted\nHelp", want: []Command{
			{Verb: "new", Args: []string{"bob", "size=6"}, Text: "NEW bob size=6"},
			{Verb: "help", Args: []string{}, Text: "Help"}}},
		{in: "rs\n0 0 0\n0 s 0\nS 0 0\nboard", want: []Command{
			{Verb: "rs", Args: []string{}, Text: "rs", Board: "0 0 0\n0 s 0\nS 0 0"},
			{Verb: "board", Args: []string{}, Text: "board"}}},
		{in: "rs\n0 X 0\n0 s 0\nS 0 0\nim the wall was covered", want: []Command{
			{Verb: "rs", Args: []string{}, Text: "rs", Board: "0 X 0\n0 s 0\nS 0 0"},
			{Verb: "im", Args: []string{"the", "wall", "was", "covered"}, Text: "im the wall was covered"}}},
		{in: "ps b4 t\n\nOn Sat, 21 Nov 2026, bob wrote:\n> ps a1\n\n-- \nAlice Liddell\nWonderland", want: []Command{
			{Verb: "move", Text: "ps b4 t"}}},
		{in: "im he wrote:\nboard", want: []Command{
			{Verb: "im", Args: []string{"he", "wrote:"}, Text: "im he wrote:"},
			{Verb: "board", Args: []string{}, Text: "board"}}},
		{in: "Accept! ; resign.", want: []Command{
			{Verb: "accept", Args: []string{}, Text: "Accept!"},
			{Verb: "resign", Args: []string{}, Text: "resign."}}},
		{in: "im the wall was covered", want: []Command{{Verb: "im", Args: []string{"the", "wall", "was", "covered"}, Text: "im the wall was covered"}}},
		{in: "", err: true},
		{in: strings.Repeat("board;", MaxCommands+1), err: true},
		{in: " ;; \n", err: true},
		{in: "ps b4 #x", want: []Command{{Verb: "move", Text: "ps b4 #x", Err: badGuard}}},
		{in: "board; #3", want: []Command{{Verb: "board", Args: []string{}, Text: "board"},
			{Verb: "move", Text: "#3", Guard: 3, Err: "a turn number guard needs a move before it, e.g. \"ps b4 #7\""}}},
	}
	for _, tc := range tests {
		got, err := ParseCommands(tc.in)
		for _, c := range got {
			if c.Err != "" && !strings.Contains(c.Err, "turn number") {
				t.Errorf("ParseCommands(%q): %q does not speak of the turn number", tc.in, c.Err)
			}
		}
		if tc.err {
			if err == nil {
				t.Errorf("ParseCommands(%q) = %v, want error", tc.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseCommands(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseCommands(%q) =\n%#v\nwant\n%#v", tc.in, got, tc.want)
		}
	}
}

func FuzzParseCommands(f *testing.F) {
	for _, s := range []string{"ps b4", "ms b2 p3 2 1 t #12", "new bob size=6 komi=2.5", "rs\ncSS 0 sSSs\nS SssSS w\nWsss 0 0",
		"accept; board", "3c3>12'", "im why?", "game g2\nundo", "#", ";;", "vacation 3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cmds, err := ParseCommands(s)
		if err != nil {
			if len(cmds) != 0 {
				t.Fatalf("error with commands: %v", cmds)
			}
			return
		}
		for _, c := range cmds {
			if c.Verb == "" || c.Text == "" {
				t.Fatalf("empty command in %q: %#v", s, c)
			}
			if c.Verb != "move" && !keywords[c.Verb] {
				t.Fatalf("unknown verb %q", c.Verb)
			}
		}
	})
}
