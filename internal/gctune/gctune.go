// Package gctune sets the garbage collector as takbot serve runs it, so
// that the benchmarks of the referee measure what serve does.
//
// Go collects when the heap has grown by GOGC percent over what the last
// collection kept (100 by default). The referee allocates mostly
// short-lived memory (a move's text, its records encoded, bbolt's copies
// of the pages it changes) over a small live heap, a few megabytes for a
// year of games, so collecting at 400% instead of 100% spends about a
// tenth less CPU a move (BenchmarkRefereeMoves) for some megabytes more of
// peak memory (YearServeRSS). An operator's GOGC wins.
package gctune

import (
	"runtime/debug"
	"strconv"
)

// Percent is the GOGC that serve runs with when the environment sets
// none.
const Percent = 400

// Apply sets the collector's percent to Percent unless the environment
// (read through lookupEnv) sets GOGC, and returns the percent in force.
func Apply(lookupEnv func(string) (string, bool)) int {
	if v, ok := lookupEnv("GOGC"); ok && v != "" {
		if v == "off" {
			return -1
		}
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	debug.SetGCPercent(Percent)
	return Percent
}
