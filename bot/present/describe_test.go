package present

import (
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

func TestDescribe(t *testing.T) {
	five := tak.DefaultConfig(5)
	won := &record.Result{Reason: record.EndRoad, Winner: tak.White, PTN: "R-0", Text: "white wins by road"}
	for _, tc := range []struct {
		name string
		p    record.Picture
		want string
	}{
		{"empty board", record.Picture{Config: five, TPS: "x5/x5/x5/x5/x5 1 1"},
			"5x5 board before the first move, white to move: white has 0 flats on top, black 0; white's capstone in reserve; black's capstone in reserve."},
		{"walls, capstones and a stack", record.Picture{Config: five, TPS: "x5/x2,2C,x2/1S,12,1C,x2/x2,2S,x2/1,x4 2 6", Last: "c3+"},
			"5x5 board after turn 11, black to move: white has 1 flat on top, black 1; white's capstone on c3; black's capstone on c4; walls: white a3, black c2; tallest stack: 2 pieces on b3, black on top; last move: c3+."},
		{"in Tak by Mail coordinates", record.Picture{Config: five, TPS: "x5/x2,2C,x2/1S,12,1C,x2/x2,2S,x2/1,x4 2 6", Last: "c3+", Orientation: notation.Mail},
			"5x5 board after turn 11, black to move: white has 1 flat on top, black 1; white's capstone on c3; black's capstone on c2; walls: white a3, black c4; tallest stack: 2 pieces on b3, black on top; last move: mn c3 p1 1."},
		{"over", record.Picture{Config: five, TPS: "x5/x5/x5/x5/1,1,1,1,1 2 5", Last: "e1", Result: won},
			"5x5 board after turn 9: white has 5 flats on top, black 0; white's capstone in reserve; black's capstone in reserve; last move: e1; white wins by road."},
		{"two capstones", record.Picture{Config: tak.DefaultConfig(7), TPS: "x7/x7/x7/x2,1C,x4/x7/x7/x7 2 1"},
			"7x7 board after turn 1, black to move: white has 0 flats on top, black 0; white's capstones on c4, 1 in reserve; black's capstones in reserve."},
		{"no capstones", record.Picture{Config: tak.DefaultConfig(4), TPS: "x4/x4/x4/2,x3 1 2"},
			"4x4 board after turn 2, white to move: white has 0 flats on top, black 1."},
		{"unreadable", record.Picture{Config: five, TPS: "x9 1 1"}, "Board: x9 1 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Describe(tc.p); got != tc.want {
				t.Errorf("Describe =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestPictureFileName(t *testing.T) {
	for name, want := range map[string]string{
		"g3-t11-9f2c1a0b-mail.png":       "g3-turn-11.png",
		"g3-t0-9f2c1a0b-ptn.png":         "g3-turn-0.png",
		"my-team-t2-t7-9f2c1a0b-ptn.png": "my-team-t2-turn-7.png",
		"board.png":                      "board.png",
		"g3-tx-9f2c1a0b-ptn.png":         "g3-tx-9f2c1a0b-ptn.png",
		"g3-t7-9f2c1a0b-ptn":             "g3-t7-9f2c1a0b-ptn",
	} {
		if got := (record.Picture{Name: name}).FileName(); got != want {
			t.Errorf("FileName of %q = %q, want %q", name, got, want)
		}
	}
	// the names the referee makes
	p := Named(record.Picture{Config: tak.DefaultConfig(5), TPS: "x5/x5/x5/x5/x5 1 1"}, "g12", 11)
	if got := p.FileName(); got != "g12-turn-11.png" {
		t.Errorf("FileName of %q = %q", p.Name, got)
	}
}
