// Package pgstore keeps the referee's data in PostgreSQL: a second
// [bot.Store] beside package storage's bbolt file, held to the same
// contract by package storetest, for running two takbot processes on one
// database, one leading and the other waiting to take over ([Lead]).
//
// # Tables
//
// Every key is bytea (ids come from outside: a message id may hold any
// byte, and PostgreSQL's text holds neither NUL nor invalid UTF-8), so
// that orders are byte orders, as in bbolt, whatever the database's
// collation. A time that a query compares is kept as two columns, Unix
// seconds and nanoseconds, since timestamptz keeps only microseconds.
// Records are the bytes package storage's codecs produce (storage.
// EncodeReply, EncodeProcessed; JSON for games and players), so that "takbot db
// copy" moves them without a second format and a reply is as compact as
// in the file.
//
//	takbot_meta       name → value: "schema", "games" and "replies" (the
//	                  counters of NewGameID and Enqueue), "leader" (the
//	                  epoch of the current leader, see below)
//	takbot_games      id, status, wake (s, ns; NULL when zero), the two
//	                  players, JSON
//	takbot_players    key, folded name (storage.FoldName), JSON
//	takbot_processed  id, at (s, ns), the stored record
//	takbot_replies    seq, id (unique), transport, lane, pending, created
//	                  (s, ns), the stored reply
//	takbot_state      transport, key, value
//
// Indexes serve what the referee asks each minute or each message: the
// wake order, a player's games, names, the heads of the pending lanes
// (transport, lane, seq where pending), the creation order of the
// pending replies (OutboxStats) and of the others (Prune).
//
// # Transactions
//
// Update runs fn in a SERIALIZABLE transaction and runs it again when
// PostgreSQL reports a serialization failure or a deadlock (the contract
// allows fn to run more than once); View runs in a READ ONLY REPEATABLE
// READ transaction, one snapshot. The counters live in takbot_meta, so
// writers that allocate ids serialise on its rows, and replies are
// numbered in commit order.
//
// # One leader
//
// The referee keeps a cache of records (bot's cache.go) that assumes it
// is the only writer. Two processes on one database therefore never run
// the referee at once: [Lead] takes a session-level advisory lock on a
// dedicated connection and only its holder opens the Store for the
// referee; the other polls for the lock. When the holder's session ends
// (its process killed, its connection lost) PostgreSQL frees the lock and
// the standby takes it. The lock alone cannot stop an old leader that has
// not yet noticed its loss from writing, so each leader also bumps the
// "leader" epoch in takbot_meta when it wins, and a Store opened with
// that epoch ([Options].Epoch) checks it inside every Update: an update of
// a deposed leader fails with ErrNotLeader and changes nothing.
package pgstore
