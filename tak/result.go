package tak

import "fmt"

// EndReason says how a game ended.
type EndReason uint8

// The ways a game ends.
const (
	NotOver      EndReason = iota
	RoadEnd                // a road linked two opposite edges
	FlatsEnd               // board full or a player out of pieces; flats counted
	ResignEnd              // a player resigned
	TimeEnd                // a player ran out of time
	AgreementEnd           // both players agreed to a draw
)

// String returns "road", "flats", "resignation", "time", "agreement" or "not over".
func (r EndReason) String() string {
	switch r {
	case RoadEnd:
		return "road"
	case FlatsEnd:
		return "flats"
	case ResignEnd:
		return "resignation"
	case TimeEnd:
		return "time"
	case AgreementEnd:
		return "agreement"
	}
	return "not over"
}

// Reserve is what a player has not yet played.
type Reserve struct{ Stones, Caps int }

// Total returns stones plus capstones.
func (r Reserve) Total() int { return r.Stones + r.Caps }

// Result describes the end of a game, or that it goes on.
type Result struct {
	Reason EndReason
	Winner Color // meaningless when Draw or not over
	Draw   bool
	// DrawAwarded is set when the flat count was equal and the rules award
	// the game to a player anyway (Modegan Tak gives draws to Black).
	DrawAwarded bool
	// Road holds the squares of a shortest winning road, from one edge to
	// the other, for a road win.
	Road     []Square
	Flats    [2]int // flats on top for White and Black, without komi
	Komi     Komi
	Reserves [2]Reserve
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Reason != NotOver }

// BlackScore returns Black's flat count with komi, in half flats.
func (r Result) BlackScore() Komi { return KomiFlats(r.Flats[Black]) + r.Komi }

// PTN returns the result as PTN writes it: R-0, 0-R, F-0, 0-F, 1-0, 0-1,
// 1/2-1/2, or "" while the game goes on.
func (r Result) PTN() string {
	if !r.Over() {
		return ""
	}
	if r.Draw {
		return "1/2-1/2"
	}
	mark := "1"
	switch r.Reason {
	case RoadEnd:
		mark = "R"
	case FlatsEnd:
		mark = "F"
	}
	if r.Winner == White {
		return mark + "-0"
	}
	return "0-" + mark
}

// String describes the result in words, e.g. "white wins by road".
func (r Result) String() string {
	switch {
	case !r.Over():
		return "game in progress"
	case r.Draw && r.Reason == AgreementEnd:
		return "draw by agreement"
	case r.Draw:
		return fmt.Sprintf("draw on flats, %d to %s", r.Flats[White], r.BlackScore())
	case r.Reason == FlatsEnd && r.DrawAwarded:
		return fmt.Sprintf("black wins the drawn game (%d to %s) under Modegan rules", r.Flats[White], r.BlackScore())
	case r.Reason == FlatsEnd:
		return fmt.Sprintf("%s wins on flats, %d to %s", r.Winner, r.Flats[White], r.BlackScore())
	case r.Reason == RoadEnd:
		return fmt.Sprintf("%s wins by road", r.Winner)
	case r.Reason == ResignEnd:
		return fmt.Sprintf("%s wins by resignation", r.Winner)
	case r.Reason == TimeEnd:
		return fmt.Sprintf("%s wins on time", r.Winner)
	}
	return "game over"
}

// Result returns the state of the game on the board: a road or flat end, or not over.
func (p *Position) Result() Result {
	r := p.baseResult()
	r.Reason = p.end.reason
	r.Winner = p.end.winner
	r.Draw = p.end.draw
	if r.Reason == FlatsEnd && !r.Draw && p.cfg.Rules == Modegan {
		w, b := KomiFlats(r.Flats[White]), r.BlackScore()
		r.DrawAwarded = w == b
	}
	if r.Reason == RoadEnd {
		r.Road = p.WinningRoad(r.Winner)
	}
	return r
}

func (p *Position) baseResult() Result {
	r := Result{Flats: p.FlatCounts(), Komi: p.cfg.Komi}
	for c := White; c <= Black; c++ {
		r.Reserves[c] = Reserve{p.stones[c], p.caps[c]}
	}
	return r
}

// Resign returns the result of loser resigning in this position.
func (p *Position) Resign(loser Color) Result {
	r := p.baseResult()
	r.Reason, r.Winner = ResignEnd, loser.Opponent()
	return r
}

// TimeLoss returns the result of loser running out of time in this position.
func (p *Position) TimeLoss(loser Color) Result {
	r := p.baseResult()
	r.Reason, r.Winner = TimeEnd, loser.Opponent()
	return r
}

// AgreedDraw returns the result of a draw by agreement in this position.
func (p *Position) AgreedDraw() Result {
	r := p.baseResult()
	r.Reason, r.Draw = AgreementEnd, true
	return r
}

// WinningRoad returns the squares of a shortest road of colour c, or nil if
// c has no road. When c has roads in both directions, the shorter is given.
func (p *Position) WinningRoad(c Color) []Square {
	g := &geometries[p.size]
	bb := p.roadBits(c)
	ns := g.shortestRoad(bb, g.south, g.north)
	we := g.shortestRoad(bb, g.west, g.east)
	if ns == nil || (we != nil && len(we) < len(ns)) {
		return we
	}
	return ns
}

// HasRoad reports whether colour c has a road on the board.
func (p *Position) HasRoad(c Color) bool { return p.hasRoad(c) }
