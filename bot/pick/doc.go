// Package pick chooses, over the records alone, the games a command could
// address: what a command needs of a game ([Kind], [Fits]), the question
// when it fits several ([Which]) and the refusal when it fits none
// ([None]), worded by package words (words.WhichGame, words.NoGame); and
// the small facts of a game record the referee reads everywhere: whose
// move it is ([ToMove]), the ply its history starts at ([StartPly]),
// whether a proposal can be answered ([Answerable]) or the game was called
// off ([CalledOff]); and the commands a player can send now in a game,
// offered under its status ([Offers]).
//
// Package bot runs the choice (bot/choose.go: the game named in the
// message, its thread, the player's chosen game, then the only one that
// fits) and never guesses. This package imports no part of bot.
package pick
