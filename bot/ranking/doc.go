// Package ranking is the referee's standings: a player's stats, a pool's
// leaderboard, and the rating of finished games, apart from the referee
// (package bot) that calls them.
//
// The handlers of "stats", "leaderboard" and "abort" ([Stats],
// [Leaderboard], [Abort]), the abort of a game resigned or drawn before
// each player moved twice ([AbortEarly]) and the rating of a game at its
// end ([SettleAll]) decide, and describe what they decided as outcomes of
// package words (words.StatsShown, words.LeaderboardShown,
// words.RatingChanged, words.Aborted, a words.Refusal); they
// reach the message being evaluated through [Turn], the small interface
// that package bot's session implements (bot/seam_standing.go). Package
// standing holds the pure rules of pools and Glicko-2 entries; this
// package applies them to the records (package record). It never imports
// package bot.
//
// A rated game ([record.Game.Rated]) that ends rates both players in the
// session that ended it, in the pool of its board size, and records the
// change on the game (record.RatingChange); a result withdrawn later takes
// the change back. A game with fewer than two moves by each player is
// never rated (a resignation or an agreed draw then aborts it), the k-th
// rated game between two players within 30 days counts 1/k
// (rating.RepeatWeight), and a leaderboard lists established ratings only
// ([Board]: MinGames, MaxDeviation, three different opponents).
//
// The leaderboard reads only the records of the players known to have a
// rated game in its pool ([Board]): the index is built from the games at
// the first leaderboard and told of every game rated since.
package ranking
