// Package storage keeps the referee's data in one bbolt file: games,
// players, the ids of processed messages, the outbox and log of replies,
// and the transports' adapter state. It implements record.Store and keeps
// the contract of package storetest. A message's processed record, the
// games it changes and the replies it causes are written in one
// transaction, so a crash neither loses a move nor applies one twice, and
// no reply is lost.
//
// # Layout (schema version 4)
//
// Keys built from a string that other bytes follow start with the
// string's length as a uvarint ("lp(s)" below), so that no string's keys
// run into another's, whatever bytes it holds. A time in a key is 12 bytes
// that sort as the times do: the Unix seconds with the sign bit flipped
// and the nanoseconds, both big-endian (8-byte Unix nanoseconds would
// stop at the year 2262).
//
//	meta            "version" → decimal schema version
//	                "pending" → 8-byte count of the replies in the outbox
//	games           game id → JSON record.Game (bucket sequence: the game counter)
//	gameindex       game id → status, wake and players: the index keys the game has now
//	playergames     lp(player key) + game id → empty
//	wake            time(Wake) + game id → empty (games with a zero Wake are absent)
//	gamecounts      status → 8-byte count of the games with it
//	players         player key → JSON record.Player
//	names           lp(folded name) + player key → empty
//	processed       message id + 0 → binary record: time, reply ids (see below);
//	                reply id + 1 → 8-byte sequence (processed.go: beside its cause)
//	processedtimes  time(At) + message id → empty
//	log             8-byte sequence → compact reply (bucket sequence: the reply counter)
//	outboxtimes     time(Created) + sequence → empty, for the pending replies
//	logtimes        time(Created) + sequence → empty, for the delivered and failed replies
//	state           transport → key → value (adapter state)
//
// PutGame reads gameindex to remove the entries a change makes stale (a
// moved Wake, a new status, changed players) without decoding the old
// record. A name is folded by mapping each character to the smallest of
// its case-folding orbit, so that the names sharing a key are exactly
// those strings.EqualFold calls equal. The recipients' lanes of pending
// replies (record.Reply.Lane: events, answers) are kept in memory, rebuilt at
// Open from outboxtimes and the replies' headers (schema 3 kept them in
// the file, in buckets outbox and heads, at four more pages written a
// move; lanes.go); PendingHeads walks them: one reply per recipient and
// lane in outbox order, however many wait behind it. OutboxStats reads the pending count and
// the first key of outboxtimes. Prune walks logtimes and processedtimes
// from their oldest entries, so it reads only what it removes; pending
// replies are not in logtimes and are never pruned.
//
// bbolt does not keep a bucket's fill factor, so every transaction sets
// it: log (strictly appended) fills its pages to 100%, the time indexes
// (nearly appended) to 95%, so that pages are not left half empty when
// they split. Buckets with random keys keep bbolt's 50%: a high fill
// factor under random inserts leaves a trail of nearly empty pages.
//
// # Replies
//
// A reply is stored as a format byte, then a header and a body. The
// header holds what the store's bookkeeping reads and what SetDelivery
// rewrites: the id, the recipient, the cause (as the length it shares
// with the id, from which the referee derives it, and the rest), the
// creation time, the delivery state and, for an answer only, the class
// (record.Reply.Class, which picks the recipient's lane; a header without it
// is an event's, as every reply stored before classes). It is never
// compressed, so that a
// delivery or a prune copies the body's bytes without inflating them. The
// body holds the rest: names, game, subject, flags and the parts with
// their pictures and actions. Both are binary, fields in a fixed order:
// strings as a length and their bytes, numbers as varints, times as the
// Unix seconds and nanoseconds (they come back in UTC), slices as their
// length plus one (0 for nil, so nil and empty stay apart). Seq is the
// key and Images are never stored.
//
// The body is deflated with a preset dictionary, dict/replies-v1.dict:
// the referee's recurring phrases, sync-board rows and TPS fragments, and
// the bodies of four simulated move replies, which teach deflate the
// binary layout around the strings. The
// format byte says whether the body is deflated with that dictionary
// (formatDeflateV1, formatDeflate2, formatDeflate3; formatDeflate3V2 with
// dictionary v2, which adds the words of today's replies to v1) or stored as is
// (formatRaw, formatRaw2, formatRaw3, when deflating would not make it
// shorter), and which body layout it has (layout 2 adds a part's Fallback
// flag, layout 3 a picture's theme, width, turn label and marks, layout 4
// an action's moment (formatRaw4, formatDeflate4V2), layout 5 the
// reply's gist, record.Gist (formatRaw5, formatDeflate5V2), layout 6 the
// gist's turn line and links and the answers' titles, record.Part.Title
// (formatRaw6, formatDeflate6V2); new replies are written in layout 6 when
// they have any of these, in layout 5 when they have a gist and in layout 4
// when they have none, byte for byte as before; layouts 1 to 3 stay readable). The dictionary never changes
// (a test holds its hash): a better one is a new file and a new format,
// and the old stays readable.
//
// The choice was measured on the replies of simulated 6x6 games, which
// carry the parts the referee writes for a move (the move line, a
// picture, the sync board, the status, the actions), averaged over 6,000
// replies: JSON took 1,556 bytes; the binary body 659, which deflate
// alone brings to 405 (the records are too short for it to learn much
// from themselves), a phrase dictionary to 262 and the final dictionary
// to about 195; the header adds about 90. A stored move reply takes 233
// to 285 bytes (BenchmarkReplyEncoding), against about 2,400 for the
// JSON of schema 2, whose Picture carried a full tak.Config with field
// names. BestSpeed ignores a preset dictionary (420 bytes); the default
// level compresses as well as the best for records this short.
//
// The encoder is the package's own (deflate.go), not compress/flate's:
// a compress/flate writer primed with the dictionary clears about 640 KB
// of hash tables and hashes the dictionary again at every reset, then
// builds Huffman tables for a few hundred bytes, about 60 µs a reply, a
// quarter of the referee's CPU. deflate.go hashes the dictionary once,
// keeps its tables for the body sized to the body, and writes one block
// with deflate's fixed Huffman codes: about 5 µs a reply, 210 bytes on
// average where compress/flate's best gave 205. Its output is standard
// deflate: compress/flate reads it (and old records) back.
//
// Processed records are binary too: the time, then each reply id as the
// length it shares with the message id and the rest. Games and players
// stay JSON: they are few and small next to the log.
//
// # Migrations
//
// A new file gets the current layout at once. An older one is migrated
// step by step, each step in its own transaction with the version it
// reaches, logged (Options.Log) as it starts and ends, after a copy of the
// file to FILE.pre-vN (N its version) for a rollback; a newer one is
// refused (ErrNewerSchema). A read-only Open leaves an older file as it
// is and reads it through a migrated temporary copy (upgrade.go): db
// check, backup and export work on it before an upgrade.
//
// 1→2 builds schema 2's player and running-clock indexes. 2→3 converts
// every record and builds the indexes above. Games: colour numbers become
// tak.Color (a draw's Winner -1 becomes Draw), scoring and style names
// their types, and numbers of moves since the start (Proposal.Ply,
// Dispute.Ply, SyncBoard.Match) become turns, counted on from the start
// position's ply (2*(move-1), plus 1 when black is to move, from the TPS
// in Start; 0 for the empty board). A running clock gets a Wake at its
// turn's start (its deadline once reminded) and a challenge at its
// creation, so that the first tick looks at them and sets their true
// wakes. Players: a current game chosen with "game ID" becomes Chosen.
// Replies: the text becomes one prose part and each picture an image
// part, the thread the game, the delivery time the delivery state.
// Processed records and replies move to their new buckets; schema 2's
// active, pending, msgs and replies buckets are dropped.
//
// # Files
//
// bbolt lets one process open a file: Open fails with ErrInUse while
// another holds it, and Backup copies a consistent snapshot from the
// process that does. Every error of Open names the file once.
package storage
