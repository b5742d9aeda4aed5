// Package teimatch plays matches between two TEI engines (subprocesses
// speaking the protocol of tiltak, taktician and racetrack): openings taken
// from real games, each played with both colours; an illegal or malformed
// move, a crash or a timeout loses the game. It reports the score, the Elo
// difference and its 95% error bar. `takbot match` runs it. A Judge asks
// one engine what positions are worth (its win/draw/loss figures after a
// fixed number of nodes): engine/cmd/tune's teacher.
package teimatch
