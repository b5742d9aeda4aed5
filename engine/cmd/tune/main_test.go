package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"strings"
	"testing"

	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/tak"
)

// TestTuneReproducible: the samples of the first games of the corpus, and
// two fits on them, are the same every time, and the fit lowers the loss.
func TestTuneReproducible(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/playtak-6x6-games.ptn.gz")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var all bytes.Buffer
	if _, err := all.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	// the first 60 games
	text := all.String()
	parts := strings.SplitAfterN(text, "[Site ", 62)
	head := strings.Join(parts[:61], "")
	head = strings.TrimSuffix(head, "[Site ")
	samples, used, err := Samples(strings.NewReader(head), 4)
	if err != nil {
		t.Fatal(err)
	}
	if used < 55 || len(samples) < 55*20 {
		t.Fatalf("%d games, %d samples", used, len(samples))
	}
	start := engine.DefaultWeights()
	var outs [2]string
	var before, after float64
	for i := range outs {
		w, b, a := engine.Tune(samples, start, engine.TuneOptions{Iterations: 50})
		var buf bytes.Buffer
		if err := engine.WriteWeights(&buf, w); err != nil {
			t.Fatal(err)
		}
		outs[i], before, after = buf.String(), b, a
	}
	if outs[0] != outs[1] {
		t.Fatalf("two fits differ:\n%s\n%s", outs[0], outs[1])
	}
	if !(after < before) {
		t.Fatalf("loss %.4f -> %.4f", before, after)
	}
	if _, err := engine.ParseWeights([]byte(outs[0])); err != nil {
		t.Fatalf("the written weights do not read back: %v", err)
	}
}

// TestClassOf: the eight images of two squares share a class; opposite and
// adjacent corners do not; the claim file's classes are read.
func TestClassOf(t *testing.T) {
	sq := func(s string) tak.Square { return tak.SquareAt(int(s[0]-'a'), int(s[1]-'1')) }
	want := classOf(sq("a6"), sq("f6"), 6)
	for _, pair := range [][2]string{{"a1", "f1"}, {"f6", "a6"}, {"a1", "a6"}, {"f1", "f6"}} {
		if got := classOf(sq(pair[0]), sq(pair[1]), 6); got != want {
			t.Errorf("%v: %q, want %q", pair, got, want)
		}
	}
	if classOf(sq("a6"), sq("f1"), 6) == want {
		t.Errorf("opposite corners in the adjacent corners' class")
	}
	raw, err := os.ReadFile("../../../internal/teimatch/openings_claim.txt")
	if err != nil {
		t.Fatal(err)
	}
	classes, err := openingClasses(string(raw), 6)
	if err != nil || !classes[want] || len(classes) < 5 {
		t.Fatalf("claim classes %v, err %v", classes, err)
	}
}

// TestKomiRoundTrip: self-play games written with their komi are read back
// with it, so the fit sees the komi the games were played with.
func TestKomiRoundTrip(t *testing.T) {
	komis, err := parseKomis("0, 4")
	if err != nil || len(komis) != 2 || komis[1] != 4 {
		t.Fatalf("parseKomis: %v %v", komis, err)
	}
	if _, err := parseKomis("4,x"); err == nil {
		t.Error("parseKomis took x")
	}
	games, _, err := engine.SelfPlay(t.Context(), engine.SelfPlayOptions{Games: 2, Size: 6, Nodes: 100, Seed: 5, MaxPlies: 12, HalfKomi: komis})
	if err != nil {
		t.Fatal(err)
	}
	name := t.TempDir() + "/sp.ptn"
	if err := writeGames(name, games); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	samples, used, err := Samples(f, 0)
	if err != nil || used != 2 {
		t.Fatalf("%d games read: %v", used, err)
	}
	seen := map[tak.Komi]int{}
	for _, s := range samples {
		seen[s.Pos.Config().Komi]++
	}
	if seen[0] == 0 || seen[4] == 0 {
		t.Errorf("komis read back: %v", seen)
	}
}
