package opponent_test

import (
	"testing"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/tak"
)

// TestLevels: levels 1 to 9 search a node budget that grows with the
// level, level 10 its full time; weaker moves thin out and stop at level
// 7; out-of-range levels are the nearest level.
func TestLevels(t *testing.T) {
	tests := []struct {
		level  int
		nodes  int64
		weaker int
	}{
		{1, 60, 40},
		{5, 6000, 4},
		{7, 60000, 0},
		{9, 600000, 0},
		{10, 0, 0},
		{0, 60, 40}, // out of range: the nearest level
		{11, 0, 0},
	}
	for _, tt := range tests {
		lim := opponent.LevelLimits(5*time.Second, tt.level)
		if lim.Nodes != tt.nodes || opponent.LevelNodes(tt.level) != tt.nodes || lim.MoveTime != 5*time.Second {
			t.Errorf("LevelLimits(5s, %d) = %+v, want %d nodes within 5s", tt.level, lim, tt.nodes)
		}
		if got := opponent.WeakerChance(tt.level); got != tt.weaker {
			t.Errorf("WeakerChance(%d) = %d, want %d", tt.level, got, tt.weaker)
		}
	}
	for l := 2; l <= 9; l++ {
		if opponent.LevelNodes(l) <= opponent.LevelNodes(l-1) || opponent.WeakerChance(l) > opponent.WeakerChance(l-1) {
			t.Errorf("level %d is not above level %d", l, l-1)
		}
	}
	if got := opponent.ThinkTime(20*time.Millisecond, 1); got != 50*time.Millisecond {
		t.Errorf("ThinkTime(20ms, 1) = %s, want the 50ms floor", got)
	}
}

// TestChoose: level 10 always plays the best move; level 1 plays another
// about 40% of the time, the same for the same seed; a winning move is
// never given away.
func TestChoose(t *testing.T) {
	pos := position(t, "2,2,2,x2/x5/x5/1,1,1,x2/x5 1 4")
	best := move(t, pos, "d5")
	weaker := 0
	for i := range 200 {
		seed := string(rune('a'+i%26)) + string(rune('a'+i/26))
		if m := opponent.Choose(pos, best, 10, seed); m != best {
			t.Fatalf("level 10 played %v, not the best move", m)
		}
		m := opponent.Choose(pos, best, 1, seed)
		if m != opponent.Choose(pos, best, 1, seed) {
			t.Fatalf("seed %q: two answers", seed)
		}
		if m != best {
			weaker++
			if err := pos.Check(m); err != nil {
				t.Fatalf("an illegal weaker move %v: %v", m, err)
			}
		}
	}
	if weaker < 55 || weaker > 105 {
		t.Errorf("level 1 played a weaker move %d times in 200, want about 80", weaker)
	}
	win := position(t, "x5/x5/x5/x5/1,1,1,1,x 1 5")
	road := move(t, win, "e1")
	for i := range 50 {
		if m := opponent.Choose(win, road, 1, string(rune('a'+i))); m != road {
			t.Fatalf("level 1 gave away the winning road for %v", m)
		}
	}
}

func position(t *testing.T, tps string) *tak.Position {
	t.Helper()
	p, err := notation.ParseTPS(tps, tak.DefaultConfig(5))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func move(t *testing.T, p *tak.Position, ptn string) tak.Move {
	t.Helper()
	pm, err := notation.ParsePTNMove(ptn, p.Size())
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(pm.Move); err != nil {
		t.Fatal(err)
	}
	return pm.Move
}
