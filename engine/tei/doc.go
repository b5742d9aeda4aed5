// Package tei speaks TEI, the UCI-like Tak Engine Interface of tiltak,
// taktician and racetrack, for the engine package: `takbot tei` runs Serve
// on its standard streams. ParseLine reads one command line; Serve answers
// a GUI until quit or the end of its input. Bad input never ends the
// session: the engine answers with an "info string error: ..." line.
package tei
