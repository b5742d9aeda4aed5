package bot

import (
	"testing"
	"time"

	"github.com/takbymail/takbot/bot/recordcache"
)

// A session's copy of a cached game shares the moves' array, yet neither
// the cached record nor a later session's copy ever sees the moves an
// earlier copy appended or cut.
func TestSessionGameSharesMovesSafely(t *testing.T) {
	c := recordcache.New()
	rec, tg, _, _ := benchMidgame(t, 10, 0)
	c.PutGame(rec, tg)
	want := append([]MoveRecord(nil), rec.Moves...)
	same := func(what string, got MoveList, want []MoveRecord) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d moves, want %d", what, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: move %d is %+v, want %+v", what, i, got[i], want[i])
			}
		}
	}
	extra := func(ptn string) MoveRecord { return MoveRecord{PTN: ptn, At: time.Unix(1, 0)} }

	a, _, _ := c.SessionGame(rec.ID)
	a.Moves = append(a.Moves, extra("a1"), extra("a2"))
	same("cached after an append to a copy", rec.Moves, want)

	b, _, _ := c.SessionGame(rec.ID) // the next session: the first was not committed
	same("a later copy", b.Moves, want)
	b.Moves = append(b.Moves, extra("b1"))
	same("cached after another append", rec.Moves, want)
	same("the later copy after its append", b.Moves, append(append([]MoveRecord(nil), want...), extra("b1")))
	c.PutGame(b, tg) // committed

	cut, _, _ := c.SessionGame(rec.ID)
	cut.CutMoves(len(want) - 2)
	cut.Moves = append(cut.Moves, extra("c1"), extra("c2"), extra("c3"))
	same("the committed record after a copy cut and appended", b.Moves, append(append([]MoveRecord(nil), want...), extra("b1")))
	same("the first record", rec.Moves, want)

	deep, _, _ := c.Game(rec.ID)
	deep.Moves[0].PTN = "changed"
	if b.Moves[0].PTN == "changed" {
		t.Fatal("a copy from game shares the moves")
	}
	empty := &GameRecord{ID: "g0", Moves: MoveList{}}
	c.PutGame(empty, tg)
	if e, _, _ := c.SessionGame("g0"); e.Moves != nil {
		t.Fatal("an empty list of moves is not copied to nil")
	}
}
