package tak

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// parseTPSForTest is a minimal TPS reader so the engine's own tests do not
// depend on the notation package (the full reader lives there).
func parseTPSForTest(t testing.TB, tps string) *Position {
	t.Helper()
	parts := strings.Fields(tps)
	rows := strings.Split(parts[0], "/")
	size := len(rows)
	stacks := map[Square]Stack{}
	for i, row := range rows {
		rank := size - 1 - i
		file := 0
		for _, cell := range strings.Split(row, ",") {
			if strings.HasPrefix(cell, "x") {
				n := 1
				if len(cell) > 1 {
					n, _ = strconv.Atoi(cell[1:])
				}
				file += n
				continue
			}
			var st Stack
			for j, ch := range cell {
				switch ch {
				case '1', '2':
					st = append(st, MakePiece(Color(ch-'1'), Flat))
				case 'S':
					st[len(st)-1] = MakePiece(st[len(st)-1].Color(), Wall)
				case 'C':
					st[len(st)-1] = MakePiece(st[len(st)-1].Color(), Cap)
				}
				_ = j
			}
			stacks[SquareAt(file, rank)] = st
			file++
		}
	}
	c, _ := strconv.Atoi(parts[1])
	n, _ := strconv.Atoi(parts[2])
	p, err := Setup(DefaultConfig(size), stacks, Color(c-1), n)
	if err != nil {
		t.Fatalf("setup %q: %v", tps, err)
	}
	return p
}

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
		depth, _ := strconv.Atoi(cols[1])
		want, _ := strconv.ParseUint(cols[2], 10, 64)
		if testing.Short() && want > 3000000 {
			continue
		}
		lines++
		p := parseTPSForTest(t, cols[0])
		if got := p.Perft(depth); got != want {
			t.Errorf("perft(%q, %d) = %d, want %d", cols[0], depth, got, want)
		}
	}
	if lines == 0 {
		t.Fatal("no perft lines read")
	}
}
