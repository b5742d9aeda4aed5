package teimatch

import (
	"compress/gzip"
	"flag"
	"fmt"
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

// TestClaimOpeningsFile: openings_claim.txt holds the claim half of the
// two-ply openings of the real games in engine/testdata (SplitOpenings),
// and no tuning opening shares a symmetry class with a claim opening.
func TestClaimOpeningsFile(t *testing.T) {
	f, err := os.Open("../../engine/testdata/playtak-6x6-games.ptn.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	ops, counts, err := TwoPlyOpenings(zr, 6)
	if err != nil {
		t.Fatal(err)
	}
	claim, tune := SplitOpenings(ops, 6)
	games := map[string]int{}
	for i, o := range ops {
		games[strings.Join(o, " ")] = counts[i]
	}
	var sb strings.Builder
	sb.WriteString("# Openings for claimed results: the distinct first two plies of the 6x6 games in\n")
	sb.WriteString("# engine/testdata/playtak-6x6-games.ptn.gz (the most played first, with their number of\n")
	sb.WriteString("# games), the symmetry classes that SplitOpenings gives to claims. Tuning runs use the\n")
	sb.WriteString("# other classes (TuningOpenings). Rewrite: go test ./internal/teimatch -run ClaimOpeningsFile -update\n")
	for _, o := range claim {
		k := strings.Join(o, " ")
		sb.WriteString(fmt.Sprintf("%s # %d\n", k, games[k]))
	}
	if *update {
		if err := os.WriteFile("openings_claim.txt", []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if claimTxt != sb.String() {
		t.Errorf("openings_claim.txt differs from the corpus's split; run with -update")
	}
	if len(claim) < 20 || len(tune) < 20 {
		t.Errorf("%d claim and %d tuning two-ply openings", len(claim), len(tune))
	}
	classes := map[string]bool{}
	for _, o := range claim {
		classes[OpeningClass(o, 6)] = true
	}
	for _, o := range append(tune, TuningOpenings()...) {
		if classes[OpeningClass(o, 6)] {
			t.Errorf("tuning opening %v shares a class with a claim opening", o)
		}
	}
	if n := len(TuningOpenings()); n < 100 {
		t.Errorf("only %d tuning openings", n)
	}
}

// TestOpeningClass: the eight images of an opening share its class, and
// two openings that are no image of each other do not.
func TestOpeningClass(t *testing.T) {
	same := [][]string{{"a6", "f6"}, {"a1", "f1"}, {"f6", "a6"}, {"f1", "a1"}, {"a1", "a6"}, {"a6", "a1"}, {"f6", "f1"}, {"f1", "f6"}}
	for _, o := range same {
		if got, want := OpeningClass(o, 6), OpeningClass(same[0], 6); got != want {
			t.Errorf("%v: class %q, want %q", o, got, want)
		}
	}
	if OpeningClass([]string{"a6", "f1"}, 6) == OpeningClass([]string{"a6", "f6"}, 6) {
		t.Errorf("opposite and adjacent corners share a class")
	}
}
