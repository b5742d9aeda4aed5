// Package opponent plugs the engine into the referee: takbot as a player
// ("new takbot level=N") and as an analyst ("analyse", and the review a
// player gets when a game ends).
//
// The player is a transport ([Player]) named record.EngineTransport with one
// identity, record.EngineIdentity ("engine:takbot"). The referee delivers the
// replies addressed to it through the outbox like any other; Send only
// notes which game changed and queues it (a bounded queue: when it is
// full, Send holds the reply back and the outbox keeps it, so the referee
// never waits for the engine). A bounded pool of workers ([Pool], the CPU
// budget: Config.Workers searches at once, each at most Config.MaxThink)
// reads the game fresh, and when takbot is to move, searches and hands the
// move back through bot.Referee.Handle as that identity, with a message id
// made of the game's version and turn and a "#N" turn guard, so a move
// computed twice is played once. After a restart, [Player.Run] queues
// every game in progress where takbot is to move, so a move lost with the
// process is made again. Proposals to takbot are answered at once: an
// undo, a takeback, a revert, an adopt or a restart are accepted (it is a
// practice partner), a draw is declined.
//
// The level (1 to 10) sets the search of a move, a node budget for levels
// 1 to 9 (60 nodes, a one-ply look, at level 1, about three times more a
// level, 600,000 at level 9; the same strength on any load) and MaxThink
// at level 10, and how often takbot plays a weaker move: 40% at level 1,
// then 25, 15, 8, 4, 2 and never from level 7, a legal move other than
// the best, chosen by a generator seeded by the game and turn (so the
// same position at the same level always gets the same answer).
//
// The analyst ([Analyst], bot.Analyst) runs at delivery, on the same
// pool: a best line from one position, or a review of a whole game: every
// position evaluated ([Analyst.Evaluate]: Config.ReviewNodes each, from a
// cleared table, never by time, and a search cut short is an error: the
// same review on any load, which the referee computes once and keeps with
// the game; a finished game's review and its "analyse" are drawn from the
// kept evaluations), the PTN annotated with the
// evaluation after every move (in flats, for White) and "?" and "!" on the
// largest swings, an evaluation graph (render.EvalGraph) and an animated
// GIF replay (render.GIF). Attachments are capped: the replay is drawn
// 320 pixels wide with at most 120 frames, and redrawn smaller (240
// pixels, 60 frames) or left out when it would be over Config.MaxReplayBytes
// (default 2 MB, below every mail and Discord limit).
//
// The engine is reached through [Searcher], the shape of engine.Engine's
// Search; cmd/takbot connects the real engine. [Greedy] is a stand-in
// that looks one move ahead, for tests and until an engine is wired.
package opponent
