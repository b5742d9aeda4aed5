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
// It imports nothing but the standard library.
package tak
