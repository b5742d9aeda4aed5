//go:build race

package main

// raceEnabled builds the takbot binary of the subprocess tests with the
// race detector when the tests run with it.
const raceEnabled = true
