// Package challenge holds the commands that make games: "new" (a
// challenge to a player, or an open challenge to anyone: a seek),
// "accept", "decline", "cancel", "rematch" and "seeks", and a seek's
// expiry. It does not import the referee (package bot): each handler
// takes a Turn, the small view of the message being evaluated that bot
// implements (bot/seam_challenge.go), decides, and tells what it decided
// as typed outcomes of package words.
//
// A game is created in one place: Challenge builds its record from the
// options of "new" (command.ParseGameOptions), and Turn.AddGame gives it
// its id and writes it with the message's other changes; Turn.StartGame
// starts it. Whatever else makes games (a tournament's pairings, takbot's
// own games) goes through the same two calls.
package challenge
