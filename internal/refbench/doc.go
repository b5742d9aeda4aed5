// Package refbench holds BenchmarkRefereeMoves: moves handled durably by
// the referee over a real bbolt file, as takbot serve handles them. It
// has no code of its own; the benchmark is in its tests, so that it can
// use bot and storage together.
package refbench
