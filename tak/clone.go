package tak

// Clone returns an independent copy of the game: playing or undoing moves on
// one does not affect the other. Positions are immutable, so they are shared.
func (g *Game) Clone() *Game {
	// Room for two more moves, which the copy is often made to play.
	return &Game{
		positions: append(make([]*Position, 0, len(g.positions)+2), g.positions...),
		moves:     append(make([]Move, 0, len(g.moves)+2), g.moves...),
	}
}
