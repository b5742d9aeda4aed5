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
//	    [start=YYYY-MM-DD] [max=N] [min-rating=R] [private=yes] [GAME OPTIONS]
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
// A result withdrawn after it was recorded (a loss on time reprieved
// because the move came in time) is taken back while its round is being
// played; once the next round is paired, the first result stands (known
// limit). A game aborted in its first moves counts as a double forfeit.
package event
