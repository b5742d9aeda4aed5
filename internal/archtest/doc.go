// Package archtest holds the project's architecture checks: its test reads
// every package's imports (with go/build) and fails when a lower layer
// imports a higher one, when an adapter imports another adapter, or when
// anything but storage, the binary and the test harnesses imports the
// database driver.
//
// The layers, from the bottom (A <- B: B may import A):
//
//	tak <- notation, render, engine <- the referee (bot) <- storage and the
//	adapters (mailplay, discord, console, web, opponent) <- cmd/takbot
//
// rating stands alone and imports nothing of ours; tourney (pairings and
// standings of events) may import only rating, and the referee may use both.
package archtest
