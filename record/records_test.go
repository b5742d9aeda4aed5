package record

import (
	"encoding/json"
	"testing"
	"time"
)

func TestMoveRecordJSON(t *testing.T) {
	at := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	for _, m := range []Move{{PTN: "a1", At: at}, {PTN: "3c3>12", Tak: true, At: at}, {PTN: "Sd4<", At: time.Unix(0, 0).UTC()}} {
		b, err := json.Marshal([]Move{m})
		if err != nil {
			t.Fatal(err)
		}
		var got []Move
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if len(got) != 1 || got[0].PTN != m.PTN || got[0].Tak != m.Tak || !got[0].At.Equal(m.At) {
			t.Errorf("%+v → %s → %+v", m, b, got)
		}
	}
	for _, bad := range []string{`["a1"]`, `[3]`, `["a1@x"]`} {
		var got []Move
		if err := json.Unmarshal([]byte(bad), &got); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
