package web

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/standing"
)

// ratingPoint is a player's rating in a pool after one rated game.
type ratingPoint struct {
	Pool   string
	At     time.Time
	Rating float64
}

// ratingGraph is a player's rating history drawn as inline SVG: one line
// per pool over the dates of the games, with a table of the same
// figures in words (the caption) for readers who do not see it.
type ratingGraph struct {
	Width, Height int
	Lines         []graphLine
	YTicks        []graphTick
	XTicks        []graphTick
	Summary       string // the graph in words: its caption
	Left, Right   int    // the plotting area's x bounds
	Top, Bottom   int    // and y bounds
}

// graphLine is one pool's line.
type graphLine struct {
	Pool, Title string
	Class       string // "pool-5x5": its colour in style.css
	Points      string // SVG polyline points
	Last        graphTick
	Dots        []graphTick
}

// graphTick is a labelled point of an axis.
type graphTick struct {
	X, Y  int
	Label string
}

// graphOf draws the history, or returns nil when there is nothing to
// draw (fewer than two rated games).
func graphOf(points []ratingPoint) *ratingGraph {
	if len(points) < 2 {
		return nil
	}
	slices.SortStableFunc(points, func(a, b ratingPoint) int { return a.At.Compare(b.At) })
	g := &ratingGraph{Width: 640, Height: 240, Left: 72, Right: 620, Top: 12, Bottom: 208}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range points {
		lo, hi = math.Min(lo, p.Rating), math.Max(hi, p.Rating)
	}
	lo, hi = math.Floor(lo/50)*50-50, math.Ceil(hi/50)*50+50
	t0, t1 := points[0].At, points[len(points)-1].At
	span := t1.Sub(t0)
	x := func(t time.Time) int {
		if span <= 0 {
			return (g.Left + g.Right) / 2
		}
		return g.Left + int(float64(g.Right-g.Left)*float64(t.Sub(t0))/float64(span))
	}
	y := func(r float64) int {
		return g.Bottom - int(float64(g.Bottom-g.Top)*(r-lo)/(hi-lo))
	}
	step := math.Max(50, math.Ceil((hi-lo)/4/50)*50)
	for r := lo; r <= hi; r += step {
		g.YTicks = append(g.YTicks, graphTick{X: g.Left, Y: y(r), Label: fmt.Sprint(int(r))})
	}
	g.XTicks = []graphTick{{X: g.Left, Y: g.Bottom, Label: t0.UTC().Format("2006-01-02")}}
	if span > 0 {
		g.XTicks = append(g.XTicks, graphTick{X: g.Right, Y: g.Bottom, Label: t1.UTC().Format("2006-01-02")})
	}
	var words []string
	for _, pool := range standing.Pools() {
		var pts []string
		l := graphLine{Pool: pool, Title: standing.PoolTitle(pool), Class: "pool-" + pool}
		var first, last ratingPoint
		n := 0
		for _, p := range points {
			if p.Pool != pool {
				continue
			}
			if n == 0 {
				first = p
			}
			last = p
			n++
			pts = append(pts, fmt.Sprintf("%d,%d", x(p.At), y(p.Rating)))
			l.Dots = append(l.Dots, graphTick{X: x(p.At), Y: y(p.Rating)})
		}
		if n == 0 {
			continue
		}
		l.Points = strings.Join(pts, " ")
		l.Last = graphTick{X: x(last.At), Y: y(last.Rating), Label: fmt.Sprint(int(math.Round(last.Rating)))}
		g.Lines = append(g.Lines, l)
		words = append(words, fmt.Sprintf("%s: %d rated %s, from %d to %d", l.Title, n, plural(n, "game"),
			int(math.Round(first.Rating)), int(math.Round(last.Rating))))
	}
	g.Summary = "Rating history, " + t0.UTC().Format("2006-01-02") + " to " + t1.UTC().Format("2006-01-02") + ": " + strings.Join(words, "; ") + "."
	return g
}

// plural is word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
