// Package gameinfo is the commands that show a game or the player's games
// and change nothing but where the player's commands go and the notation
// they read: "board", "history", "link", "tps", "games", "game ID" and
// "notation".
//
// Its handlers ([Board], [History], [Link], [TPS], [Games], [Choose],
// [Notation]) reach the message being evaluated through [Turn], which
// package bot's session implements (bot/seam_more.go), and describe what
// they show as outcomes of package words (words/info.go: words.GameShown,
// words.GameLine, ...). [Line] is a game as "games" and the daily digest
// list it, with whether it waits for the player. The package never
// imports package bot.
package gameinfo
