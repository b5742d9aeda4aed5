// Package standing is what the referee knows of a player's record beyond
// one game: their Glicko-2 rating in each pool of board sizes ([Pool],
// [Entry], [Rate]), the summary that "stats" shows ([Summarize]) and the
// order of a leaderboard ([Rank]). It imports package rating and tak only;
// package bot stores the entries on its player records and calls it at a
// rated game's end.
//
// Pools: a Tak player's strength differs from one board size to another,
// so ratings are kept per size class: 3x3 and 4x4 together ("small"), 5x5,
// 6x6, and 7x7 with 8x8 ("large"). The classes keep the pools of the sizes
// played most apart without splitting the rarely played sizes into pools
// too thin to rate anyone.
//
// Application: see package rating. Each rated game is a rating period of
// its own for its two players, rated at its end; a player's deviation
// first grows with the time since their last rated game in the pool.
package standing
