// Package record holds what takbot stores and the contract of the stores
// that keep it: the records of games (Game, with its Move list, Result,
// Proposal, Dispute, SyncBoard, Plans, Seek and RatingChange), of players
// (Player, with its VacationSpan, Unreachable, Digest and AnalysisMark),
// of replies (Reply, made of Parts with their Actions and Pictures, its
// ReplyClass, lane and Delivery state), of handled messages (Processed),
// of events (Tourney, with its Entrants, rounds of Boards and History;
// a game of an event names it in Game.Event);
// the Identity of a player on a transport; the Store, Tx, StateTx and
// Preparer interfaces; and their errors (ErrNotFound, ErrDamagedRecord,
// DamagedRecordError).
//
// It is a leaf below the referee: it imports the rules of the game (tak),
// notation, render's themes and the plan and standing records of bot/plan
// and bot/standing, and nothing above. Package storage (bbolt), package
// pgstore (PostgreSQL) and package memstore implement Store; package
// storetest holds them to one contract. The referee (package bot) keeps
// aliases of these names (bot.GameRecord is record.Game), so code written
// against bot's names still compiles.
//
// Names: the package's name says "record", so its types drop the suffix
// bot gave them: record.Game (bot.GameRecord), record.Player
// (bot.PlayerRecord), record.Processed (bot.ProcessedRecord), record.Seek
// (bot.SeekRecord), record.Result (bot.ResultRecord) and record.Move
// (bot.MoveRecord); the other names are bot's.
//
// The JSON and binary forms of the records are stored: a change to a
// field's name, type or tag changes stored bytes, which storage's golden
// test (storage/testdata/stored.golden) catches.
package record
