package tak

// Game is a game from its start position: the moves played and every
// position along the way. A Game is not safe for concurrent use.
type Game struct {
	positions []*Position
	moves     []Move
}

// NewGame starts a game with configuration cfg.
func NewGame(cfg Config) (*Game, error) {
	p, err := NewPosition(cfg)
	if err != nil {
		return nil, err
	}
	return GameFrom(p), nil
}

// GameFrom starts a game from position start (as read from a TPS tag).
func GameFrom(start *Position) *Game {
	return &Game{positions: []*Position{start}}
}

// Play plays m, or returns a *MoveError and leaves the game unchanged.
func (g *Game) Play(m Move) error {
	next, err := g.Position().Play(m)
	if err != nil {
		return err
	}
	g.positions = append(g.positions, next)
	g.moves = append(g.moves, m)
	return nil
}

// Undo takes back the last move, and reports false when there is none.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	return true
}

// TruncateTo drops every move after the first n. It reports false when n is out of range.
func (g *Game) TruncateTo(n int) bool {
	if n < 0 || n > len(g.moves) {
		return false
	}
	g.moves = g.moves[:n]
	g.positions = g.positions[:n+1]
	return true
}

// Position returns the current position.
func (g *Game) Position() *Position { return g.positions[len(g.positions)-1] }

// Start returns the start position.
func (g *Game) Start() *Position { return g.positions[0] }

// PositionAfter returns the position after the first n moves (0 = start).
func (g *Game) PositionAfter(n int) *Position { return g.positions[n] }

// Moves returns the moves played, in order. The slice must not be changed.
func (g *Game) Moves() []Move { return g.moves }

// Len returns the number of moves played.
func (g *Game) Len() int { return len(g.moves) }

// Config returns the game's configuration.
func (g *Game) Config() Config { return g.positions[0].cfg }
