package tak

// Clone returns an independent copy of the game: playing or undoing moves on
// one does not affect the other. Positions are immutable, so they are shared.
func (g *Game) Clone() *Game {
	return &Game{
		positions: append([]*Position(nil), g.positions...),
		moves:     append([]Move(nil), g.moves...),
	}
}
