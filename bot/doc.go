// Package bot is the transport-neutral Tak referee: it reads what players
// write, keeps the true board of every game, checks every move and answers.
// The email, Discord and console adapters only translate between their
// transport and the types of this package.
//
// # Design
//
// Types. A player is an [Identity] (a transport and an address on it: an
// email address, a Discord user id, a console name); its key is
// "transport:address" with the address lower-cased. An incoming [Message]
// carries a transport-given unique ID (for exactly-once processing), the
// sender, the text and an optional thread hint naming a game. Outgoing
// [Reply] values are addressed to one player each, on that player's own
// transport, so the two players of one game may use different transports.
//
// Boundaries. bot imports tak (rules), notation (parsing and writing moves,
// TPS, sync boards, PTN) and render (pictures). It defines the [Store]
// interface and the record types ([GameRecord], [PlayerRecord], ...);
// package storage implements Store on a bbolt file. Adapters import bot and
// never each other; cmd/takbot wires them.
//
// Data flow for one message:
//
//	Handle(msg)
//	  → already processed? (read transaction) → nothing to do
//	  → parse the text into commands (ParseCommands; pure, fuzzed)
//	  → lock the stripes of the sender, the thread's game and the sender's
//	    games (4,096 striped mutexes taken in ascending order, so no
//	    deadlock; a command that finds it needs another lock aborts the pure
//	    evaluation, the locks are retaken in order and evaluation starts
//	    again). Different games proceed in parallel.
//	  → evaluate the commands against records read fresh under the locks,
//	    in memory; the first error stops the rest (earlier commands stand)
//	  → ONE storage transaction: message id recorded as processed + changed
//	    games and players written + replies appended to the outbox. The
//	    transaction function has no side effect outside the transaction, as
//	    bbolt's Batch may run it twice; if the message turns out to be
//	    processed already, nothing is written and nothing returned.
//	  → Options.Notify is told which transports have new replies
//	  → adapters call Pending(transport) (pictures are rendered then, from
//	    the small Picture description stored in the reply, which keeps
//	    transactions lean) and Delivered(replyID) once sent. Adapters
//	    deliver from the outbox, not from Handle's return value, so a reply
//	    survives a crash between commit and delivery (delivery is at least
//	    once; a reply's ID is stable, for transports that can deduplicate).
//
// Cache: the referee keeps the last committed state of games (with their
// replayed history) and players in memory. It is authoritative because
// every write goes through the referee under the record's lock and entries
// are stored only after their transaction committed; hence one Referee
// must own a store (other processes may only read it, e.g. export).
//
// Clocks: every active game stores its turn start, deadline and whether the
// reminder was sent; Tick(ctx) (driven by an adapter's timer, with the
// injected [Clock]) sends reminders and declares losses on time through the
// same locked, transactional path. Nothing sleeps, and deadlines survive
// restarts because they are stored.
//
// Identity naming in "new OPPONENT": "email:ann@example.org",
// "discord:1234", "console:bob" name a transport explicitly; an address
// with "@" and a dot is an email address; "<@1234>" is a Discord mention;
// any other word is an address on the challenger's own transport (on the
// console, a player's name).
//
// Choosing the game a command addresses (pick): a "game ID" earlier in the
// same message, then the message's thread hint, then the player's chosen
// game. "game ID" fixes the choice (PlayerRecord.CurrentFixed) and moves,
// resignations and offers then go to that game only, even when it has
// ended or it is the player's turn elsewhere: a command is refused rather
// than applied to a game the player did not mean. Without a fixed choice
// (the last game started or accepted is remembered), a move goes to the
// only game where it is the sender's turn, and any command to the only game
// that fits it; with several, the player is asked to choose.
//
// Turn numbers: the bot counts turns (plies) from 1 — "turn 7" is the
// seventh move of the game, white's fourth — and shows the PTN move number
// beside it ("Turn 7 (PTN move 4, white)"), so the word "move" with a
// number always means the PTN full move, as in the board picture. A "#N"
// after a move is refused unless the game is at turn N.
package bot
