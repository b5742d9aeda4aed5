package teimatch

import (
	_ "embed"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

//go:embed openings.txt
var openingsTxt string

// DefaultOpenings returns the 6x6 openings shipped with the package: the
// first four plies of the real games in engine/testdata, distinct, in a
// fixed shuffled order (openings.txt, written by OpeningsFromPTN through
// TestOpeningsFile -update).
func DefaultOpenings() [][]string {
	var out [][]string
	for _, line := range strings.Split(openingsTxt, "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(line, "#") {
			out = append(out, f)
		}
	}
	return out
}

// OpeningsFromPTN returns the first plies moves of every game of the given
// size in a PTN file that replays them legally, each distinct sequence
// once, shuffled with a fixed seed.
func OpeningsFromPTN(r io.Reader, size, plies int) ([][]string, error) {
	games, err := notation.ReadPTN(r)
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	seen := map[string]bool{}
	var out [][]string
	for _, g := range games {
		if g.Tag("Size") != fmt.Sprint(size) || g.Tag("TPS") != "" || len(g.Plies) < plies {
			continue
		}
		pos, err := tak.NewPosition(tak.DefaultConfig(size))
		if err != nil {
			return nil, err
		}
		var seq []string
		for _, pl := range g.Plies[:plies] {
			if pl.Err != nil {
				break
			}
			next, err := pos.Play(pl.Move.Move)
			if err != nil || next.Over() {
				break
			}
			pos = next
			seq = append(seq, pl.Move.Move.String())
		}
		key := strings.Join(seq, " ")
		if len(seq) != plies || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, seq)
	}
	rng := rand.New(rand.NewPCG(18, 6))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out, nil
}
