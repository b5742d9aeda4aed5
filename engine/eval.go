package engine

import "github.com/takbymail/takbot/tak"

// The evaluation's features, each counted for one colour; the evaluation
// weighs the side to move's count minus the opponent's (tempo is 1 for the
// side to move). Every feature has a weight for the opening and one for the
// end, mixed by the game's phase.
const (
	fFlats         = iota               // flats on top (komi is fKomi)
	fWalls                              // walls on top
	fCaps                               // capstones on the board
	fCentreFlat                         // Σ distance to the edge of the flats on top
	fCentreCap                          // Σ distance to the edge of the capstones
	fOwnUnderFlat                       // own pieces under own flats
	fCaptUnderFlat                      // opponent pieces under own flats
	fOwnUnderHard                       // own pieces under own walls and capstones
	fCaptUnderHard                      // opponent pieces under own walls and capstones
	fLine1                              // rows and columns with all but one square own road pieces, no opponent wall or capstone
	fLine2                              // ... all but two
	fLine3                              // ... all but three
	fSpan1                              // the largest road group spans all rows or columns but one
	fSpan2                              // ... but two
	fSpan3                              // ... but three
	fGroups                             // road groups
	fThreats                            // empty squares where a flat completes a road (at most 3)
	fLiberties                          // empty squares next to own road pieces
	fHardNearRoad                       // own walls and capstones next to the opponent's road pieces
	fReserves                           // stones and capstones in hand
	fTempo                              // 1 for the side to move
	fRaceFlats                          // the flat lead (komi included) times the race's nearness
	fRaceLast                           // ± the race's nearness: + when the side to move would place the game's last piece
	fKomi                               // the komi in flats, counted for Black: its worth by phase is fitted on games with komi
	fFlatZone                           // flats on top in each zone (zoneCorner...zoneInner), against the edges: four features
	fWallZone      = fFlatZone + nZones // walls in each zone: four
	fCapZone       = fWallZone + nZones // capstones in each zone: four
	fCapTall       = fCapZone + nZones  // own capstones on stacks
	fCapNearTall   = fCapTall + 1       // the opponent's stacks next to own capstones
	fLinesOccupied = fCapTall + 2       // rows and columns with an own road piece
	fContact       = fCapTall + 3       // own flats next to the opponent's flats
	fTallFlats     = fCapTall + 4       // own flat-topped stacks
	fCapAlone      = fCapTall + 5       // own capstones with no own road piece next to them
	nFeatures      = fCapTall + 6
)

// featureNames name the features in weights.json, in order.
var featureNames = [nFeatures]string{
	"flats", "walls", "caps", "centre_flat", "centre_cap",
	"own_under_flat", "capt_under_flat", "own_under_hard", "capt_under_hard",
	"line1", "line2", "line3", "span1", "span2", "span3", "groups",
	"threats", "liberties", "hard_near_road", "reserves", "tempo",
	"race_flats", "race_last", "komi",
	"flat_corner", "flat_ring_corner", "flat_ring", "flat_inner",
	"wall_corner", "wall_ring_corner", "wall_ring", "wall_inner",
	"cap_corner", "cap_ring_corner", "cap_ring", "cap_inner",
	"cap_tall", "cap_near_tall", "lines_occupied", "contact", "tall_flats", "cap_alone",
}

// raceHorizon is how many placements from the end of the game (the board
// full or a reserve empty) the flat race's features start to count: their
// weight grows from 0 there to 1 at the end.
const raceHorizon = 8

// features fills f with the side to move's features minus the opponent's
// and returns the phase (0 = opening, 1 = end).
func features(b *board, mover tak.Color, f *[nFeatures]float64) float64 {
	var per [2][nFeatures]int
	g := b.g
	for c := tak.White; c <= tak.Black; c++ {
		pc := &per[c]
		opp := c.Opponent()
		flats := b.own[c] &^ (b.walls | b.caps)
		pc[fFlats] = popcount(flats)
		pc[fWalls] = popcount(b.own[c] & b.walls)
		pc[fCaps] = popcount(b.own[c] & b.caps)
		pc[fCentreFlat] = g.centreSum(flats)
		pc[fCentreCap] = g.centreSum(b.own[c] & b.caps)
		for z, zone := range g.zones {
			pc[fFlatZone+z] = popcount(flats & zone)
			pc[fWallZone+z] = popcount(b.own[c] & b.walls & zone)
			pc[fCapZone+z] = popcount(b.own[c] & b.caps & zone)
		}
		ownCaps := b.own[c] & b.caps
		pc[fCapTall] = popcount(ownCaps & b.sv.tall)
		pc[fCapNearTall] = popcount(g.grow(ownCaps) & b.own[opp] & b.sv.tall)
		road := b.road(c)
		pc[fContact] = popcount(flats & g.grow(b.own[opp]&^(b.walls|b.caps)))
		pc[fTallFlats] = popcount(flats & b.sv.tall)
		for x := ownCaps; x != 0; x &= x - 1 {
			if g.grow(x&-x)&road&^(x&-x) == 0 {
				pc[fCapAlone]++
			}
		}
		for x := b.own[c] & b.sv.tall; x != 0; x &= x - 1 {
			sq := tak.Square(bitIndex(x))
			u := &b.sv.under[sq]
			own, capt := min(int(u[c]), g.size), min(int(u[opp]), g.size)
			if flats&(1<<sq) != 0 {
				pc[fOwnUnderFlat] += own
				pc[fCaptUnderFlat] += capt
			} else {
				pc[fOwnUnderHard] += own
				pc[fCaptUnderHard] += capt
			}
		}
		block := b.own[opp] & (b.walls | b.caps)
		for _, line := range g.lines {
			mine := popcount(road & line)
			if mine != 0 {
				pc[fLinesOccupied]++
			}
			if line&block != 0 {
				continue
			}
			switch g.size - mine {
			case 1:
				pc[fLine1]++
			case 2:
				pc[fLine2]++
			case 3:
				pc[fLine3]++
			}
		}
		span, groups := b.groupSpan(c)
		switch g.size - span {
		case 1:
			pc[fSpan1] = 1
		case 2:
			pc[fSpan2] = 1
		case 3:
			pc[fSpan3] = 1
		}
		pc[fGroups] = groups
		if b.canPlace(c) {
			pc[fThreats] = min(popcount(b.placeWins(c)), 3)
		}
		pc[fLiberties] = popcount(g.grow(road) & b.empty())
		pc[fHardNearRoad] = popcount(g.grow(b.road(opp)) & b.own[c] & (b.walls | b.caps))
		pc[fReserves] = b.stones[c] + b.capsLeft[c]
	}
	per[mover][fTempo] = 1
	opp := mover.Opponent()
	for i := range f {
		f[i] = float64(per[mover][i] - per[opp][i])
	}
	f[fKomi] = float64(b.komi) / 2 // Black's flats count komi
	if mover == tak.White {
		f[fKomi] = -f[fKomi]
	}
	// the flat race: how near the game is to ending by placements alone
	// (the board filled or a reserve spent), and who places last then
	empties := popcount(b.empty())
	rm, ro := b.stones[mover]+b.capsLeft[mover], b.stones[opp]+b.capsLeft[opp]
	if ends := min(empties, rm, ro); ends < raceHorizon {
		u := float64(raceHorizon-ends) / raceHorizon
		f[fRaceFlats] = (f[fFlats] + f[fKomi]) * u // the lead that decides the race
		// plies from now: the mover places at 1, 3, 5..., the opponent at 2, 4...
		if last := min(empties, 2*rm-1, 2*ro); last%2 == 1 {
			f[fRaceLast] = u
		} else {
			f[fRaceLast] = -u
		}
	}
	return b.phase()
}

// phase is 0 at the start and 1 when a player's reserve or the empty
// squares run out, whichever is nearer.
func (b *board) phase() float64 {
	start, _ := tak.DefaultReserves(b.g.size)
	start++
	left := min(b.stones[0]+b.capsLeft[0], b.stones[1]+b.capsLeft[1])
	ph := 1 - float64(left)/float64(start)
	n := b.g.size * b.g.size
	if e := 1 - float64(popcount(b.empty()))/float64(n); e > ph {
		ph = e
	}
	return min(max(ph, 0), 1)
}

// evaluate returns the static evaluation in centiflats for the side to move.
func evaluate(b *board, w *Weights, mover tak.Color) int {
	var f [nFeatures]float64
	ph := features(b, mover, &f)
	var open, end float64
	for i, x := range f {
		open += x * w.Open[i]
		end += x * w.End[i]
	}
	return int(open*(1-ph) + end*ph)
}
