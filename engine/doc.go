// Package engine plays Tak: an iterative deepening principal variation
// search over tak.Position, played in place (tak's PlayLegal and Unplay on
// the search's own copy of the root: no allocation a node), with
// aspiration windows, a transposition table of four-entry buckets
// (Zobrist keys, updated from the squares a move changes), null-move
// pruning, the hash move and killers tried before the moves are
// generated, history ordering, late move reductions, a threat extension
// for roads in one, a flat-race extension (a ply deeper where the game
// can end by placements within two: the board full or a reserve spent;
// once a line, shared with the threat extension), and at the leaves a
// road-threat quiescence: roads by placement and by stack move
// (stackWin, a bitboard test of every way to drop a stack) are wins
// there, and the opponent's threats are searched a ply deeper. Time
// management serves a fixed time per move (searched to its end) and
// clocks with increments. The evaluation is linear in 42 features (eval.go:
// flats, walls and capstones, by zone of the board too; the pieces under
// stacks; lines, spans, groups and road threats; capstones on and next to
// stacks; pieces in hand, the flat race and komi), each with a weight for
// the opening and one for the end, mixed by the game's phase. Its weights
// are data (weights.json), fitted by `go run ./engine/cmd/tune` to a
// stronger engine's opinion of positions (tiltak's win probability after
// 2,000 nodes, for 70,000 positions of engine and human games; the command
// in engine/cmd/tune's doc) or to game results. It plays every size from
// 3x3 to 8x8.
//
// It imports only the tak package and the standard library. Search reads
// positions through tak's exported API only (Tops and StackColors give it
// the bitboards); its board view (board.go: the tops, and a stack view
// kept up to date move by move) and its incremental Zobrist hash
// (zobrist.go) live here.
package engine
