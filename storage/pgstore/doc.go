// Package pgstore keeps the referee's data in PostgreSQL: a second
// [record.Store] beside package storage's bbolt file, held to the same
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
// Update coalesces concurrent calls into one SERIALIZABLE transaction, as
// the bbolt file's group commit does: a single committer goroutine runs
// up to 128 queued functions, each behind SAVEPOINT f, so that one that
// fails (or goes on after a failed statement) is rolled back alone, and
// commits them together: one WAL flush for all. A serialization failure
// or a deadlock (another process: a leader starting, a copy) runs the
// whole batch again, which the contract allows. Within a function, writes
// are queued and sent in one round trip with the next single-row read, or
// at its end; a write's error is the function's. The counters are read once
// a transaction and written back before its commit, so replies are numbered
// in commit order. View is a READ ONLY REPEATABLE READ transaction: one
// snapshot, never blocked by the writer.
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
