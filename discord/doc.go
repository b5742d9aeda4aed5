// Package discord is takbot's Discord transport: correspondence games of
// Tak played with slash commands, buttons, a form and (optionally) plain
// text, a thread per game, on the referee's transport seam (package bot),
// with github.com/bwmarrin/discordgo. SETUP.md is the guide for a server
// admin.
//
// # Use
//
//	cfg := discord.Config{Token: token, ApplicationID: "123…", Guilds: []string{"234…"}, MessageContent: true}
//	t, err := discord.New(cfg, ref, discord.Options{Logger: logger}) // New checks cfg
//	ref.Register(t)
//	go t.Run(ctx) // beside ref.RunDelivery(ctx)
//
// A takbot without Discord announces it with ref.Know(discord.Info()).
// Players are "discord:USERID"; the names shown are server display names
// (nickname, else global name, else username). An opponent is named by a
// mention, a user id, or, once the bot has seen them, "@username" or
// "discord:username". Discord's Tak players write PTN (takBot, playtak),
// so Info sets PTNFirst: a new Discord player is answered in PTN and their
// bare squares ("c3") are read as PTN, until they choose otherwise
// ("/tak notation mail"; a move written in Tak by Mail, "ps c1", also
// switches them while they have not chosen).
//
// # Commands
//
// One command, /tak, with a subcommand per command of the referee's table
// (command.CommandsWith the limits of Options.Limits, which cmd/takbot sets
// from the configuration the referee gets): the options are the table's
// parameters (integers with their bounds, choices, the move with autocomplete, the board), so a
// command added to the table appears on Discord with the next start. "new"
// is /tak challenge; its opponent is one text option, which takes "@user"
// (Discord's client offers its member picker as the player types "@", and
// the value is the mention), an email address, a player's name or
// transport:address: a USER option would take no email address. Every
// command that works on one game takes an optional "game" option; inside a game's thread the thread's game is the default. /tak
// notify (thread or dm) is the one Discord-only command. A
// message or command written in a server carries the server
// (bot.Message.Community, "discord:GUILD"), so that "leaderboard" there
// lists that server's players. The commands are
// registered at start by bulk overwrite (in the configured guilds, the
// global commands then cleared; or globally), so renamed commands do not
// linger. Descriptions are the table's summaries cut to their first
// clause, shortened further until the command fits Discord's 4,000
// characters. A slash command becomes the line a player would write in a
// mail ("new discord:123 size=6", "move ps b4"); free text loses its ';'
// and line breaks, and a line that would read as more than one command is
// refused, so an option never smuggles in a second command.
//
// Discord allows 25 subcommands under one command: the commands of
// moreCommands (say, plan, rematch, analyse, seeks, pair, tps, link, and
// stop and start, which are for mail) are in
// the group /tak more.
//
// # The lobby
//
// With lobby_channel set (Config.Lobby), open challenges ("new anyone")
// are posted in that channel with an Accept button anyone may press, and
// the post is edited when the challenge is taken, withdrawn or expires
// (lobby.go). A click is answered privately, as a slash command is; games
// taken there get their thread in the channel the players use, not in
// the lobby, unless the bot knows no other.
//
// # Answering interactions
//
// Every interaction is answered at once, on its own goroutine, before the
// referee or the store is touched: Discord allows 3 seconds. Commands and
// forms get a deferred answer that only the player sees (ephemeral): the
// outcome, a refusal or a move, is known only after the referee handled
// it, and a public deferred answer cannot become private. The referee's
// replies then take two ways. A private reply (a refusal, a question, a
// board the player asked for) fills the deferred answer, and further
// messages are ephemeral follow-ups, with the interaction's token (valid
// 15 minutes; 14 are used). A public reply (an event of the game) goes to
// the game's thread; the deferred answer is then deleted when the command
// came from that thread, or says where the reply went. Buttons are
// answered by taking the buttons off their message (they did their
// work); the replies follow as ephemeral follow-ups. Autocomplete is
// answered with ref.MoveChoices; /tak rs without a board, with a form.
// Refusals the adapter makes itself (a missing option, a button of
// someone else, a channel where the bot cannot open threads) are
// ephemeral answers.
//
// The handling runs on a lane per channel: events of one thread are
// handled in the order Discord sent them, other channels meanwhile.
// discordgo runs the handlers synchronously (SyncEvents), and they only
// answer and queue.
//
// # A thread per game
//
// A game gets a thread at its first reply that needs one: in the channel
// the challenge came from (its parent when that was a thread), named "g7
// Alice vs Bob", public or private by configuration, auto-archived after a
// week of quiet, with the game's Discord players added. A game that did
// not start on Discord (a challenge by email) gets its thread in the
// channel its Discord player last used the bot in, else the configured
// channel; without any, and for players who cannot be added, the game
// goes by direct messages. An archived thread is unarchived before the bot
// posts (discordgo's state, kept by THREAD_UPDATE, says which are; a
// thread not in it is fetched); a thread that is gone is replaced, once
// per reply, by a new one. When the game ends (ending.go), the first reply
// about it that goes out renames the thread with the result ("g3 · Alice
// vs Bob · 1-0 road") and schedules its archiving a day later; both are
// kept in the game's place record, and threads that are due are archived
// at start and at each hourly sweep.
//
// When both players are in the thread, the referee writes each of them a
// reply about each event (in their own notation, "You called Tak" for the
// mover). The thread shows one of them, and a reply is posted only by its
// own Send, so the choice is made alike by both: the reply to a player who
// did not cause the event (the one who must act next, whose buttons it
// carries), else one that asks its reader to act, else the first in the
// outbox. The siblings of a reply are found by its id ("EVENT/N") through
// ref.Reply. The player who caused the event sees their own reply as the
// answer to their interaction; a plain-text sender gets theirs by direct
// message only when it says more than the event (several commands, rs, a
// board; see Plain text). A thread post mentions the players it concerns
// (those who did not cause the event; every player for a reminder or a
// loss on time) with allowed_mentions limited to them, so that nothing
// else in the text (a name, "@everyone") pings anyone.
//
// # Messages
//
// A reply becomes messages of at most 2,000 characters, split between
// parts with record.SplitParts: prose with its Markdown escaped (links left
// alone) and Discord's entities escaped (<#channel>, <@user>, <@&role>,
// <t:time>, </command:id>, <:emoji:id>, <a:emoji:id>, @everyone,
// @here show as text, so a relayed "say" or a name links, pings and
// renders nothing), blocks (the sync board, PTN) in code blocks under their caption,
// the rendered pictures attached as PNG files (their text-board fallback
// left out; kept when the bot lacks Attach Files there, with a note
// saying so), and the actions as buttons on the last message (at most 25;
// those whose custom_id would pass 100 characters are written out as
// "You can send:"). A game's posts are short (short.go): with the
// picture attached, the boards, their legend and the reserves line are
// left out behind a Board button that shows them privately, and a move
// post is one line ("Bob (black) played c3 (mail ps c2) · Alice to move ·
// due <t:…:R>"); private answers keep every part. A button's custom_id carries what it does, for whom
// and in which game, at which moment of it ("tak:a:USER:g3@7au-1k2j3:accept";
// "c" asks first, for a resignation, then "y" or "n"), so buttons need no
// state and work after a restart; a click by anyone else gets an
// ephemeral refusal and never reaches the referee. A click becomes a
// message whose Game is the button's game (rather than a "game ID;"
// prefix, which would also change the player's chosen game) and whose
// Moment is the button's.
//
// # Buttons that know their moment
//
// The referee stamps every action about a game with the game's moment
// (bot.MomentOf: the ply, the stage, the open proposal's kind, and a hash
// of the moves with their times, the start, the result, the proposal and
// the disputes; not chat, sync boards, reminders or deadlines). A button
// carries it, and the referee checks it under the game's lock before the
// command runs: a press on a button of a game that has moved on (a move played or
// taken back, a proposal settled or withdrawn, a challenge answered) is
// refused with a private answer saying how, and changes nothing. Old
// posts are also cleaned up (live.go): the adapter remembers, per game,
// the messages it posted with buttons (thread posts, DMs, ephemeral
// follow-ups with their token) and their moment; each delivery of a reply
// about the game reads the game's current moment, sends the reply without
// its buttons when its own moment has passed, and takes the buttons off
// every remembered message of another moment. Buttons posted before
// moments existed ("tak:a:USER:g3:accept") still work, unchecked.
//
// # Plain text
//
// With message_content, a message in a game's thread goes to the referee
// as a mail would, with the thread's game; chat without a command is left
// alone (only a message with something that reads as a command, or that
// mentions the bot, is answered). A typed message has no ephemeral
// answer, so what only its sender should see (a refusal, a question, an
// rs comparison, a plan, "games", and what their own reply says beyond
// the thread's post of the event) goes to them by direct message, never
// to the channel; when Discord refuses the bot's DMs to them, the channel
// gets one line, a reply to their message mentioning only them, saying
// that an answer could not be given privately and how to get one (allow
// DMs, or use /tak), and nothing of the answer. (Deleting their message
// would need Manage Messages, and a reply deleted after a while is read
// by whoever looks meanwhile.) A message typed in a DM is answered there. Elsewhere in a server only messages
// that mention the bot are read (the mention taken out); direct messages
// to the bot are always read. Without the intent, messages that mention
// the bot still carry their text, so "@takbot ps b4" works in a thread.
// Messages posted while the bot was away are read from each game thread's
// history at the next READY (from the last message read there). An edited
// message is not read again: like a mail, a message counts as sent.
//
// # Direct messages
//
// /tak notify dm sends a player their replies about events they did not
// cause by direct message, instead of a mention. When Discord refuses a
// DM (403, code 50007) the bot mentions the player in the thread instead,
// says so once, and stops trying until the player asks again.
//
// # Failures and Discord's limits
//
// discordgo waits on rate-limit headers and retries a 429 after its
// retry_after; Send maps other failures for the delivery pipeline: no
// answer, 5xx and a 429 that came back are temporary, every other 4xx is
// permanent (so a refused request is never sent again and again). A
// missing permission (50013) is named (Send Messages, Send Messages in
// Threads, Create Public/Private Threads, Attach Files; read from the
// interaction's app_permissions or discordgo's state), logged once per
// channel at error level, and told to the player where possible (a
// challenge where threads cannot open is refused with the permission; the
// channel is told once when a thread cannot be opened, and the game goes
// by direct message meanwhile). A send under way finishes when takbot shuts
// down, and each message of a reply is recorded as sent, so a reply sent
// again continues where it stopped instead of posting twice.
//
// Gateway drops are resumed by discordgo; interactions and messages are
// deduplicated by id in memory (a replayed event) and by the referee
// (message ids it handled). api_url moves every request for Discord's
// hosts to another server with an http.RoundTripper (discordgo computes
// its Endpoint URLs at init, so changing them would not do); the gateway
// is the one that server announces at GET /api/v9/gateway.
//
// # Adapter state
//
// Kept in the referee's store (transport "discord"), written with the
// message it belongs to where it must be atomic:
//
//	game/GAME      where the game is played: thread, parent channel, guild, members
//	thread/THREAD  the game a thread stands for
//	origin/ID      the interaction (token) or message (channel) a reply answers; kept a day
//	sent/REPLY     messages of a reply already posted; kept two weeks
//	notify/USER    "dm" when the player wants DMs
//	dmfail/USER    when Discord refused a DM to the player
//	home/USER      the server channel the player last used the bot in
//	user/USER      the player's display name and username
//	cursor/THREAD  the last message read in a game thread
//	live/GAME      the messages with live buttons and their moment; kept 30 days
package discord
