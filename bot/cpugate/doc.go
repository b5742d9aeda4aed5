// Package cpugate is the referee's CPU gate: the commit goes first.
//
// A message's work has two kinds of CPU: the evaluation and encoding each
// message does in its own goroutine, in parallel with the others, and its
// share of the one write transaction at a time, which the store runs for
// all waiting messages in turn (storage/batch.go: one goroutine commits
// every update queued). Under load, hundreds of goroutines evaluating at
// once kept that goroutine waiting for a core, and with it everybody's
// commit. So evaluations pass a gate (Gate) with as many places as the Go
// scheduler has processors, and a transaction's function claims a place
// without waiting while it runs: the others wait at the gate, parked,
// instead of queueing for a core (BenchmarkRefereeMoves: about a tenth
// more moves a second at 1,000 goroutines, BENCHMARKS.md). Nothing holding
// a place waits for a referee's lock, so the gate cannot deadlock: a place
// is taken after the session's locks, a claim never waits, and an
// evaluation that writes (a new game's id) waits for a transaction whose
// functions only claim.
//
// It imports nothing of takbot's; package bot passes every evaluation
// through one (bot/referee.go, bot/session.go).
package cpugate
