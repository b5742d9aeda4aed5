package moment

import (
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
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
