package tak

import (
	"fmt"
	"math/bits"
)

// Position is a game state: the board, the reserves, the side to move and
// whether the game has ended. Play returns a new Position and never changes
// the one it is called on, so a Position can be shared freely once built.
// PlayInPlace, PlayLegal and Unplay change the Position itself, for a
// search: use them on a copy of your own (q := *p), never on a Position
// that others hold, such as one from Game.Position.
type Position struct {
	cfg    Config
	size   int
	toMove Color
	ply    int
	stones [2]int
	caps   [2]int

	// Bitboards over squares (bit i = Square i): the colour of each top
	// piece and which tops are walls or capstones.
	own   [2]uint64
	walls uint64
	capBB uint64

	board  uint64 // the squares of the board
	height [64]uint8
	// The colours of each stack, bit i for the i-th piece from the bottom
	// (1 = black): the lowest 64 pieces here, any above them in deep
	// (bitboard.go).
	stack [64]uint64
	deep  *[64]uint64

	end endState
}

type endState struct {
	reason EndReason
	winner Color
	draw   bool
	_      uint8 // four bytes are copied in one word
}

// NewPosition returns the start position of a game with configuration cfg.
func NewPosition(cfg Config) (*Position, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Position{cfg: cfg, size: cfg.Size, stones: cfg.Stones, caps: cfg.Caps,
		board: geometries[cfg.Size].board}, nil
}

// Stack is a stack of pieces, bottom first.
type Stack []Piece

// Setup builds a position from stacks (bottom first, indexed by Square), the
// side to move and the full move number (starting at 1), as read from TPS.
// Reserves are derived from the configuration and the pieces on the board.
// The resulting position's end state is computed as if the last move had been
// made by the other side.
func Setup(cfg Config, stacks map[Square]Stack, toMove Color, moveNumber int) (*Position, error) {
	p, err := NewPosition(cfg)
	if err != nil {
		return nil, err
	}
	if moveNumber < 1 {
		return nil, fmt.Errorf("move number %d is below 1", moveNumber)
	}
	if toMove > Black {
		return nil, fmt.Errorf("invalid side to move %d", toMove)
	}
	p.toMove = toMove
	p.ply = 2*(moveNumber-1) + int(toMove)
	for sq, st := range stacks {
		if !sq.OnBoard(p.size) {
			return nil, fmt.Errorf("square %v is off the %dx%d board", sq, p.size, p.size)
		}
		if len(st) == 0 {
			continue
		}
		if len(st) > MaxPieces {
			return nil, fmt.Errorf("stack on %v is taller than %d", sq, MaxPieces)
		}
		for i, pc := range st {
			if pc.Kind() > Cap {
				return nil, fmt.Errorf("invalid piece on %v", sq)
			}
			if i < len(st)-1 && pc.Kind() != Flat {
				return nil, fmt.Errorf("a %s lies under another piece on %v; only flats can be covered", pc.Kind(), sq)
			}
			if pc.Kind() == Cap {
				p.caps[pc.Color()]--
			} else {
				p.stones[pc.Color()]--
			}
			if pc.Color() == Black {
				p.insert(sq, i, 1, 1)
			}
		}
		p.height[sq] = uint8(len(st))
		top := st[len(st)-1]
		p.setTop(sq, top)
	}
	for c := White; c <= Black; c++ {
		if p.stones[c] < 0 {
			return nil, fmt.Errorf("%s has %d more stone%s on the board than the game gives (%d)", c, -p.stones[c], plural(-p.stones[c]), cfg.Stones[c])
		}
		if p.caps[c] < 0 {
			return nil, fmt.Errorf("%s has %d more capstone%s on the board than the game gives (%d)", c, -p.caps[c], plural(-p.caps[c]), cfg.Caps[c])
		}
	}
	p.computeEnd(toMove.Opponent())
	return p, nil
}

func (p *Position) setTop(sq Square, top Piece) {
	b := uint64(1) << sq
	p.own[0] &^= b
	p.own[1] &^= b
	p.walls &^= b
	p.capBB &^= b
	p.own[top.Color()] |= b
	switch top.Kind() {
	case Wall:
		p.walls |= b
	case Cap:
		p.capBB |= b
	}
}

// Config returns the game's configuration.
func (p *Position) Config() Config { return p.cfg }

// Size returns the board size.
func (p *Position) Size() int { return p.size }

// ToMove returns the colour whose turn it is.
func (p *Position) ToMove() Color { return p.toMove }

// Ply returns the number of plies played since the start (0 at the start).
func (p *Position) Ply() int { return p.ply }

// MoveNumber returns the full move number, starting at 1, as PTN and TPS count it.
func (p *Position) MoveNumber() int { return p.ply/2 + 1 }

// InOpening reports whether the swap opening applies to the next ply.
func (p *Position) InOpening() bool { return p.cfg.Opening == SwapOpening && p.ply < 2 }

// Reserves returns the stones and capstones colour c has not yet played.
func (p *Position) Reserves(c Color) (stones, caps int) { return p.stones[c], p.caps[c] }

// Height returns the number of pieces on sq.
func (p *Position) Height(sq Square) int { return int(p.height[sq]) }

// Top returns the top piece on sq, and false when the square is empty.
func (p *Position) Top(sq Square) (Piece, bool) {
	b := uint64(1) << sq
	if p.height[sq] == 0 {
		return 0, false
	}
	c := White
	if p.own[Black]&b != 0 {
		c = Black
	}
	k := Flat
	if p.walls&b != 0 {
		k = Wall
	} else if p.capBB&b != 0 {
		k = Cap
	}
	return MakePiece(c, k), true
}

// Stack returns the pieces on sq, bottom first. Every piece but the top one is a flat.
func (p *Position) Stack(sq Square) Stack {
	h := int(p.height[sq])
	if h == 0 {
		return nil
	}
	return p.AppendStack(make(Stack, 0, h), sq)
}

// AppendStack appends the pieces on sq, bottom first, to dst and returns
// the extended slice: Stack without an allocation of its own, for callers
// that write a board square by square into one buffer.
func (p *Position) AppendStack(dst Stack, sq Square) Stack {
	h := int(p.height[sq])
	if h == 0 {
		return dst
	}
	for i := 0; i < h-1; i++ {
		dst = append(dst, MakePiece(p.pieceColor(sq, i), Flat))
	}
	top, _ := p.Top(sq)
	return append(dst, top)
}

// Squares returns every square of the board, a1 first, rank by rank.
func (p *Position) Squares() []Square {
	out := make([]Square, 0, p.size*p.size)
	for r := 0; r < p.size; r++ {
		for f := 0; f < p.size; f++ {
			out = append(out, SquareAt(f, r))
		}
	}
	return out
}

// FlatCounts returns the number of flats on top of stacks for each colour, without komi.
func (p *Position) FlatCounts() [2]int {
	flat := ^(p.walls | p.capBB)
	return [2]int{bits.OnesCount64(p.own[0] & flat), bits.OnesCount64(p.own[1] & flat)}
}

// SameBoard reports whether p and q have the same pieces on every square
// (reserves, side to move and move number are not compared).
func (p *Position) SameBoard(q *Position) bool {
	return len(p.DiffSquares(q)) == 0
}

// DiffSquares returns the squares whose stacks differ between p and q, a1
// first. Boards of different sizes differ everywhere.
func (p *Position) DiffSquares(q *Position) []Square {
	var out []Square
	n := p.size
	if q.size > n {
		n = q.size
	}
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			sq := SquareAt(f, r)
			if r >= p.size || f >= p.size || r >= q.size || f >= q.size {
				out = append(out, sq)
				continue
			}
			b := uint64(1) << sq
			if p.height[sq] != q.height[sq] || p.stack[sq] != q.stack[sq] || p.deepAt(sq) != q.deepAt(sq) ||
				p.walls&b != q.walls&b || p.capBB&b != q.capBB&b {
				out = append(out, sq)
			}
		}
	}
	return out
}

// Over reports whether the game has ended on the board (road or flats).
func (p *Position) Over() bool { return p.end.reason != NotOver }

// Play returns the position after move m, or a *MoveError saying why m is
// illegal. p itself is never changed.
func (p *Position) Play(m Move) (*Position, error) {
	if err := p.Check(m); err != nil {
		return nil, err
	}
	q := new(Position)
	*q = *p
	u := Undo{move: m}
	q.apply(&u)
	return q, nil
}

// Check returns nil when m is legal here, and otherwise a *MoveError.
func (p *Position) Check(m Move) error {
	size := p.size
	if p.Over() {
		return moveErr(m, RuleGameOver, m.Square, size, "the game is over")
	}
	if !m.Square.OnBoard(size) {
		return moveErr(m, RuleOffBoard, m.Square, size, "%s is not on the %dx%d board", m.Square, size, size)
	}
	switch m.Type {
	case Place:
		return p.checkPlace(m)
	case Spread:
		return p.checkSpread(m)
	default:
		return moveErr(m, RuleBadMove, m.Square, size, "unknown move type")
	}
}

// checkPlace is Check for a placement on the board.
func (p *Position) checkPlace(m Move) error {
	sq, size := m.Square, p.size
	if m.Piece > Cap {
		return moveErr(m, RuleBadMove, sq, size, "unknown piece kind")
	}
	if p.height[sq] != 0 {
		return moveErr(m, RuleOccupied, sq, size, "{sq} is occupied")
	}
	c := p.toMove
	if p.InOpening() {
		if m.Piece != Flat {
			return moveErr(m, RuleOpeningFlat, sq, size, "the first placement of each player must be a flat (of the opponent's colour); no %ss yet", m.Piece)
		}
		c = c.Opponent()
	}
	if m.Piece == Cap {
		if p.caps[c] == 0 {
			if p.cfg.Caps[c] == 0 {
				return moveErr(m, RuleNoCapstones, sq, size, "there are no capstones in this game")
			}
			return moveErr(m, RuleNoCapstones, sq, size, "%s has no capstone left", c)
		}
	} else if p.stones[c] == 0 {
		return moveErr(m, RuleNoStones, sq, size, "%s has no stones left", c)
	}
	return nil
}

// checkSpread is Check for a stack move from a square on the board.
func (p *Position) checkSpread(m Move) error {
	sq, size := m.Square, p.size
	if m.Dir > West {
		return moveErr(m, RuleBadMove, sq, size, "unknown direction")
	}
	if p.InOpening() {
		return moveErr(m, RuleOpeningMove, sq, size, "no stack moves in the opening: each player's first turn places an opponent's flat")
	}
	h := int(p.height[sq])
	if h == 0 {
		return moveErr(m, RuleEmptySquare, sq, size, "there is no stack on {sq} to move")
	}
	if p.own[p.toMove]&(1<<sq) == 0 {
		return moveErr(m, RuleNotYourStack, sq, size, "the stack on {sq} is not yours: its top piece is %s", p.toMove.Opponent())
	}
	// drops must be positive and contiguous
	n, dist := 0, 0
	for i, d := range m.Drops {
		if d == 0 {
			for _, rest := range m.Drops[i:] {
				if rest != 0 {
					return moveErr(m, RuleBadDrops, sq, size, "every square along the path must get at least one piece")
				}
			}
			break
		}
		n += int(d)
		dist++
	}
	if dist == 0 {
		return moveErr(m, RuleBadDrops, sq, size, "a stack move must drop at least one piece")
	}
	if n > size {
		return moveErr(m, RuleCarryLimit, sq, size, "carry limit is %d on %dx%d: cannot pick up %d", size, size, size, n)
	}
	if n > h {
		return moveErr(m, RuleStackTooSmall, sq, size, "the stack on {sq} has %d piece%s, cannot pick up %d", h, plural(h), n)
	}
	return p.checkPath(m, dist)
}

// checkPath is checkSpread for the squares the stack passes: on the
// board, no capstone, and a wall only on the last square, flattened by a
// capstone alone.
func (p *Position) checkPath(m Move, dist int) error {
	size := p.size
	top, _ := p.Top(m.Square)
	cur := m.Square
	for i := 0; i < dist; i++ {
		next, ok := cur.Step(m.Dir, size)
		if !ok {
			return moveErr(m, RuleOffBoard, cur, size, "moving %s from {sq} leaves the board", m.Dir)
		}
		cur = next
		b := uint64(1) << cur
		if p.capBB&b != 0 {
			return moveErr(m, RuleCapstoneBlocks, cur, size, "{sq} holds a capstone, which cannot be covered")
		}
		if p.walls&b != 0 {
			if i != dist-1 {
				return moveErr(m, RuleWallBlocks, cur, size, "{sq} holds a wall, which cannot be covered")
			}
			if top.Kind() != Cap {
				return moveErr(m, RuleWallBlocks, cur, size, "{sq} holds a wall, which only a capstone can flatten")
			}
			if m.Drops[i] != 1 {
				return moveErr(m, RuleWallBlocks, cur, size, "{sq} holds a wall: the capstone must flatten it alone, but %d pieces would land there", m.Drops[i])
			}
		}
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// IsCrush reports whether m, legal here, flattens a wall with a capstone.
func (p *Position) IsCrush(m Move) bool {
	if m.Type != Spread {
		return false
	}
	path := m.Path(p.size)
	if len(path) == 0 || len(path) != m.Distance() {
		return false
	}
	last := path[len(path)-1]
	return p.walls&(1<<last) != 0 && p.capBB&(1<<m.Square) != 0
}

// apply plays the legal move u.move on p in place and records in u what
// Unplay needs to take it back. Squares are masked to the 64 of the widest
// board, so that an illegal move passed by mistake corrupts the position
// instead of crashing.
func (p *Position) apply(u *Undo) {
	if u.move.Type != Place {
		p.applySpread(u)
		return
	}
	// A placement, the bulk of the moves of a search: put a piece of kind
	// k on the empty square sq, for the side to move (for the other side
	// in the swap opening).
	sq, k := u.move.Square&63, u.move.Piece
	c := p.toMove
	if p.ply < 2 && p.cfg.Opening == SwapOpening {
		c ^= 1
	}
	c &= 1 // no bounds checks below
	if k == Cap {
		p.caps[c]--
	} else {
		p.stones[c]--
	}
	p.height[sq] = 1
	p.stack[sq] = uint64(c) // an empty square has no deep colours
	b := uint64(1) << sq
	p.own[c] |= b
	if k == Wall {
		p.walls |= b
	} else if k == Cap {
		p.capBB |= b
	}
	p.ply++
	p.toMove ^= 1
	// The game went on before, so neither side had a road: a placement can
	// only make one for the colour placed, and a wall none.
	if k != Wall && bits.OnesCount64(p.own[c]&^p.walls) >= p.size && p.newRoad(c, b) {
		p.end = endState{reason: RoadEnd, winner: c}
		return
	}
	if p.own[0]|p.own[1] == p.board || p.stones[c]+p.caps[c] == 0 {
		p.flatsEnd()
	}
}

// applySpread plays the stack move u.move on p in place and records the
// tops before it in u.
func (p *Position) applySpread(u *Undo) {
	m := &u.move
	mover := p.toMove & 1
	u.own = p.own
	u.walls = p.walls
	u.capBB = p.capBB
	p.spread(m)
	p.ply++
	p.toMove = mover.Opponent()
	// A stack move can make a road for either side; the mover's comes first.
	switch {
	case p.gainedRoad(mover, u):
		p.end = endState{reason: RoadEnd, winner: mover}
	case p.gainedRoad(mover.Opponent(), u):
		p.end = endState{reason: RoadEnd, winner: mover.Opponent()}
	default:
		p.flatsEnd()
	}
}

func (p *Position) spread(m *Move) {
	sq := m.Square & 63
	b := uint64(1) << sq
	topKind := Flat
	if p.walls&b != 0 {
		topKind = Wall
	} else if p.capBB&b != 0 {
		topKind = Cap
	}
	// The drops after the last are zero in a legal move: sum them all
	// without looking for the end.
	d := &m.Drops
	n := int(d[0]) + int(d[1]) + int(d[2]) + int(d[3]) + int(d[4]) + int(d[5]) + int(d[6])
	h := int(p.height[sq])
	if n > h {
		n = h // only for an illegal move played by mistake
	}
	carried := p.extract(sq, h-n, n)
	rest := h - n
	p.height[sq] = uint8(rest)
	p.truncate(sq, rest)
	p.own[0] &^= b
	p.own[1] &^= b
	p.walls &^= b
	p.capBB &^= b
	if rest > 0 {
		p.own[p.pieceColor(sq, rest-1)] |= b
	}
	step := stepDelta(m.Dir)
	cur := int(sq)
	for i := 0; i < len(m.Drops) && m.Drops[i] != 0; i++ {
		d := int(m.Drops[i])
		cur += step
		t := Square(cur) & 63
		tb := uint64(1) << t
		ht := int(p.height[t])
		p.insert(t, ht, carried&(1<<d-1), d)
		carried >>= d
		n -= d
		ht += d
		p.height[t] = uint8(ht)
		p.own[0] &^= tb
		p.own[1] &^= tb
		p.own[p.pieceColor(t, ht-1)] |= tb
		p.walls &^= tb // a wall here is flattened (only legal for a lone capstone)
		if n == 0 {
			switch topKind {
			case Wall:
				p.walls |= tb
			case Cap:
				p.capBB |= tb
			}
		}
	}
}

// unspread takes back the stack move m, which spread played last: it picks
// the dropped pieces up again and puts them back on the origin. The top
// bitboards are restored by the caller.
func (p *Position) unspread(m *Move) {
	sq := m.Square & 63
	step := stepDelta(m.Dir)
	cur := int(sq)
	var carried uint64
	n := 0
	for i := 0; i < len(m.Drops) && m.Drops[i] != 0; i++ {
		d := int(m.Drops[i])
		cur += step
		t := Square(cur) & 63
		ht := int(p.height[t]) - d
		if ht < 0 {
			ht = 0 // only for an illegal move played by mistake
		}
		carried |= p.extract(t, ht, d) << n
		n += d
		p.truncate(t, ht)
		p.height[t] = uint8(ht)
	}
	h := int(p.height[sq])
	p.insert(sq, h, carried, n)
	p.height[sq] = uint8(h + n)
}

func stepDelta(d Direction) int {
	switch d {
	case North:
		return 8
	case South:
		return -8
	case East:
		return 1
	}
	return -1
}

// computeEnd sets the end state after a move by mover.
func (p *Position) computeEnd(mover Color) {
	p.end = endState{}
	moverRoad := p.hasRoad(mover)
	otherRoad := p.hasRoad(mover.Opponent())
	switch {
	case moverRoad:
		p.end = endState{reason: RoadEnd, winner: mover}
		return
	case otherRoad:
		p.end = endState{reason: RoadEnd, winner: mover.Opponent()}
		return
	}
	p.flatsEnd()
}

// flatsEnd sets the end state of a position without a road: a flat count
// when the board is full or a player has no piece left, else not over.
func (p *Position) flatsEnd() {
	p.end = endState{}
	full := p.own[0]|p.own[1] == p.board
	if full || p.stones[0]+p.caps[0] == 0 || p.stones[1]+p.caps[1] == 0 {
		fc := p.FlatCounts()
		w, b := 2*fc[0], 2*fc[1]+int(p.cfg.Komi)
		switch {
		case w > b:
			p.end = endState{reason: FlatsEnd, winner: White}
		case b > w:
			p.end = endState{reason: FlatsEnd, winner: Black}
		case p.cfg.Rules == Modegan:
			p.end = endState{reason: FlatsEnd, winner: Black}
		default:
			p.end = endState{reason: FlatsEnd, draw: true}
		}
	}
}

// DiffStacks returns the squares where the given stacks (bottom first,
// indexed by Square, as read from a player's own board) differ from this
// position, a1 first. Squares off the board in stacks count as different.
func (p *Position) DiffStacks(stacks map[Square]Stack) []Square {
	var out []Square
	for _, sq := range geometries[p.size].squareList {
		mine := p.Stack(sq)
		theirs := stacks[sq]
		if len(mine) != len(theirs) {
			out = append(out, sq)
			continue
		}
		for i := range mine {
			if mine[i] != theirs[i] {
				out = append(out, sq)
				break
			}
		}
	}
	for sq, st := range stacks {
		if !sq.OnBoard(p.size) && len(st) > 0 {
			out = append(out, sq)
		}
	}
	return out
}

// Stacks returns every non-empty stack, indexed by square.
func (p *Position) Stacks() map[Square]Stack {
	n, pieces := 0, 0
	for _, sq := range geometries[p.size].squareList {
		if h := int(p.height[sq]); h > 0 {
			n++
			pieces += h
		}
	}
	out := make(map[Square]Stack, n)
	all := make(Stack, 0, pieces) // one array for every stack, each capped at its own length
	for _, sq := range geometries[p.size].squareList {
		if p.height[sq] > 0 {
			start := len(all)
			all = p.AppendStack(all, sq)
			out[sq] = all[start:len(all):len(all)]
		}
	}
	return out
}
