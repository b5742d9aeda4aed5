package tak

import (
	"fmt"
	"strings"
)

// ScoringRules selects the regional scoring rules of the companion book. The
// zero value is the standard score: the board (its number of squares) plus
// the winner's unplayed pieces. Rules combine; their factors multiply.
type ScoringRules uint8

// The regional scoring rules.
const (
	// Downings, "Double the Line": a straight winning road doubles the pieces.
	Downings ScoringRules = 1 << iota
	// Tarway, "Low Road, High Road": a road of single pieces doubles the
	// pieces, a road of stacks two or more high triples them; the winner
	// picks the better road.
	Tarway
	// Middletown, "Double the Cap": a win without playing a capstone doubles the pieces.
	Middletown
	// BigMiddle: a win without playing a capstone also doubles the board.
	BigMiddle
	// TenForBoard: the board is worth 10 points whatever its size.
	TenForBoard
)

var scoringNames = []struct {
	rule  ScoringRules
	names []string
}{
	{Downings, []string{"downings"}},
	{Tarway, []string{"tarway"}},
	{Middletown, []string{"middletown"}},
	{BigMiddle, []string{"bigmiddle", "big-middle"}},
	{TenForBoard, []string{"tenboard", "ten-for-the-board", "ten"}},
}

// ParseScoringRules reads rule names joined with "+" or ",", such as
// "downings+tenboard". "standard" (or "") is the standard score.
func ParseScoringRules(s string) (ScoringRules, error) {
	var out ScoringRules
	for _, part := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == '+' || r == ',' || r == ' ' }) {
		if part == "standard" {
			continue
		}
		found := false
		for _, n := range scoringNames {
			for _, name := range n.names {
				if part == name {
					out |= n.rule
					found = true
				}
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown scoring rule %q: use standard, downings, tarway, middletown, bigmiddle or tenboard", part)
		}
	}
	return out, nil
}

// String returns the canonical name, e.g. "standard" or "downings+tenboard".
func (r ScoringRules) String() string {
	var parts []string
	for _, n := range scoringNames {
		if r&n.rule != 0 {
			parts = append(parts, n.names[0])
		}
	}
	if len(parts) == 0 {
		return "standard"
	}
	return strings.Join(parts, "+")
}

// ScoreDetail breaks a winner's score down.
type ScoreDetail struct {
	Board       int      // board points before its factor
	BoardFactor int      // 2 under Big Middle when it applies, else 1
	Pieces      int      // the winner's unplayed stones and capstones
	PieceFactor int      // the product of the regional factors that apply
	Notes       []string // the rules that applied, in words
	Total       int
}

// ScoreDetails computes the winner's score for result r in final position p.
// A draw, or a game still going, scores 0.
func ScoreDetails(p *Position, r Result, rules ScoringRules) ScoreDetail {
	if !r.Over() || r.Draw {
		return ScoreDetail{}
	}
	w := r.Winner
	d := ScoreDetail{Board: p.size * p.size, BoardFactor: 1, PieceFactor: 1}
	if rules&TenForBoard != 0 {
		d.Board = 10
		d.Notes = append(d.Notes, "ten for the board")
	}
	stones, caps := p.Reserves(w)
	d.Pieces = stones + caps
	if r.Reason == RoadEnd {
		road := p.roadBits(w)
		g := &geometries[p.size]
		if rules&Downings != 0 && g.hasStraightLine(road, p.size) {
			d.PieceFactor *= 2
			d.Notes = append(d.Notes, "straight road: pieces doubled (Downings)")
		}
		if rules&Tarway != 0 {
			var high, low uint64
			for _, sq := range g.squareList {
				if p.height[sq] >= 2 {
					high |= 1 << sq
				} else if p.height[sq] == 1 {
					low |= 1 << sq
				}
			}
			switch {
			case g.hasRoad(road & high):
				d.PieceFactor *= 3
				d.Notes = append(d.Notes, "high road: pieces tripled (Tarway)")
			case g.hasRoad(road & low):
				d.PieceFactor *= 2
				d.Notes = append(d.Notes, "low road: pieces doubled (Tarway)")
			}
		}
	}
	capUnplayed := p.cfg.Caps[w] > 0 && caps == p.cfg.Caps[w]
	if rules&(Middletown|BigMiddle) != 0 && capUnplayed {
		d.PieceFactor *= 2
		if rules&BigMiddle != 0 {
			d.BoardFactor = 2
			d.Notes = append(d.Notes, "won without the capstone: board and pieces doubled (Big Middle)")
		} else {
			d.Notes = append(d.Notes, "won without the capstone: pieces doubled (Middletown)")
		}
	}
	d.Total = d.Board*d.BoardFactor + d.Pieces*d.PieceFactor
	return d
}

// Score returns the winner's score for result r in final position p (0 for a draw).
func Score(p *Position, r Result, rules ScoringRules) int {
	return ScoreDetails(p, r, rules).Total
}

// hasStraightLine reports whether bb fills a whole rank or file.
func (g *geometry) hasStraightLine(bb uint64, size int) bool {
	for i := 0; i < size; i++ {
		if bb&g.rankMasks[i] == g.rankMasks[i] || bb&g.fileMasks[i] == g.fileMasks[i] {
			return true
		}
	}
	return false
}
