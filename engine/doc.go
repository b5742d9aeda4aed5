// Package engine plays Tak: an iterative deepening principal variation
// search over tak.Position with a transposition table (Zobrist keys), move
// ordering by hash move, killers and history, late move reductions, a
// threat extension for roads in one, time management for a fixed time per
// move and for clocks with increments, and a komi-aware evaluation whose
// weights are data (weights.json, tuned on real games by `go run
// ./engine/cmd/tune`). It plays every size from 3x3 to 8x8.
//
// It imports only the tak package and the standard library. Search reads
// positions through tak's exported API only; the engine's own board view
// (board.go) and its incremental Zobrist hash (zobrist.go) live here until
// tak offers them.
package engine
