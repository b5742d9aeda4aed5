// Package yearbench measures the database of a realistic year of play: it
// plays 10,000 games of 30 moves through the referee on an injected clock
// (a move every 1.2 days, so that about 1,000 games are still in progress
// at the end), delivers every reply, and prunes once a simulated day as
// takbot serve does. Its benchmarks report the file's size, the time to
// open it, a clock tick with nothing due, and the peak memory of takbot
// serve running on it. See BENCHMARKS.md.
package yearbench
