package main

import (
	"testing"

	"github.com/takbymail/takbot/engine"
)

// TestTEIOptions: -level N plays as the level does in games (its node
// budget, the GUI's movetime as its longest think, its weaker moves); no
// level is full strength, using up a go movetime.
func TestTEIOptions(t *testing.T) {
	cases := []struct {
		level     int
		nodes     int64
		timeAsCap bool
		pick      bool
	}{
		{0, 0, false, false},
		{1, 60, true, true},
		{9, 600000, true, true},
		{10, 0, true, true},
	}
	for _, c := range cases {
		o := teiOptions(engine.Options{HashMB: 1}, c.level)
		if o.Nodes != c.nodes || o.TimeAsCap != c.timeAsCap || (o.Pick != nil) != c.pick || o.Engine.HashMB != 1 {
			t.Errorf("level %d: nodes %d, time as a cap %v, pick %v, hash %d; want %d, %v, %v, 1",
				c.level, o.Nodes, o.TimeAsCap, o.Pick != nil, o.Engine.HashMB, c.nodes, c.timeAsCap, c.pick)
		}
	}
}
