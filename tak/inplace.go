package tak

// Undo records what playing a move in place changed, so that Unplay can
// take it back. A search keeps one Undo per ply: a plain value of 48 bytes,
// never allocated.
type Undo struct {
	move Move
	// The top bitboards before a stack move (a placement is taken back
	// without them).
	own   [2]uint64
	walls uint64
	capBB uint64
}

// Move returns the move u takes back.
func (u *Undo) Move() Move { return u.move }

// PlayInPlace plays m on p itself, recording in u what Unplay needs to take
// it back, or returns a *MoveError and leaves p and u unchanged. It is Play
// without the copy: a search plays and unplays on one Position instead of
// building a new one a move.
func (p *Position) PlayInPlace(m Move, u *Undo) error {
	if err := p.Check(m); err != nil {
		return err
	}
	p.PlayLegal(m, u)
	return nil
}

// PlayLegal is PlayInPlace without the legality check, for the moves that
// LegalMoves returned for this very position (or that Check accepted). Any
// other move leaves p in an unspecified state (neither PlayLegal nor
// Unplay panics, but what else is then done with p may): a move from
// elsewhere goes through PlayInPlace.
func (p *Position) PlayLegal(m Move, u *Undo) {
	u.move = m
	p.apply(u)
}

// Unplay takes back the move recorded in u, which must be the last move
// played in place on p and not yet taken back: moves are taken back in the
// reverse order of playing. p is then exactly as before the move.
func (p *Position) Unplay(u *Undo) {
	m := &u.move
	p.ply--
	p.toMove ^= 1
	// A move is only played in a game that goes on.
	p.end = endState{}
	if m.Type == Place {
		sq := m.Square & 63
		c := p.toMove
		if p.ply < 2 && p.cfg.Opening == SwapOpening {
			c ^= 1
		}
		c &= 1 // no bounds checks below
		if m.Piece == Cap {
			p.caps[c]++
		} else {
			p.stones[c]++
		}
		p.height[sq] = 0
		p.stack[sq] = 0
		b := uint64(1) << sq
		p.own[c] &^= b
		p.walls &^= b
		p.capBB &^= b
		return
	}
	p.unspread(m)
	p.own = u.own
	p.walls = u.walls
	p.capBB = u.capBB
}
