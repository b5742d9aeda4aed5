// Package rating is the Glicko-2 rating system of Mark Glickman ("Example
// of the Glicko-2 system", Boston University): a rating, a rating
// deviation (how uncertain the rating is) and a volatility (how erratic
// the player's results are) per player, updated once per rating period
// from the games played in it.
//
// The package is pure: it knows nothing of games, players or storage. The
// referee (package bot) decides how a correspondence service applies it:
//
//   - Every rated game is a rating period of its own for its two players,
//     updated at the game's end from both players' values before it
//     ([System.Game]). A correspondence game lasts weeks, and players
//     finish few games a month, so waiting for a fixed period to close
//     would leave results unrated for a long time.
//   - Time without rated games makes a rating less certain: before a game
//     is rated, each player's deviation grows as if one empty rating
//     period had passed for every [System.Period] since their last rated
//     game, fractions included ([System.Idle]), up to the deviation of a
//     new player ([System.Initial]).
//   - Repeated games between the same two players count less: the k-th
//     rated game between them within 30 days counts with weight 1/k
//     ([RepeatWeight], [System.WeightedGame]), so two accounts cannot
//     farm each other's ratings by playing again and again.
//
// The constants are Glickman's suggestions: a new player is 1500 with
// deviation 350 and volatility 0.06, and the system constant tau is 0.5.
package rating
