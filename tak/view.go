package tak

// Bitboard views of a position for a search that reads it at every node
// (bit i = Square i): what Top, Height and Stack tell square by square,
// in a few words and without an allocation.

// Tops returns for each colour the squares whose top piece is of that
// colour, and the squares topped by a wall and by a capstone.
func (p *Position) Tops() (own [2]uint64, walls, caps uint64) {
	return p.own, p.walls, p.capBB
}

// StackColors returns the colours of the lowest 64 pieces on sq, bit i for
// the i-th piece from the bottom, 1 for black (0 for an empty square). The
// pieces above the 64th (only 7x7 and 8x8 stacks hold that many) are read
// with Stack.
func (p *Position) StackColors(sq Square) uint64 { return p.stack[sq&63] }

// PassInPlace gives the turn to the other side without a move: a null move,
// which is not a move of Tak but lets a search ask what the opponent could
// do if it were to move again. UnpassInPlace takes it back. It must not be
// used in the opening (InOpening) or on a finished game, and leaves the
// ply count as it is.
func (p *Position) PassInPlace() { p.toMove ^= 1 }

// UnpassInPlace takes back PassInPlace.
func (p *Position) UnpassInPlace() { p.toMove ^= 1 }
