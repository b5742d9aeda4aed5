package msg

import (
	"strings"
	"testing"
)

// Flow and unflow are inverse on the referee's prose, the width holds for
// every line that has a space to break at, and an indented list item
// keeps its indent under its text.
func TestFlowRoundTrip(t *testing.T) {
	long := "In hand: white 12 stones and 0 capstones, black 12 stones and 0 capstones. Flats on top: white 3, black 3 (komi 0)."
	item := `  "adopt": make your board the position. Accepting makes this board the position, with white to move at turn 7.`
	action := "  takeback  Ask to take back the disputed move, which was ruled legal but which you may still want undone"
	board := " 4 | 0 | 0 | 0 | S |\n   | a | b | c | d |"
	cases := []struct {
		name, text string
		lines      []string // the flowed lines expected, when given
	}{
		{"short", "Your move in g1: Bob played c3.", []string{"Your move in g1: Bob played c3."}},
		{"prose", long, []string{
			"In hand: white 12 stones and 0 capstones, black 12 stones and 0 ",
			"capstones. Flats on top: white 3, black 3 (komi 0).",
		}},
		{"board is stuffed", board, []string{"  4 | 0 | 0 | 0 | S |", "    | a | b | c | d |"}},
		{"signature", "-- \nSend \"help\".", []string{"-- ", "Send \"help\"."}},
		{"From is stuffed", "From the referee.", []string{" From the referee."}},
		{"trailing spaces dropped", "Hard line.   \nNext.", []string{"Hard line.", "Next."}},
		{"a long link stays with its label", "PTN Ninja: https://ptn.ninja/" + strings.Repeat("A", 100), []string{"PTN Ninja: https://ptn.ninja/" + strings.Repeat("A", 100)}},
		{"item", item, []string{
			`   "adopt": make your board the position. Accepting makes this board the`,
			"   position, with white to move at turn 7.",
		}},
		{"action", action, []string{
			"   takeback  Ask to take back the disputed move, which was ruled legal",
			"             but which you may still want undone",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Flow(c.text, 72)
			lines := strings.Split(got, "\n")
			for _, l := range lines {
				words := strings.Fields(l)
				if runeLen(l) > 73 && len(words) > 1 && runeLen(words[len(words)-1]) <= 72 {
					t.Errorf("line of %d runes: %q", runeLen(l), l)
				}
			}
			if c.lines != nil && strings.Join(lines, "|") != strings.Join(c.lines, "|") {
				t.Errorf("Flow:\n%q\nwant\n%q", lines, c.lines)
			}
			if c.name == "item" || c.name == "action" || c.name == "trailing spaces dropped" {
				return // hard-wrapped or trimmed: not the same text again
			}
			if back := unflow(got, false); back != c.text {
				t.Errorf("unflow(Flow(x)) = %q, want %q", back, c.text)
			}
		})
	}
}
