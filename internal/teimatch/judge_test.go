package teimatch

import (
	"context"
	"errors"
	"math"
	"testing"
)

// TestJudge: the last wdl of the engine's info lines gives the expected
// score for the side to move, and Search the bestmove with it; an engine
// with no wdl, one that crashes and a TPS with a line break are errors;
// komi is refused by an engine that does not list HalfKomi; the real
// engine (takbot's own, which prints no wdl) is a protocol fault, not a
// made-up figure.
func TestJudge(t *testing.T) {
	ctx := context.Background()
	const tps = "x6/x6/x6/x6/x6/x6 1 1"
	j, err := StartJudge(ctx, fake(t, "judge", "judge"), 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 { // one process answers position after position
		p, err := j.WinProbability(ctx, tps, 100)
		if err != nil {
			t.Fatal(err)
		}
		if want := (600 + 50) / 1000.0; math.Abs(p-want) > 1e-12 {
			t.Fatalf("probability %v, want %v", p, want)
		}
	}
	if v, err := j.Search(ctx, tps, 100); err != nil || v.Move != "a1" || v.Score != (600+50)/1000.0 {
		t.Fatalf("search: %+v, %v; want a1 at 0.65", v, err)
	}
	if _, err := j.WinProbability(ctx, "x6/x6/x6/x6/x6/x6 1 1\ngo infinite", 100); err == nil {
		t.Fatal("a TPS with a line break was sent")
	}
	j.Close()

	var f *FaultError
	for _, tc := range []struct{ mode, kind string }{{"illegal", "protocol"}, {"crash", "crash"}, {"good", "protocol"}} {
		j, err := StartJudge(ctx, fake(t, tc.mode, tc.mode), 6, 0)
		if err != nil {
			t.Fatal(err)
		}
		_, err = j.WinProbability(ctx, tps, 100)
		if !errors.As(err, &f) || f.Kind != tc.kind {
			t.Errorf("%s: %v, want a %s fault", tc.mode, err, tc.kind)
		}
		j.Close()
	}

	var k *KomiError
	if _, err := StartJudge(ctx, fake(t, "judge", "judge"), 6, 4); !errors.As(err, &k) {
		t.Fatalf("komi 4 to an engine without HalfKomi: %v", err)
	}
	j, err = StartJudge(ctx, fake(t, "good", "good"), 6, 4)
	if err != nil {
		t.Fatalf("komi 4 to an engine with HalfKomi: %v", err)
	}
	j.Close()
}

// TestParseWDL: malformed and negative figures are not read.
func TestParseWDL(t *testing.T) {
	for _, tc := range []struct {
		line string
		ok   bool
		want [3]float64
	}{
		{"info depth 7 seldepth 7 nodes 2000 score cp 31 wdl 658 0 342 time 7", true, [3]float64{658, 0, 342}},
		{"info wdl 1 2 3", true, [3]float64{1, 2, 3}},
		{"info wdl 1 2", false, [3]float64{}},
		{"info wdl 1 -2 3", false, [3]float64{}},
		{"info wdl 1 NaN 3", false, [3]float64{}},
		{"info wdl x 2 3", false, [3]float64{}},
		{"bestmove a1 wdl 1 2 3", false, [3]float64{}},
		{"", false, [3]float64{}},
	} {
		got, ok := parseWDL(tc.line)
		if ok != tc.ok || got != tc.want {
			t.Errorf("%q: %v %v, want %v %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}
