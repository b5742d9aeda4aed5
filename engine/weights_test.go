package engine

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestWeightsRoundTrip: the shipped weights read, write and read back the
// same; a missing or unknown feature and bad JSON are refused.
func TestWeightsRoundTrip(t *testing.T) {
	w := DefaultWeights()
	var buf bytes.Buffer
	if err := WriteWeights(&buf, w); err != nil {
		t.Fatal(err)
	}
	back, err := ParseWeights(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if *back != *w {
		t.Fatalf("round trip changed the weights:\n%+v\n%+v", w, back)
	}
	for name, text := range map[string]string{
		"missing": strings.Replace(buf.String(), `"tempo"`, `"tempi"`, 1),
		"extra":   strings.Replace(buf.String(), "{", `{"extra": [1, 2],`, 1),
		"json":    buf.String()[:20],
	} {
		if _, err := ParseWeights([]byte(text)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestWeightFilesRead: every weights file kept beside the engine reads
// (the starting points of the fits, and the game-result weights that
// tune -compare measures the shipped ones against: the new features at 0).
func TestWeightFilesRead(t *testing.T) {
	for _, name := range []string{"weights.json", "weights_human.json", "weights_start.json", "testdata/weights-game-results.json"} {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseWeights(raw); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
