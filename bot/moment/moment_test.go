package moment

import (
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// A moment reads back as it was written (its ply, stage and proposal),
// changes with what actions depend on, and nothing else is Valid.
func TestOfParse(t *testing.T) {
	at := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	g := &record.Game{ID: "g1", Status: record.Active, Moves: record.MoveList{{PTN: "a1", At: at}, {PTN: "e5", At: at}}}
	m := Of(g, 2)
	if ply, stage, proposal, ok := Parse(m); !ok || ply != 2 || stage != 'a' || proposal != 0 {
		t.Fatalf("Parse(%q) = %d, %c, %d, %v", m, ply, stage, proposal, ok)
	}
	g.Proposal = &record.Proposal{Kind: record.ProposeUndo, Turn: 2, At: at}
	u := Of(g, 2)
	if _, stage, proposal, ok := Parse(u); !ok || stage != 'a' || proposal != 'u' || u == m {
		t.Fatalf("with an undo proposed: %q after %q (proposal %c)", u, m, proposal)
	}
	for _, bad := range []string{"", "-", "7-", "a-1", "7abc-1", "7A-1", "7a-1 ", "7a-" + string(make([]byte, 30))} {
		if Valid(bad) {
			t.Errorf("Valid(%q) = true", bad)
		}
	}
}

// TestStale: how a game moved on since a button's moment, worded.
func TestStale(t *testing.T) {
	g := &record.Game{ID: "g1", Status: record.Active, Moves: make(record.MoveList, 2)}
	then := Of(g, 2)
	g.Moves = make(record.MoveList, 3)
	if got, want := Stale(g, then, 3).Words(words.Reader{}), "This button was drawn for an earlier moment of game g1, turn 3 (PTN move 2, white); the game is at turn 4 (PTN move 2, black) now. Nothing was done. The buttons of the game's latest post (or \"games\") show what you can do now."; got != want {
		t.Errorf("Stale =\n%s\nwant\n%s", got, want)
	}
	c := &record.Game{ID: "g2", Status: record.Challenged}
	then = Of(c, 0)
	c.Status = record.Cancelled
	if o := Stale(c, then, 0); o.Reason != words.ChallengeMet || o.Fate != "withdrawn" {
		t.Errorf("a challenge withdrawn: %+v", o)
	}
}
