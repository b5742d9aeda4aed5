package notation

import (
	"testing"

	"github.com/takbymail/takbot/tak"
)

// TestFormatSyncStack: one square written as the sync board writes it,
// top first, and read back the same way.
func TestFormatSyncStack(t *testing.T) {
	wf, bf := tak.MakePiece(tak.White, tak.Flat), tak.MakePiece(tak.Black, tak.Flat)
	for _, tc := range []struct {
		st   tak.Stack // bottom first
		want string
	}{
		{nil, "0"},
		{tak.Stack{wf}, "s"},
		{tak.Stack{bf}, "S"},
		{tak.Stack{tak.MakePiece(tak.White, tak.Wall)}, "w"},
		{tak.Stack{wf, bf, tak.MakePiece(tak.Black, tak.Cap)}, "CSs"},
		{tak.Stack{bf, tak.MakePiece(tak.White, tak.Wall)}, "wS"},
	} {
		got := FormatSyncStack(tc.st)
		if got != tc.want {
			t.Errorf("FormatSyncStack(%v) = %q, want %q", tc.st, got, tc.want)
			continue
		}
		stacks, err := ParseSyncBoardSize(got+" 0 0\n0 0 0\n0 0 0", 3)
		if err != nil {
			t.Errorf("ParseSyncBoardSize(%q): %v", got, err)
			continue
		}
		if back := FormatSyncStack(stacks[tak.SquareAt(0, 2)]); back != got {
			t.Errorf("%q read back as %q", got, back)
		}
	}
}
