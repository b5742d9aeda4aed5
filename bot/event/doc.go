// Package event runs the referee's events (issue 29): round-robins and
// Swiss events between players on any transport, from "event new" to the
// final standings. It decides; package tourney pairs and ranks; package
// words says what happened; package bot carries it out through the Turn
// it implements (bot/seam_events.go): the event records read and written
// with the message's other changes, the games created through the
// referee's own game creation, the replies.
//
// The commands (each declares its policy in package command):
//
//	event new NAME [format=roundrobin|swiss] [rounds=N] [double=yes]
//	    [start=YYYY-MM-DD[THH:MM]] [min=N] [max=N] [min-rating=R] [private=yes] [GAME OPTIONS]
//	event start NAME, event cancel NAME, event withdraw NAME PLAYER  (its organiser only)
//	join NAME, leave NAME  (until the start)
//	events                 (open and running events; private ones only to their players)
//	standings NAME         (points, tie-breaks, crosstable)
//
// Rules of the house: a player runs at most Turn.EventsPerOrganiser events that have
// not ended; a name is 2 to 24 letters, digits or dashes, beginning with a
// letter, unique without case. A private event is listed and shown only to
// its organiser and players; its name is its invitation (anyone who knows
// it may join). An organiser cannot change a result: results come only
// from the games (Settle), and withdrawals score the withdrawn player's
// remaining games as forfeits, as FIDE does. Every action is appended to
// the event's History.
//
// Rounds: at the start the entrants are seeded by rating (fixed then); a
// round-robin's whole schedule is made by Berger tables
// (tourney.RoundRobinSchedule, both colours, double=yes plays it twice), a
// Swiss is paired round by round by the Monrad rule (tourney.PairSwiss,
// byes to the lowest rated). A round's games are all created at once;
// when the last of them ends (a result, a loss on time, a forfeit), the
// next round is paired and begun, in the same transaction as the result.
//
// Concurrency: every change to an event is made under the event's lock
// (Turn.Locked with LockKey), so that two games of a round ending at once
// pair the next round once.
//
// News: a public event is announced in the lobbies and to the players
// who asked for news of events (news.AnnounceEvent, through Turn's
// news.Fan); a private one to nobody.
//
// Start: an event with start= starts by itself at that time (read in the
// organiser's zone; each reader sees it in theirs): bot's Tick reads the
// index of start times (Space, a [wake.Index]) and calls Tick under the event's
// lock. Short of min=N entrants (2, 3 for a Swiss, when not given) it is
// not started: the organiser and the entrants are told ("start missed" in
// the history), and the organiser starts it by hand or cancels it.
//
// Who may, how sure, who is told (the rules of issue 24) for what the
// second events branch added: start= and min= are options of "event new"
// and share its policy (any player known to the bot, strong assurance;
// shown to the sender, and to the lobbies for a public event). The start
// at its time and a start missed are the referee's, on its clock: no
// sender, told to the organiser and the entrants only (never the lobbies
// or anyone else, private event or not). A result kept is told to the
// organiser and the game's two players only. "abort" in an event's game
// is refused to the player who sent it, whatever their assurance.
//
// A result withdrawn after it was recorded (a loss on time reprieved
// because the move came in time) is taken back while its round is being
// played. Once the next round is paired, the first result stands (the
// rounds since were paired from it, and FIDE does not re-pair a round
// played): the board is marked Kept, the history says "result kept", the
// organiser and the game's players are told, and the game goes on outside
// the event.
//
// Games ended early: FIDE knows no aborted game, only games played and
// forfeits. So an event's game cannot be aborted ("abort" is refused: the
// player resigns, offers a draw, or loses on time by not moving, which
// is FIDE's forfeit for not appearing), and a resignation or an agreed
// draw before each player moved twice, which aborts another game, counts
// as a loss or a draw (KeepsEarlyEnd); such a game is still not rated,
// so that an event is no way round the rule against farming a rating. A
// game ended with no result at all (a record from before) counts as a
// double forfeit. Replaying an early game was weighed and rejected: it
// would let a player who is losing on the board, or who prefers another
// day, reset a game their opponent had a right to win.
package event
