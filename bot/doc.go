// Package bot is the transport-neutral Tak referee: it reads what players
// write, keeps the true board of every game, checks every move, answers,
// and delivers its answers through the transports plugged into it (email,
// Discord, the console).
//
// # The seam
//
// A transport registers with [Referee.Register]: its [TransportInfo] says
// how players name an opponent on it (an email address, a Discord mention),
// how its players are named, and what its messages carry ([Limits]). A
// transport compiled in but not enabled is announced with [Referee.Know],
// so that challenging one of its players is refused with the reason.
//
// Incoming: the transport hands each message to [Referee.Handle] with the
// sender's [Identity], a transport-unique id (namespaced by the referee, so
// two transports never collide), the game its thread stands for, the
// transport's own receive time and any adapter state to write with it.
// Handle returns an [Outcome]; its errors wrap [ErrBadMessage] when the
// message can never be handled, and are worth retrying otherwise.
//
// Outgoing: a [Reply] is a sequence of parts (prose, monospace blocks,
// pictures rendered at delivery, and the actions the recipient can take
// now, each an exact command). The delivery pipeline ([Referee.RunDelivery])
// takes pending replies from the outbox, renders their pictures for
// transports that show pictures, calls [Transport.Send], and records the
// outcome. A [DeliveryError] says whether a failure is temporary (retried
// with capped exponential backoff and jitter; attempts and the next try are
// stored, so a restart continues the schedule) or permanent (the reply is
// marked failed, the recipient's opponent is told once on their own
// transport, and the game goes on). A reply is an [Event] (anything the
// recipient's own message did not cause), an [Answer] (to a message the
// recipient sent) or a [Play] answer (to the recipient's own play in a game
// they play, never held by a limit, in the events' lane); each recipient
// has a lane for events and one for answers, and the replies of
// one lane go out in order. Lanes are served concurrently, so an answer
// that is held back or failing never holds up an event, nor one recipient
// another. Delivery is at least once, with stable reply ids.
// The loop, its retry policy (outbox.Policy, with its defaults), the
// error classes and the store-health gate are package outbox's; the
// referee is its outbox.Source (delivery.go).
//
// Adapter state: each transport has a key-value space in the store
// ([Referee.ViewState], [Referee.UpdateState], [Message.State]), written in
// the same transaction as a message's effects where needed, so a restart
// resumes exactly. Adapters never touch the database directly.
//
// Trouble with the store: a write that fails for the store's own reason
// (a full disk) makes delivery back off, 1 s doubling to a minute, with
// one log line when it starts and one when it ends (a minute after the
// last failure, so that a nearly full disk does not flap); a reply a transport
// took but whose delivery could not be recorded is kept in memory and
// recorded, never sent again. A record that cannot be decoded
// ([ErrDamagedRecord], [DamagedRecordError]) is set aside once (logged,
// counted through a [DamageObserver]) and everything else goes on.
// [Referee.Problems] says what leaves the referee degraded, for health
// checks.
//
// # Inside
//
// Boundaries. bot imports command (the command language), tak (rules),
// notation (moves, TPS, sync boards, PTN) and render (pictures). It defines the [Store] interface and the
// record types; package storage implements Store on a bbolt file, package
// memstore in memory, and package storetest holds both to one contract.
//
// Commands. One table, package command's ([Commands]), describes every
// command: keyword, arguments, summary, examples, class and policy. The
// parser, help, "did you mean" suggestions, the README's command
// reference and the Discord slash commands come from it; handlers.go maps
// each of its names to the handler here (the program stops at start when
// one is missing), and commands.go keeps bot's names for its types. Each command has a [Class] (read-only, changes a
// game, changes the sender's settings, reaches another player): a message
// the transport cannot vouch for ([Message.Unverified]) runs only
// read-only commands, and transports hold the others until the sender
// confirms.
//
// Policy (declared in package command, enforced in policy.go). Every
// command also declares a [Policy]: who may run
// it, the [Assurance] it needs (unverified < confirmed < strong, a
// message's being [Message.Assurance]), whether it may reach someone who
// never wrote, and what it shows to whom. The session enforces it around
// every handler: a message short of the assurance one of its commands
// needs runs none ([PolicyError]); a command for players in the thread of
// a game the sender does not play is refused; a reply a handler drafts
// beyond its policy is a [PolicyViolation] and nothing is committed.
// Pairing needs strong assurance: a confirmation ([Message.Confirmed])
// never carries it out.
//
// Quotas (quota.go, [Quotas]): challenges a player may have open and be
// sent, commands in a message, messages a sender an hour (counted in
// memory; beyond it a message is marked handled and not run). Display
// names shown to other players are cleaned (names.go).
//
// Reading a message (package command's parse.go). A line is a command when it starts with a
// command keyword or a move; other lines are prose, skipped, and the reply
// says which lines were read (prose.go: a square or a size inside a
// sentence is left alone, "My move: ps d4." is the move). A line that looks like a command or a move
// but is wrong ("ps d9", "resing") is refused with its reason. The referee
// never guesses a move out of prose, and asks rather than guessing which
// game a command is for (choose.go) or what a bare square means to a
// player who writes Tak by Mail notation (move.go).
//
// Data flow for one message:
//
//	Handle(msg)
//	  → already processed? (read transaction) → Duplicate
//	  → parse the text into commands (ParseMessage; pure, fuzzed)
//	  → lock the stripes of the sender, the message's game and the sender's
//	    games (4,096 striped mutexes taken in ascending order, so no
//	    deadlock; an evaluation that finds it needs another lock stops,
//	    the locks are retaken in order and it starts again). Different
//	    games proceed in parallel.
//	  → evaluate the commands against records read fresh under the locks,
//	    in memory, writing reply drafts; the first refusal or question
//	    stops the rest (earlier commands stand). A handler decides and
//	    describes its decision as an outcome of package words (a move
//	    played, a proposal made, a refusal with its reason); outcomes.go
//	    asks words for each recipient's text. A reply's sentences are
//	    changed in package words, not here.
//	  → ONE storage transaction: the message id as processed, the changed
//	    games and players, the replies appended to the outbox, the adapter
//	    state. The transaction function has no effect outside it, as a
//	    store may run it twice.
//	  → the delivery loops of the replies' transports are woken.
//
// Cache: the referee keeps the last committed state of games (with their
// replayed history) and players in memory. It is authoritative because
// every write goes through the referee under the record's lock and entries
// are stored only after their transaction committed; hence one Referee
// must own a store.
// On PostgreSQL (package pgstore), where two takbot processes share one
// database, this still holds: only the process holding the database's
// leader lock builds a Referee; the standby builds none until it takes
// the lock, and starts with an empty cache, reading what the old leader
// committed. A leader that loses the lock stops at once, and its updates
// fail from the moment another leads (the leader epoch every update
// checks), so no stale cache writes over the new leader's records.
//
// Clocks: every active game stores its turn start, deadline and whether the
// reminder was sent, and a Wake time the store indexes; Tick reads only
// the games that are due (reminders, losses on time, expired challenges).
// A move counts by the time its transport received it: one received before
// the deadline is played even when handled after it, and a loss on time
// declared meanwhile is withdrawn. A player's "set remind" lead is copied
// into each of their games (GameRecord.Remind), so a game's wake time
// stays a function of its record. Daily digests are per player: the
// player record holds the schedule and the day last served, and the
// referee indexes the next digest in its own state space
// ("referee.digest", digest.go); package schedule computes the times in
// the player's zone, across changes of the clocks.
//
// Set-up: "new ... tps=" stores the start position as both Start and
// Setup; turns continue its move number, the PTN carries it as the TPS
// tag, and a restart goes back to Setup (setup.go).
//
// Turns: the referee counts turns (plies) from 1 across the whole game,
// adopted boards included ("turn 7" is the seventh move, white's fourth),
// and shows the PTN move number beside it ("turn 7 (PTN move 4, white)").
// im, rs, revert N, undo, the "#N" guard, history and picture names all use
// this one numbering, and so does the turn label drawn on a picture
// ([Picture.Turn]).
//
// takbot as a player (package bot/versus): "new takbot" starts a game against
// the engine at once, with a [GameRecord.Level] (such games are unrated).
// The engine is a player on a transport of its own ([EngineTransport],
// package opponent): its replies go through the outbox, and it answers
// through Handle. "analyse" and the end-of-game review are [Analysis]
// parts, carried out at delivery by the [Analyst] of [Options], so the
// referee never searches (package bot/analysis). A finished game's review
// is computed once, at a fixed budget, and kept with the game
// ([GameRecord.Review]): both players, its spectators and a later
// "analyse" get the same.
//
// Open challenges (seek.go): "new anyone" is a challenge whose opponent
// seat is empty; "seeks" lists the open ones from an index in the
// referee's own space of the state store, "accept ID" seats the first
// to accept under the game's lock, and transports with a lobby
// ([TransportInfo.Lobby]) get a post of each, and word of what became of
// it. The rating range asks ratingFor.
//
// One player on two transports (pair.go): "pair" and "pair CODE" join two
// identities; the second's record becomes an alias of the first
// (PlayerRecord.Alias, Paired), its games move to the first, and a
// message from either is handled as the first's. Answers go back to the
// identity a message came from, events to the one last written from.
//
// Ratings (ratings.go, leaderboard.go, stats.go, package standing): a rated game
// ([GameRecord.Rated]) that ends rates both players in the session that
// ended it, in the pool of its board size, and records the change on the
// game ([RatingChange]); a result withdrawn later takes the change back.
// "stats" and "leaderboard" read the players' records and games (the
// players of each pool are kept in memory, read from the games once);
// [Message.Community] (a Discord server) scopes a leaderboard. A game
// with fewer than two moves by each player is never rated (a resignation
// or an agreed draw then aborts it), the k-th rated game between two
// players within 30 days counts 1/k (rating.RepeatWeight), and a
// leaderboard lists established ratings only (Options.LeaderboardMinGames,
// Options.LeaderboardMaxDeviation, three different opponents).
//
// Privacy (visibility.go): every read view passes one filter, [Viewer]:
// a private game is its players' only and never rated; a player of whom
// a viewer sees no game is unknown to them; names shown to others pass
// [PublicName]. Vacations (players.go) are bounded: 60 days in any 365,
// never renewed while one runs.
//
// Spectators (spectate.go, watch.go): [Referee.Subscribe] tells an
// observer, such as package web, the id of every game a commit changed;
// [Referee.GameView], [Referee.ForEachGame] and [Referee.PlayersNamed]
// read games and players for the web pages, which show public games only
// (GameRecord.Private, "new ... private=yes"). "watch ID" adds the sender
// to a public game's Watchers, who get each move as an Event in their
// own notation and look and can never act in the game. With
// [Options.WebURL], every public reply about a game carries its page's
// link.
//
// A player's look (settings.go): the picture theme, width and text board
// are kept in the [PlayerRecord] with the notation, shown by "settings"
// and changed by "set"; a player who chose no theme gets their
// transport's [TransportInfo.DefaultTheme]. Each [Picture] is drafted in
// its reader's look, and its name digests everything drawn, so the PNG
// cache serves one rendering to readers who see the same pixels only.
package bot
