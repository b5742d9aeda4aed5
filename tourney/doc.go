// Package tourney is the pure core of the referee's events (issue 29):
// round-robin schedules, Swiss pairings, standings with tie-breaks and
// crosstables. It knows nothing of games, transports or storage: the
// referee hands it the players and the rounds so far, with their results,
// and stores what it returns. Everything here is deterministic: the same
// input gives the same pairings.
//
// # Round-robin
//
// [RoundRobinSchedule] uses FIDE's Berger tables (Handbook C.05, Annex 1;
// [BergerTable]): for n players, n-1 rounds; for an odd number a dummy
// makes the field even and its partner has the round's bye (a rest round,
// scoring 0, which every player gets once). Each player has Whites and
// Blacks differing by at most one. A double round-robin plays the table
// twice, the second cycle with colours reversed, so everyone has as many
// Whites as Blacks; as FIDE recommends, the first cycle plays the table's
// last two rounds in reverse order, so that nobody has one colour three
// games running (tested for 2 to 40 players).
//
// # Swiss: the Monrad system
//
// [PairSwiss] pairs by the Monrad system, in the manner of the Danish and
// Dutch Monrad rules (not FIDE's Dutch system, Handbook C.04.3):
//
//  1. The players who still play (not withdrawn) are ranked by points,
//     then rating, then id.
//  2. With an odd number, the bye goes to the lowest-ranked player (so,
//     in the lowest score group, the lowest rated) who has not had a bye.
//  3. From the top, each unpaired player is paired with the
//     highest-ranked unpaired player they have not met and whose colour
//     they are compatible with; when the rest cannot be paired, the
//     search backtracks (the latest choice moves to the next candidate,
//     and then the bye to the next-lowest player).
//  4. Colours: only played games count. A player whose Whites exceed
//     their Blacks by two, or who had the same colour in their last two
//     games, must have the other colour (an absolute preference); two
//     players who must have the same colour are not paired together. In
//     each game, both preferences are granted when they differ; otherwise
//     the stronger (absolute, then a colour difference of one, then
//     alternating from the last game) wins; on equal terms the colours
//     alternate from the latest round in which the two had different
//     colours, and failing that the higher-ranked player has their
//     preference. In round 1 the higher-ranked player of board 1 has
//     White and the boards alternate.
//
// When no pairing keeps every rule, the rules are given up in this order,
// and [SwissNotes] tells which: colours first (a player may then have the
// same colour a third time), then the one-bye-each rule, then, as the last
// resort, a rematch (pairing then prefers those who met least). Whether a
// pairing keeping the rules exists is decided exactly, by Edmonds' blossom
// algorithm for perfect matchings, so a rule is given up only when it has
// to be; a backtracking search with pruning finds the first pairing in the
// order above, and when it would take long, the same pairing is built
// choice by choice, each choice checked by Edmonds' algorithm to leave a
// rest that can be paired. Pairing a round is polynomial (about V^3 per
// check): about 0.1 ms for 64 players after 5 rounds, a few milliseconds
// in a nearly exhausted field (BENCHMARKS.md).
//
// Two players who have been paired meet no more, even if their game was
// forfeited (FIDE would allow pairing them again); only played games
// count for colours.
//
// A Swiss bye scores 1 point, as FIDE's pairing-allocated bye does
// ([Format.ByePoints]); a withdrawn player is not paired from their
// withdrawal on.
//
// # Standings and tie-breaks
//
// [Standings] scores 1, 1/2 and 0, forfeits alike. An unfinished game of a
// player withdrawn by its round counts as lost by forfeit ([Effective]):
// FIDE's "games of a withdrawn player are scored as forfeits from then
// on". The tie-breaks, in order:
//
//   - round-robin: points, Sonneborn-Berger, wins;
//   - Swiss: points, Buchholz cut-1, Buchholz, Sonneborn-Berger, wins;
//
// then, only to order the list (the rank is shared), rating and id.
// Buchholz is the sum of the opponents' scores, cut-1 without the lowest
// of them; Sonneborn-Berger the sum of the scores of the opponents beaten
// and half those of the opponents drawn; wins count games won, forfeit
// wins included, byes not.
//
// Unplayed games follow FIDE's rule for tie-breaks (Handbook C.02, Annex 3,
// 2009-2012): a player's own unplayed round (a forfeit either way, a Swiss
// bye, a round missed after withdrawing) counts as a game against a
// virtual opponent who had the player's score before the round, scored
// the reverse of the player's result in it, and drew every later round:
// SPR + (1 - SfPR) + 0.5 × (n - R), with the player's forfeit result
// counting as it is. In an opponent's score, that opponent's own unplayed
// games count as draws. A round-robin's rest round counts for nothing in
// tie-breaks: every player of an odd field has one.
//
// A [Crosstable] holds the results per pair and cycle, and renders as
// plain text for mail: a matrix within 72 columns up to 12 players,
// and a compact per-player list of rounds beyond.
package tourney
