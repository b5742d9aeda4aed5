// Package syncboard is "rs": a player checks their board against the true
// board. Alone it shows the game's sync board; with the player's board on
// the lines below (or on its line, rows separated by '/'), it compares
// them, names the squares that differ, finds the last turn the player's
// board matches, and offers the ways out (revert, adopt, restart), each
// needing the opponent's agreement.
//
// [RS] reaches the message being evaluated through [Turn], which package
// bot's session implements (bot/seam_more.go), and describes what it
// found as outcomes of package words (words.BoardMatches,
// words.BoardDiffers, words.BoardDiffersTold). The pure parts serve bot's
// proposals too: the position a board would make ([Position]), what
// adopting it would do ([Consequence]), the board an adopt proposes
// ([Proposed]), where a game's history starts ([AdoptedAt], [StartName],
// [SetupName]). The package never imports package bot.
package syncboard
