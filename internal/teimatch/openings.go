package teimatch

import (
	_ "embed"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
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

//go:embed openings_claim.txt
var claimTxt string

// ClaimOpenings returns the openings for the matches whose results are
// claimed (BENCHMARKS.md, README): two plies of real 6x6 games, from the
// symmetry classes that SplitOpenings gives to claims. No tuning run uses
// them (TuningOpenings leaves their classes out).
func ClaimOpenings() [][]string { return ParseOpenings(claimTxt) }

// TuningOpenings returns the openings for the matches that decide what to
// keep in the engine: the four-ply openings of DefaultOpenings whose first
// two plies are of no class of ClaimOpenings.
func TuningOpenings() [][]string {
	claim := map[string]bool{}
	for _, o := range ClaimOpenings() {
		claim[OpeningClass(o, 6)] = true
	}
	var out [][]string
	for _, o := range DefaultOpenings() {
		if !claim[OpeningClass(o, 6)] {
			out = append(out, o)
		}
	}
	return out
}

// ParseOpenings reads one opening a line, from which a # starts a comment.
func ParseOpenings(txt string) [][]string {
	var out [][]string
	for _, line := range strings.Split(txt, "\n") {
		line, _, _ = strings.Cut(line, "#")
		if f := strings.Fields(line); len(f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// OpeningClass names the class of an opening's first two plies (both
// placements) under the eight symmetries of the board: the smallest of
// their eight images, as text. Openings of one class are the same game
// turned or mirrored. An opening that does not start with two placements
// is its own class (its text).
func OpeningClass(op []string, size int) string {
	if len(op) < 2 {
		return strings.Join(op, " ")
	}
	var sqs [2]tak.Square
	for i := range sqs {
		pm, err := notation.ParsePTNMove(op[i], size)
		if err != nil || pm.Move.Type != tak.Place {
			return strings.Join(op, " ")
		}
		sqs[i] = pm.Move.Square
	}
	best := ""
	for sym := 0; sym < 8; sym++ {
		var names [2]string
		for i, sq := range sqs {
			f, r := sq.File(), sq.Rank()
			if sym&1 != 0 {
				f = size - 1 - f
			}
			if sym&2 != 0 {
				r = size - 1 - r
			}
			if sym&4 != 0 {
				f, r = r, f
			}
			names[i] = tak.SquareAt(f, r).String()
		}
		if s := names[0] + " " + names[1]; best == "" || s < best {
			best = s
		}
	}
	return best
}

// TwoPlyOpenings returns the distinct first two plies of the games of the
// given size in a PTN file, the most played first (ties in text order),
// with how many games played each.
func TwoPlyOpenings(r io.Reader, size int) ([][]string, []int, error) {
	games, err := notation.ReadPTN(r)
	if err != nil {
		return nil, nil, fmt.Errorf("openings: %w", err)
	}
	count := map[string]int{}
	for _, g := range games {
		if g.Tag("Size") != fmt.Sprint(size) || g.Tag("TPS") != "" || len(g.Plies) < 2 {
			continue
		}
		pos, err := tak.NewPosition(tak.DefaultConfig(size))
		if err != nil {
			return nil, nil, err
		}
		var seq []string
		for _, pl := range g.Plies[:2] {
			if pl.Err != nil {
				break
			}
			next, err := pos.Play(pl.Move.Move)
			if err != nil {
				break
			}
			pos = next
			seq = append(seq, pl.Move.Move.String())
		}
		if len(seq) == 2 {
			count[strings.Join(seq, " ")]++
		}
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if count[keys[i]] != count[keys[j]] {
			return count[keys[i]] > count[keys[j]]
		}
		return keys[i] < keys[j]
	})
	out := make([][]string, len(keys))
	n := make([]int, len(keys))
	for i, k := range keys {
		out[i], n[i] = strings.Fields(k), count[k]
	}
	return out, n, nil
}

// SplitOpenings splits openings (the most played first) by the symmetry
// class of their first two plies: the classes, taken in order of their
// first opening, go alternately to the claim set (the first class) and to
// the tuning set, so that no opening of one set is a turned or mirrored
// opening of the other.
func SplitOpenings(ops [][]string, size int) (claim, tune [][]string) {
	side := map[string]int{}
	for _, o := range ops {
		c := OpeningClass(o, size)
		s, ok := side[c]
		if !ok {
			s = len(side) % 2
			side[c] = s
		}
		if s == 0 {
			claim = append(claim, o)
		} else {
			tune = append(tune, o)
		}
	}
	return claim, tune
}
