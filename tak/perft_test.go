package tak_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// TestPerftCorpus reproduces every line of testdata/perft.tsv, reading the
// positions with the notation package's TPS reader.
func TestPerftCorpus(t *testing.T) {
	f, err := os.Open("testdata/perft.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			t.Fatalf("malformed line %q", line)
		}
		depth, err := strconv.Atoi(cols[1])
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		want, err := strconv.ParseUint(cols[2], 10, 64)
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		p, err := notation.ParseTPS(cols[0], tak.Config{})
		if err != nil {
			t.Fatalf("ParseTPS(%q): %v", cols[0], err)
		}
		lines++
		if got := p.Perft(depth); got != want {
			t.Errorf("perft(%q, %d) = %d, want %d", cols[0], depth, got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines != 31 {
		t.Fatalf("read %d perft lines, want 31", lines)
	}
}
