package engine

import "github.com/takbymail/takbot/tak"

// node is the state of one node of the search while its moves are
// searched: the window, the best move so far and the moves already tried.
type node struct {
	p           *tak.Position
	b           *board
	key         uint64
	blocks      uint64 // the opponent's road-completing placements
	depth, ply  int
	alpha, beta int
	best        int
	searched    int // moves searched so far
	nTried      int
	mover       tak.Color
	extended    bool // the line has been extended already
	hasTT       bool
	ttMove      tak.Move
	bestMove    tak.Move
	tried       [3]tak.Move // the moves searched before the moves are generated
}

// negamax searches p to depth and returns its score for the side to move
// within the window alpha, beta. Its steps: a finished game, the node
// count and the stop check; a road by placement; the flat-race and
// road-threat extensions and the leaf's quiescence; the transposition
// table; the null move; then the hash move and the killers before the moves are
// generated, the other moves in order, and the table's new entry.
func (s *searcher) negamax(p *tak.Position, key uint64, depth, ply int, alpha, beta int, extended bool) int {
	s.pvLen[ply] = 0
	if p.Over() {
		return terminalScore(p, ply)
	}
	s.nodes++
	if s.nodes&255 == 0 {
		s.checkStop()
	}
	if s.stopped {
		return 0
	}
	mover := p.ToMove()
	b := &s.boards[ply]
	b.loadWith(p, &s.sv, s.e.roads)
	if ply >= maxPly-1 {
		return evaluate(b, s.e.weights, mover)
	}
	opening := p.InOpening()
	if !opening && b.canPlace(mover) {
		if wins := b.placeWins(mover); wins != 0 {
			kind := tak.Flat
			if b.stones[mover] == 0 {
				kind = tak.Cap
			}
			s.pv[ply][0] = tak.PlaceMove(tak.Square(bitIndex(wins)), kind)
			s.pvLen[ply] = 1
			return WinScore - ply - 1
		}
	}
	var blocks uint64
	opp := mover.Opponent()
	if !opening && b.canPlace(opp) {
		blocks = b.placeWins(opp)
	}
	if depth > 0 && !extended && !opening && raceEnds(b) <= 2 {
		// the game can end by placements within a few plies: search the
		// flat race a ply deeper (once per line)
		depth, extended = depth+1, true
	}
	if depth > 0 && blocks != 0 && !extended {
		// the opponent threatens a road: search the answers one ply deeper
		// (once per line)
		depth, extended = depth+1, true
	}
	if depth <= 0 {
		if sc, done := s.quiesce(b, mover, ply, beta, blocks, opening, extended); done {
			return sc
		}
		depth, extended = 1, true
	}
	n := node{p: p, b: b, key: key, blocks: blocks, depth: depth, ply: ply, alpha: alpha, beta: beta, mover: mover, extended: extended}
	if sc, cut := s.probe(&n); cut {
		return sc
	}
	if sc, cut := s.nullMove(&n); cut {
		return sc
	}
	n.best = -infinity
	// the hash move and the killers first, before the moves are generated:
	// when one of them cuts off, the moves never are
	if ply > 0 && s.searchFirst(&n) {
		return 0
	}
	if n.alpha < n.beta && s.searchMoves(&n) {
		return 0
	}
	if n.best == -infinity {
		return evaluate(n.b, s.e.weights, n.mover)
	}
	flag := ttExact
	switch {
	case n.best <= alpha:
		flag = ttUpper
	case n.best >= beta:
		flag = ttLower
	}
	s.e.ttStore(key, ttEntry{move: n.bestMove, score: toTT(n.best, ply), depth: int8(min(depth, 127)), flag: flag, hasMove: true})
	return n.best
}

// quiesce is the road-threat quiescence at a leaf (depth 0): a road by a
// stack move is a win here too, and a position where the opponent
// threatens a road (blocks: by placement; or by a stack move that covers a
// gap) is searched one ply deeper, once per line: done is false then, and
// the caller searches it at depth 1. Otherwise the leaf scores its static
// evaluation. A leaf whose static score already reaches beta fails high
// whether or not a stack move would win there: the tests are for the
// others.
func (s *searcher) quiesce(b *board, mover tak.Color, ply, beta int, blocks uint64, opening, extended bool) (score int, done bool) {
	static := evaluate(b, s.e.weights, mover)
	if static >= beta {
		return static, true
	}
	if !opening {
		if m, ok := b.stackWin(mover); ok {
			s.pv[ply][0] = m
			s.pvLen[ply] = 1
			return WinScore - ply - 1, true
		}
	}
	if extended || opening || blocks == 0 && !b.stackThreat(mover.Opponent()) {
		return static, true
	}
	return 0, false
}

// probe reads the transposition table: its move becomes the node's hash
// move, and an entry deep enough whose bound settles the node is its
// score (cut), below the root.
func (s *searcher) probe(n *node) (score int, cut bool) {
	en := s.e.ttProbe(n.key)
	if en == nil {
		return 0, false
	}
	n.ttMove, n.hasTT = en.move, en.hasMove
	if int(en.depth) >= n.depth && n.ply > 0 {
		sc := fromTT(en.score, n.ply)
		switch {
		case en.flag == ttExact,
			en.flag == ttLower && sc >= n.beta,
			en.flag == ttUpper && sc <= n.alpha:
			return sc, true
		}
	}
	return 0, false
}

// nullMove tries the null move: when the side to move, passing, still
// scores at least beta in a shallower search, the node is cut off (cut,
// with beta; or with 0 when the search stopped). Not in the endgame (a
// flat race may leave no good move), nor against a road threat, nor twice
// in a row, nor in windows wider than one point (the principal
// variation).
func (s *searcher) nullMove(n *node) (score int, cut bool) {
	depth, ply, beta := n.depth, n.ply, n.beta
	if !(depth >= 3 && ply > 0 && !n.extended && n.blocks == 0 && beta-n.alpha == 1 && !s.nulled[ply-1] &&
		beta < winBound && beta > -winBound && nullSafe(n.b) && evaluate(n.b, s.e.weights, n.mover) >= beta) {
		return 0, false
	}
	p := n.p
	r := 2 + depth/6
	p.PassInPlace()
	s.nulled[ply] = true
	sc := -s.negamax(p, n.key^zBlack, depth-1-r, ply+1, -beta, -beta+1, false)
	s.nulled[ply] = false
	p.UnpassInPlace()
	if s.stopped {
		return 0, true
	}
	if sc >= beta {
		return beta, true
	}
	return 0, false
}
