// Package storage keeps the referee's data in one bbolt file: games,
// players, the ids of processed messages and the outbox of replies. It
// implements bot.Store; a message's processed record, the game it changes
// and the replies it causes are written in one transaction, so a crash
// neither loses a move nor applies one twice, and no reply is lost.
//
// Layout (schema version 2):
//
//	meta         "version" → decimal schema version
//	games        id → JSON bot.GameRecord (sequence: the game counter)
//	playergames  player key + "\x00" + game id → empty (index)
//	active       game id → empty: games whose clock runs (index)
//	players      player key → JSON bot.PlayerRecord
//	msgs         message id → JSON bot.ProcessedRecord
//	replies      8-byte sequence → JSON bot.Reply (the reply log, kept)
//	replyids     reply id → 8-byte sequence
//	pending      transport (nested bucket) → sequence → empty (the outbox)
//
// Migrations run when Open finds an older version; each step runs in its
// own transaction together with the version bump.
package storage
