package tourney

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MailWidth is the widest line the text renderings write.
const MailWidth = 72

// MatrixMax is the largest number of players the matrix rendering takes;
// beyond it, Text uses the compact rendering.
const MatrixMax = 12

// Crosstable is the results of an event per pair of players and cycle, in
// the order of the standings.
type Crosstable struct {
	Format Format
	// Standings are the rows (and, in the same order, the columns).
	Standings []Standing
	// Cycles is the number of results per pair: 2 in a double round-robin,
	// 1 otherwise (more if a Swiss had to pair two players again).
	Cycles int
	// Cells[i][j] holds row i's outcomes against column j, one per cycle
	// (NotPaired where they have not met); nil on the diagonal.
	Cells [][][]Outcome
}

// NewCrosstable builds the crosstable of an event from its rounds (see
// Standings for how results count).
func NewCrosstable(format Format, players []Player, rounds []Round) (*Crosstable, error) {
	st, err := Standings(format, players, rounds)
	if err != nil {
		return nil, err
	}
	n := len(st)
	pos := make(map[PlayerID]int, n)
	for i, s := range st {
		pos[s.Player.ID] = i
	}
	ct := &Crosstable{Format: format, Standings: st, Cycles: 1}
	if format == DoubleRoundRobin {
		ct.Cycles = 2
	}
	lists := make([][][]Outcome, n)
	for i, s := range st {
		lists[i] = make([][]Outcome, n)
		for _, e := range s.Rounds {
			if e.Opponent == "" {
				continue
			}
			j := pos[e.Opponent]
			lists[i][j] = append(lists[i][j], e.Outcome)
			if len(lists[i][j]) > ct.Cycles {
				ct.Cycles = len(lists[i][j])
			}
		}
	}
	ct.Cells = make([][][]Outcome, n)
	for i := range n {
		ct.Cells[i] = make([][]Outcome, n)
		for j := range n {
			if i == j {
				continue
			}
			cell := make([]Outcome, ct.Cycles)
			if format == DoubleRoundRobin {
				// Place by the round's cycle, so a game of cycle 2 stays in
				// the second place when the first is missing.
				k := 0
				for _, e := range st[i].Rounds {
					if e.Opponent == st[j].Player.ID {
						c := cycleOf(e.Round, rounds)
						if c >= 1 && c <= ct.Cycles {
							cell[c-1] = e.Outcome
						} else if k < ct.Cycles {
							cell[k] = e.Outcome
						}
						k++
					}
				}
			} else {
				copy(cell, lists[i][j])
			}
			ct.Cells[i][j] = cell
		}
	}
	return ct, nil
}

func cycleOf(round int, rounds []Round) int {
	if round >= 1 && round <= len(rounds) {
		return rounds[round-1].Cycle
	}
	return 0
}

// The legends under the renderings (each line within MailWidth).
const (
	matrixLegend  = "1 won, 0 lost, = drawn, +/- won/lost by forfeit, . unfinished.\n"
	compactLegend = "1w7: won with White against number 7; 0 lost, = drawn,\n+/- won/lost by forfeit, . unfinished, bye, - not paired.\n"
)

func (c *Crosstable) tieLegend() string {
	if c.Format == Swiss {
		return "Ties: Buchholz cut-1 (BH-1), Buchholz (BH), Sonneborn-Berger (SB).\n"
	}
	return "Ties: Sonneborn-Berger (SB), then wins.\n"
}

// tieBreaks returns the column titles and values of the format's
// tie-breaks shown in the text renderings.
func (c *Crosstable) tieBreaks(s Standing) ([]string, []float64) {
	if c.Format == Swiss {
		return []string{"BH-1", "BH", "SB"}, []float64{s.BuchholzCut1, s.Buchholz, s.SonnebornBerger}
	}
	return []string{"SB"}, []float64{s.SonnebornBerger}
}

// num formats a score: "4", "4.5", "3.25".
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Text renders the crosstable for a mail: the matrix when it fits
// (MatrixMax players and MailWidth columns), the compact form otherwise.
// name gives a player's display name (nil: the id).
func (c *Crosstable) Text(name func(PlayerID) string) string {
	if m, ok := c.matrix(name); ok {
		return m
	}
	return c.Compact(name)
}

// Matrix renders the matrix form: one row per player in standings order,
// a column per opponent with one symbol per cycle (Outcome.Symbol; "*" on
// the diagonal), then points and tie-breaks. Names are cut to fit
// MailWidth; with more than MatrixMax players the lines may be wider.
func (c *Crosstable) Matrix(name func(PlayerID) string) string {
	m, _ := c.matrix(name)
	return m
}

func displayName(name func(PlayerID) string, id PlayerID) string {
	if name == nil {
		return string(id)
	}
	return name(id)
}

func cut(s string, w int) string {
	if utf8.RuneCountInString(s) <= w {
		return s
	}
	return string([]rune(s)[:w])
}

func pad(s string, w int) string {
	if n := utf8.RuneCountInString(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// matrix renders the matrix and reports whether it fits the mail rules.
func (c *Crosstable) matrix(name func(PlayerID) string) (string, bool) {
	n := len(c.Standings)
	rankW := len(strconv.Itoa(n))
	colW := max(c.Cycles, len(strconv.Itoa(n))) + 1
	titles, _ := c.tieBreaks(Standing{})
	numW := make([]int, 1+len(titles)) // Pts, then tie-breaks
	heads := append([]string{"Pts"}, titles...)
	for k, h := range heads {
		numW[k] = len(h)
	}
	for _, s := range c.Standings {
		_, vs := c.tieBreaks(s)
		for k, v := range append([]float64{s.Points}, vs...) {
			numW[k] = max(numW[k], len(num(v)))
		}
	}
	fixed := rankW + 1 + 1 + n*colW
	for _, w := range numW {
		fixed += w + 2
	}
	nameW := 6
	for _, s := range c.Standings {
		nameW = max(nameW, utf8.RuneCountInString(displayName(name, s.Player.ID)))
	}
	nameW = max(6, min(nameW, MailWidth-fixed))
	fits := n <= MatrixMax && fixed+nameW <= MailWidth

	var b strings.Builder
	line := func(rank, nm string, cols []string, nums []string) {
		var l strings.Builder
		fmt.Fprintf(&l, "%*s %s", rankW, rank, pad(cut(nm, nameW), nameW))
		l.WriteString(" ")
		for _, x := range cols {
			fmt.Fprintf(&l, "%*s", colW, x)
		}
		for k, x := range nums {
			fmt.Fprintf(&l, "  %*s", numW[k], x)
		}
		b.WriteString(strings.TrimRight(l.String(), " "))
		b.WriteByte('\n')
	}
	cols := make([]string, n)
	for j := range n {
		cols[j] = strconv.Itoa(j + 1)
	}
	line("#", "Player", cols, heads)
	for i, s := range c.Standings {
		for j := range n {
			if i == j {
				cols[j] = strings.Repeat("*", c.Cycles)
				continue
			}
			var cell strings.Builder
			for _, o := range c.Cells[i][j] {
				if o == NotPaired {
					cell.WriteString(" ")
				} else {
					cell.WriteString(o.Symbol())
				}
			}
			cols[j] = cell.String()
		}
		_, vs := c.tieBreaks(s)
		nums := []string{num(s.Points)}
		for _, v := range vs {
			nums = append(nums, num(v))
		}
		line(rankLabel(c.Standings, i), displayName(name, s.Player.ID), cols, nums)
	}
	b.WriteString(matrixLegend)
	b.WriteString(c.tieLegend())
	return b.String(), fits
}

// rankLabel is the rank, or empty when the previous line shares it.
func rankLabel(st []Standing, i int) string {
	if i > 0 && st[i-1].Rank == st[i].Rank {
		return ""
	}
	return strconv.Itoa(st[i].Rank)
}

// Compact renders one block per player in standings order: rank, name,
// points and tie-breaks, then the player's rounds, wrapped within
// MailWidth, each as result symbol, colour (w or b) and the opponent's
// line number: "1w7" won with White against number 7, "=b3", "+w12" a
// forfeit win, "bye", "." unfinished, "-" no pairing.
func (c *Crosstable) Compact(name func(PlayerID) string) string {
	n := len(c.Standings)
	pos := make(map[PlayerID]int, n)
	for i, s := range c.Standings {
		pos[s.Player.ID] = i + 1
	}
	rankW := len(strconv.Itoa(n))
	titles, _ := c.tieBreaks(Standing{})
	heads := append([]string{"Pts"}, titles...)
	const numW = 6
	nameW := MailWidth - (rankW + 1) - len(heads)*(numW+1)
	nameW = min(nameW, 24)
	var b strings.Builder
	head := fmt.Sprintf("%*s %s", rankW, "#", pad("Player", nameW))
	for _, h := range heads {
		head += fmt.Sprintf(" %*s", numW, h)
	}
	b.WriteString(strings.TrimRight(head, " "))
	b.WriteByte('\n')
	indent := strings.Repeat(" ", rankW+1)
	tokW := len(strconv.Itoa(n)) + 3
	for i, s := range c.Standings {
		l := fmt.Sprintf("%*s %s", rankW, rankLabel(c.Standings, i), pad(cut(displayName(name, s.Player.ID), nameW), nameW))
		_, vs := c.tieBreaks(s)
		for _, v := range append([]float64{s.Points}, vs...) {
			l += fmt.Sprintf(" %*s", numW, num(v))
		}
		b.WriteString(strings.TrimRight(l, " "))
		b.WriteByte('\n')
		cur := indent
		for _, e := range s.Rounds {
			var tok string
			switch e.Outcome {
			case GotBye:
				tok = "bye"
			case NotPaired:
				tok = "-"
			default:
				col := "w"
				if e.Color == Black {
					col = "b"
				}
				tok = e.Outcome.Symbol() + col + strconv.Itoa(pos[e.Opponent])
			}
			if len(cur)+tokW > MailWidth && cur != indent {
				b.WriteString(strings.TrimRight(cur, " "))
				b.WriteByte('\n')
				cur = indent
			}
			cur += fmt.Sprintf("%-*s", tokW, tok)
		}
		if cur != indent {
			b.WriteString(strings.TrimRight(cur, " "))
			b.WriteByte('\n')
		}
	}
	b.WriteString(compactLegend)
	b.WriteString(c.tieLegend())
	return b.String()
}
