package record_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

// TestMoveListSameBytes: a game's moves marshalled in one pass give the
// bytes they gave a move at a time, so every stored game reads the same;
// nil stays null and empty stays [].
func TestMoveListSameBytes(t *testing.T) {
	at := time.Date(2026, 11, 26, 1, 2, 3, 0, time.UTC)
	for _, moves := range [][]record.Move{
		nil,
		{},
		{{PTN: "a1", At: at}},
		{{PTN: "a1", At: at}, {PTN: "3c3>12", Tak: true, At: at.Add(time.Hour)}, {PTN: "Sd4", At: at}, {PTN: "2b2<11*", At: at}, {PTN: "e5+", At: at}},
	} {
		one, err := json.Marshal(record.MoveList(moves))
		if err != nil {
			t.Fatal(err)
		}
		each, err := json.Marshal(moves)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(one, each) {
			t.Errorf("one pass %s, a move at a time %s", one, each)
		}
		var back record.MoveList
		if err := json.Unmarshal(one, &back); err != nil || len(back) != len(moves) {
			t.Errorf("read back %v, %v", back, err)
		}
	}
}
