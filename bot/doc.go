// Package bot is the transport-neutral Tak referee: it reads what players
// write, keeps the true board of every game, checks every move, decides,
// and commits each message's effects with its replies in one transaction.
//
// A transport registers with [Referee.Register] and hands each message to
// [Referee.Handle]; [Referee.RunDelivery] delivers the replies through
// package outbox's loop. The records and the store contract are package
// record's, the command language package command's, the words of replies
// package words', the board drawn for a reader package bot/present's.
//
// ARCHITECTURE.md at the repository's root draws the layers, follows one
// message through them and says where to change a reply's words, a rule
// of refereeing or the retry policy; its "Inside the referee" section
// describes this package's locks, cache, clocks and features.
package bot
