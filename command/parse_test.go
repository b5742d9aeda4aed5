package command

import (
	"errors"
	"strings"
	"testing"
)

func TestParseMessage(t *testing.T) {
	for _, tc := range []struct {
		text  string
		want  []string // "name|text" of each command; "!name" for one that cannot be read
		prose []int    // lines skipped as prose
	}{
		{"ps b4", []string{"move|ps b4"}, nil},
		{"Thanks for the game!\nps d4", []string{"move|ps d4"}, []int{1}},
		{"ps d4 -- sent from my phone", []string{"move|ps d4"}, nil},
		{"Hi Bob,\n\nMy move:\nms b2 p3 2 1\n\nCheers,\nAnn", []string{"move|ms b2 p3 2 1"}, []int{1, 3, 6, 7}},
		{"Move: ps d4", []string{"move|ps d4"}, nil},
		{"Nice move!\nc3", []string{"move|c3"}, []int{1}},
		{"Resign.", []string{"resign|Resign."}, nil},
		{"draw please", []string{"draw|draw please"}, nil},
		{"Games like this are fun", nil, []int{1}},
		{"Same to you!", nil, []int{1}},
		{"Draw? I think the position is dead.", nil, []int{1}},
		{"resing", []string{"!resign"}, nil},
		{"acept!", []string{"!accept"}, nil},
		{"ps d9", []string{"move|ps d9"}, nil},
		{"c3 is my move", nil, []int{1}},
		{"game g1; ps a1", []string{"game|game g1", "move|ps a1"}, nil},
		{"ps b4 #7", []string{"move|ps b4"}, nil},
		{"ps b4 #seven", []string{"!move"}, nil},
		{"rs\n0 0 0\n0 s 0\n0 0 0\nThanks", []string{"rs|rs"}, []int{5}},
		{"0 0 0 0 0", []string{"!rs"}, nil},
		{"> ps a1\nOn Mon, Ann wrote:\n> c3", nil, nil},
		{"undo\n--\nAnn\nresign", []string{"undo|undo"}, nil},
		{"Now I play c3", nil, []int{1}},
		{"I resign.", nil, []int{1}},
		{"Game on!", []string{"game|Game on!"}, nil},
		{"Und du?", nil, []int{1}},
		{"nwe", []string{"!new"}, nil},
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
		var lines []int
		for _, pl := range p.Prose {
			lines = append(lines, pl.Line)
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") || !equalInts(lines, tc.prose) {
			t.Errorf("%q: commands %q prose lines %v, want %q and %v", tc.text, got, lines, tc.want, tc.prose)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParseBoardRows(t *testing.T) {
	p, err := ParseMessage("rs\n\ncSS 0 sSSs\nS SssSS w\nWsss 0 0\n\nthanks")
	if err != nil || len(p.Commands) != 1 {
		t.Fatalf("%+v, %v", p, err)
	}
	if want := "cSS 0 sSSs\nS SssSS w\nWsss 0 0"; p.Commands[0].Board != want {
		t.Errorf("board %q, want %q", p.Commands[0].Board, want)
	}
	p, _ = ParseMessage("rs\n0 0 0\n0 0\n0 0 0")
	if want := "0 0 0\n0 0\n0 0 0"; p.Commands[0].Board != want {
		t.Errorf("a short row ends the board early: %q", p.Commands[0].Board)
	}
}

func TestParseLimits(t *testing.T) {
	var pe *ParseError
	if _, err := ParseMessage(strings.Repeat("board;", MaxCommands+1)); !errors.As(err, &pe) {
		t.Errorf("too many commands: %v", err)
	}
	if _, err := ParseMessage(strings.Repeat("x", MaxMessageBytes+1)); !errors.As(err, &pe) {
		t.Errorf("too long: %v", err)
	}
}

// TestChangesNeedsAuthentication: the commands a transport must hold back
// from an unverified sender are every command that is not read-only: those
// that change a game, the sender's settings, or reach another player.
func TestChangesNeedsAuthentication(t *testing.T) {
	for text, want := range map[string]bool{
		"ps b4": true, "accept": true, "resign": true, "draw": true, "adopt": true, "im bad": true, "undo": true,
		"new bob": true, "vacation 3": true, "vacation 3 days": true, "notation ptn": true, "game g1": true, "game g1; board": true,
		"rs\n0 0 0\n0 s 0\n0 0 0": true, "ps d9": true, "revert 3": true, "cancel": true,
		"board": false, "games": false, "help": false, "rs": false, "history": false, "tps": false, "link": false,
		"Thanks!": false, "resing": false, "board; games; help": false,
	} {
		p, err := ParseMessage(text)
		if err != nil {
			t.Fatal(err)
		}
		if p.Changes() != want {
			t.Errorf("%q: Changes() = %v, want %v", text, p.Changes(), want)
		}
	}
}

// FuzzParseMessage: any text parses without panicking, within the limits,
// every command has a keyword of the table, and every hint about a move
// in prose quotes a move that reads as it stands.
func FuzzParseMessage(f *testing.F) {
	for _, s := range []string{
		"ps b4", "ms b2 p3 2 1 t", "3c3>12*'", "rs\n0 0 0\n0 s 0\n0 0 0", "game g1; board", "new bob size=6 komi=2.5",
		"Hi,\n\nps d4\n\nThanks!\n-- \nAnn", "On Mon, 23 Nov 2026 at 10:00, Bob <bob@example.org> wrote:\n> ps a1", "ps b4 #7",
		"im the wall on c3 was covered", "vacation 3 days", "Move: c3", "0 0 0 0 0", "resing", "Sent from my iPhone",
		"6x6 is fun; 7x7 next time?\nps d4", "My move: ps d4.", "PS D4.", "Nice, c3 was clever.", "ps d4 !", "Move: 3b4-21!",
		"I think 1. e5 is best", "Let's play 6x6; I'll go first", "Good luck! My move is c3", "I'll play ms b2 p3 2 1.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParseMessage(text)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if len(p.Commands) > MaxCommands {
			t.Fatalf("%d commands", len(p.Commands))
		}
		for _, c := range p.Commands {
			if c.Err == nil && keywordIndex[c.Name] == nil {
				t.Fatalf("command %q is not in the table", c.Name)
			}
		}
		// A hint quotes a command the player can send as it stands.
		for _, pl := range p.Prose {
			if pl.Move == "" {
				continue
			}
			h, err := ParseMessage(pl.Move)
			if err != nil || len(h.Commands) != 1 || h.Commands[0].Name != cmdMove || h.Commands[0].Text != pl.Move {
				t.Fatalf("line %q hints %q, which reads as %+v, %v", pl.Text, pl.Move, h.Commands, err)
			}
		}
	})
}

func TestNearKeyword(t *testing.T) {
	for word, want := range map[string]string{
		"resing": "resign", "acept": "accept", "hlep": "help", "bord": "board", "histroy": "history", "nwe": "new",
		"same": "", "more": "", "drew": "", "now": "", "hello": "", "thanks": "", "design": "",
	} {
		got, _ := nearKeyword(word)
		if got != want {
			t.Errorf("nearKeyword(%q) = %q, want %q", word, got, want)
		}
	}
}
