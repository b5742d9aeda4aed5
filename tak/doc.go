// Package tak is the rules engine of Tak, the board game by James Ernest and
// Patrick Rothfuss: board sizes 3x3 to 8x8, the swap and no-swap openings,
// placements and stack moves with every rule checked, road and flat wins with
// komi, the Modegan and Adem presets, road-in-one detection, the scoring of
// the companion book, and a fast legal-move generator for perft and search.
//
// Squares use engine coordinates: file 0 is the west edge and rank 0 the
// south edge, as in PTN where a1 is the south-west corner. The notation
// package converts to and from PTN and Tak by Mail coordinates.
//
// # Fast paths for search
//
// Position.Play builds a new Position and never changes the one it is
// called on, which suits a game record. A search plays and takes back
// moves on one Position instead, without copying it:
//
//	moves := p.LegalMoves(buf[:0]) // appends into the caller's slice
//	var u tak.Undo                 // one per ply, never allocated
//	for _, m := range moves {
//		p.PlayLegal(m, &u) // m from LegalMoves: no legality check
//		// ... p.Over(), p.Result(), search deeper ...
//		p.Unplay(&u) // p is exactly as before
//	}
//
// PlayInPlace is PlayLegal with the legality check of Play, for moves from
// elsewhere. Moves are taken back in the reverse order of playing. A
// Position played on in place must not be shared with other goroutines
// meanwhile; copy it first (a Position is a plain value: q := *p).
// CountMoves counts the legal moves without listing them, Perft counts the
// move tree without playing its last ply, and PerftFull plays every move of
// it, as the move-generation benchmark does.
//
// It imports nothing but the standard library.
package tak
