package engine

import (
	"context"
	"time"

	"github.com/takbymail/takbot/tak"
)

const (
	// aspiration is the half width of the first aspiration window.
	aspiration = 40
	maxPly     = 128
	infinity   = 2 * WinScore
	// winBound: scores beyond it are forced wins or losses.
	winBound = WinScore - 1000
	histSize = 192 + 256*8
)

// searcher is the state of one search: limits, counters and the tables
// that live from one search to the next (killers, history).
type searcher struct {
	e         *Engine
	ctx       context.Context
	deadline  time.Time
	timed     bool
	nodeLimit int64
	nodes     int64
	stopped   bool
	killers   [maxPly][2]tak.Move
	hasKiller [maxPly][2]bool
	history   [2][histSize]int32
	moves     [maxPly][]tak.Move
	order     [maxPly][]int32
	boards    [maxPly]board
	undos     [maxPly]tak.Undo
	nulled    [maxPly]bool // a null move from this ply is being searched
	pos       tak.Position // the search's own copy of the root, played on in place
	sv        stackView    // the stacks of pos, kept up to date move by move
	pv        [maxPly][maxPly]tak.Move
	pvLen     [maxPly]int
	rootDone  int      // root moves searched in full in the current iteration
	rootScore int      // the best of their scores
	rootFirst tak.Move // the move the root searches first: the last iteration's best
}

func (e *Engine) search(ctx context.Context, pos *tak.Position, lim Limits) Result {
	s := &e.s
	s.e, s.ctx = e, ctx
	s.nodes, s.stopped = 0, false
	s.timed = lim.MoveTime > 0
	start := e.clock()
	s.deadline = start.Add(lim.MoveTime)
	s.nodeLimit = lim.Nodes
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxDepth {
		maxDepth = MaxDepth
	}
	for c := range s.history {
		for i := range s.history[c] {
			s.history[c][i] /= 8
		}
	}
	key := hashPosition(pos)
	res := Result{Move: s.fallback(pos, key)}
	s.pos = *pos
	p := &s.pos
	s.sv.load(p)
	e.gen++
	for d := 1; d <= maxDepth; d++ {
		s.rootFirst = res.Move
		// aspiration window: from the fourth iteration, a window around
		// the last score, widened (both ways, doubling) when the score
		// falls outside it
		alpha, beta, delta := -infinity, infinity, aspiration
		if d >= 4 && res.Score < winBound && res.Score > -winBound {
			alpha, beta = res.Score-delta, res.Score+delta
		}
		var score int
		for {
			s.rootDone = 0
			score = s.negamax(p, key, d, 0, alpha, beta, false)
			if s.stopped {
				break
			}
			if score <= alpha && alpha > -infinity {
				delta *= 2
				alpha = max(score-delta, -infinity)
				continue
			}
			if score >= beta && beta < infinity {
				delta *= 2
				beta = min(score+delta, infinity)
				if s.pvLen[0] > 0 {
					s.rootFirst = s.pv[0][0]
				}
				continue
			}
			break
		}
		if s.stopped && s.rootDone > 0 && s.pvLen[0] > 0 {
			// an unfinished iteration: its best move so far was searched
			// deeper than the last iteration's (searched first), so take it
			res.Move, res.Score = s.pv[0][0], s.rootScore
			res.PV = append([]tak.Move(nil), s.pv[0][:s.pvLen[0]]...)
		}
		if s.stopped || s.pvLen[0] == 0 {
			break
		}
		res = Result{Move: s.pv[0][0], Score: score, Depth: d, Nodes: s.nodes,
			PV: append([]tak.Move(nil), s.pv[0][:s.pvLen[0]]...)}
		if e.opts.Info != nil {
			e.opts.Info(res)
		}
		if score > winBound || score < -winBound {
			break
		}
		if s.timed && !lim.UseAll && e.clock().Sub(start) > lim.MoveTime/2 {
			break
		}
		if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
			break
		}
	}
	res.Nodes = s.nodes
	return res
}

// fallback is the move played if not even the first iteration completes:
// the hash move, or else the first legal move in search order.
func (s *searcher) fallback(pos *tak.Position, key uint64) tak.Move {
	if en := s.e.ttProbe(key); en != nil && en.hasMove && pos.Check(en.move) == nil {
		return en.move
	}
	moves := pos.LegalMoves(nil)
	var b board
	b.load(pos)
	best, bestScore := moves[0], int32(-1<<31)
	for _, m := range moves {
		if sc := s.staticOrder(&b, pos, m, 0); sc > bestScore {
			best, bestScore = m, sc
		}
	}
	return best
}

func (s *searcher) checkStop() {
	if s.ctx.Err() != nil {
		s.stopped = true
		return
	}
	if s.timed && !s.e.clock().Before(s.deadline) {
		s.stopped = true
		return
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stopped = true
	}
}

// terminalScore scores a finished game for the side to move, ply plies
// from the root.
func terminalScore(p *tak.Position, ply int) int {
	mover := p.ToMove()
	last := mover.Opponent()
	switch {
	case p.HasRoad(last):
		return -(WinScore - ply)
	case p.HasRoad(mover):
		return WinScore - ply
	}
	fc := p.FlatCounts()
	cfg := p.Config()
	w, b := 2*fc[tak.White], 2*fc[tak.Black]+int(cfg.Komi)
	var winner tak.Color
	switch {
	case w > b:
		winner = tak.White
	case b > w:
		winner = tak.Black
	case cfg.Rules == tak.Modegan:
		winner = tak.Black
	default:
		return 0
	}
	if winner == mover {
		return WinScore - ply
	}
	return -(WinScore - ply)
}

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

// searchFirst searches the hash move and the killers that are legal here,
// before the moves are generated, noting them in n.tried. It reports
// whether the search stopped.
func (s *searcher) searchFirst(n *node) (stopped bool) {
	var cand [3]tak.Move
	nc := 0
	if n.hasTT {
		cand[nc] = n.ttMove
		nc++
	}
	ply := n.ply
	for k := 0; k < 2; k++ {
		if s.hasKiller[ply][k] && !(n.hasTT && s.killers[ply][k] == n.ttMove) {
			cand[nc] = s.killers[ply][k]
			nc++
		}
	}
	for _, m := range cand[:nc] {
		if n.alpha >= n.beta {
			break
		}
		if n.p.Check(m) != nil {
			continue
		}
		isTT := n.hasTT && m == n.ttMove
		sc := s.child(n.p, n.key, m, n.depth, ply, n.alpha, n.beta, n.extended, n.searched, false)
		if s.stopped {
			return true
		}
		n.tried[n.nTried] = m
		n.nTried++
		n.searched++
		if sc > n.best {
			n.best, n.bestMove = sc, m
			if sc > n.alpha {
				n.alpha = sc
				s.setPV(ply, m)
			}
		}
		if n.alpha >= n.beta && !isTT {
			s.rewardCutoff(ply, n.mover, m, n.depth)
		}
	}
	return false
}

// searchMoves searches the node's moves in order (the first few picked
// one by one, the rest sorted at once), skipping those searchFirst tried,
// until one cuts off. It reports whether the search stopped.
func (s *searcher) searchMoves(n *node) (stopped bool) {
	moves, order := s.orderMoves(n)
	ply := n.ply
	tried, nTried := &n.tried, n.nTried
	for i := range moves {
		if i < selectFirst {
			// selection: bring the best remaining move to i
			bi := i
			for j := i + 1; j < len(moves); j++ {
				if order[j] > order[bi] {
					bi = j
				}
			}
			moves[i], moves[bi] = moves[bi], moves[i]
			order[i], order[bi] = order[bi], order[i]
		} else if i == selectFirst {
			sortMoves(moves[i:], order[i:])
		}
		m := moves[i]
		if nTried > 0 && (m == tried[0] || nTried > 1 && (m == tried[1] || nTried > 2 && m == tried[2])) {
			continue
		}
		sc := s.child(n.p, n.key, m, n.depth, ply, n.alpha, n.beta, n.extended, n.searched, order[i] < 1<<19)
		if s.stopped {
			return true
		}
		n.searched++
		if ply == 0 {
			s.rootDone++
		}
		if sc > n.best {
			n.best, n.bestMove = sc, m
			if ply == 0 {
				s.rootScore = sc
			}
			if sc > n.alpha {
				n.alpha = sc
				s.setPV(ply, m)
			}
		}
		if n.alpha >= n.beta {
			if order[i] < 1<<20 {
				s.rewardCutoff(ply, n.mover, m, n.depth)
			}
			break
		}
	}
	return false
}

// setPV makes m followed by the principal variation of the next ply the
// principal variation of ply.
func (s *searcher) setPV(ply int, m tak.Move) {
	s.pv[ply][0] = m
	n := copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = n + 1
}

// child plays m in place, searches the position after it and takes it
// back, returning its score for the side to move at ply. index is the
// number of moves searched before m at this node: the first is searched
// with the full window, the others with a null window first, and those
// that may be reduced (reducible: not a block, the hash move or a killer)
// late in the list one or two plies shallower first.
func (s *searcher) child(p *tak.Position, key uint64, m tak.Move, depth, ply, alpha, beta int, extended bool, index int, reducible bool) int {
	u := &s.undos[ply]
	ck, sqs := playHashed(p, key, m, u)
	s.sv.update(p, sqs)
	var sc int
	if index == 0 {
		sc = -s.negamax(p, ck, depth-1, ply+1, -beta, -alpha, extended)
	} else {
		red := 0
		if depth >= 3 && index >= 3 && reducible {
			red = 1
			if depth >= 5 && index >= 12 {
				red = 2
			}
		}
		sc = -s.negamax(p, ck, depth-1-red, ply+1, -alpha-1, -alpha, extended)
		if sc > alpha && red > 0 {
			sc = -s.negamax(p, ck, depth-1, ply+1, -alpha-1, -alpha, extended)
		}
		if sc > alpha && sc < beta {
			sc = -s.negamax(p, ck, depth-1, ply+1, -beta, -alpha, extended)
		}
	}
	p.Unplay(u)
	s.sv.update(p, sqs)
	return sc
}

// nullSafe reports whether a null move may be tried in b: both sides
// have more than a few pieces in hand and the board more than a few
// empty squares, so that passing is no worse than moving (no flat race
// near its end).
func nullSafe(b *board) bool {
	return b.stones[0]+b.capsLeft[0] > 4 && b.stones[1]+b.capsLeft[1] > 4 && popcount(b.empty()) > 4
}

// raceEnds is how many placements from the end of the game b is: the
// empty squares or the smaller reserve, whichever is fewer.
func raceEnds(b *board) int {
	return min(popcount(b.empty()), b.stones[0]+b.capsLeft[0], b.stones[1]+b.capsLeft[1])
}
