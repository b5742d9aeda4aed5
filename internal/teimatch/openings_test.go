package teimatch

import (
	"compress/gzip"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite openings.txt from the corpus")

// TestOpeningsFile: openings.txt holds the distinct four-ply openings of
// the real games in engine/testdata, as OpeningsFromPTN finds them.
func TestOpeningsFile(t *testing.T) {
	f, err := os.Open("../../engine/testdata/playtak-6x6-games.ptn.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	ops, err := OpeningsFromPTN(zr, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	sb.WriteString("# The distinct first four plies of the 6x6 games in engine/testdata/playtak-6x6-games.ptn.gz,\n")
	sb.WriteString("# shuffled with a fixed seed. Rewrite: go test ./internal/teimatch -run OpeningsFile -update\n")
	for _, o := range ops {
		sb.WriteString(strings.Join(o, " ") + "\n")
	}
	if *update {
		if err := os.WriteFile("openings.txt", []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := openingsTxt; got != sb.String() && !*update {
		t.Errorf("openings.txt differs from the corpus's openings (%d); run with -update", len(ops))
	}
	if len(ops) < 100 {
		t.Errorf("only %d openings", len(ops))
	}
}
