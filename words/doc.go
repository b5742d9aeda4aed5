// Package words turns what the referee decided into what a reader is told.
//
// The referee's handlers (package bot) decide: a move is played, a
// proposal made, a command refused. They describe each decision as an
// outcome, a plain value of this package (MovePlayed, ProposalMade,
// Refusal, …) that carries names, colours, turns, moves in both notations
// and times, never a record of the store. One place in bot asks this
// package for the text of an outcome for each recipient, described by a
// Reader: the colours the reader plays, the notation they read, whether
// they sent the message being answered, their time zone and their Medium
// (a mail, a Discord post, a console line, a web page).
//
// Every sentence of the outcomes here lives in this package, one file per
// topic:
//
//	reader.go     the Reader, the Medium, and how players, turns, moves and times are named
//	move.go       a move played, Tak called, threats, a road, a move too late, a bare square questioned, a move ending a proposal
//	refusal.go    the Refusal of a command and its typed Reason, one sentence per reason
//	proposal.go   proposals (draw, undo, takeback, revert, adopt, restart): made, accepted, a draw agreed
//	challenge.go  challenges made and begun; challenges and proposals declined or withdrawn
//	dispute.go    a disputed move's ruling ("im") and the rules that make a move legal
//	ending.go     how a game ended (its result), a resignation, an abort
//	clock.go      a challenge expired, a reminder, a loss on time and its withdrawal
//	status.go     where a game stands, under its board; the finished game's PTN file; the commands offered under it
//	settings.go   how a game is played ("5x5, komi 0, ...")
//	plans.go      plans made, shown, cleared or refused; planned answers played, or dropped, when the opponent moves
//	chat.go       words passed on with "say", or refused
//	sync.go       boards compared with "rs": matching, differing (with the ways out), told to the opponent
//	seek.go       open challenges ("new anyone"): posted, taken, expired, withdrawn, to the seeker and the lobbies; "seeks" listed
//	opponent.go   naming an opponent after "new": its refusals, namesakes asked about; takbot's game; a challenge never sent
//	pair.go       pairing two identities: the code, joined, separated, the refusals
//	limits.go     the limits on one sender: messages an hour, challenges waiting, a reply declined for want of consent
//	account.go    a player's settings shown and changed, "stop" and "start", the answers "held" back
//	help.go       "help": what the player can do now in a game, how moves are written, the takeback rule
//	watch.go      what spectators are told: a move, an end (who resigned, lost on time or won), where the game stands; "watch" done; a game's web link
//	standing.go   "stats", "leaderboard", a rated game's change of ratings and its withdrawal, namesakes
//	digest.go     the daily digest, "set digest" and its line in "settings"
//	vacation.go   "vacation": the clocks stopped, the allowance left
//	choose.go     which game a command is for: the question when several fit, the refusal when none does
//	info.go       "board", "history", "link", "tps", "games" (a game's line), "game ID", "notation"
//	analyse.go    "analyse" refused (where it is not fair, over its quota); "set review" and its line in "settings"
//	button.go     a button pressed after its game moved on: how it moved on
//	prose.go      a message without a command, the lines skipped as prose, the commands a refusal left unrun
//	outcome.go    the Outcome and Question interfaces every outcome here satisfies
//	delivery.go   a player replies cannot reach, told to their opponent
//	event.go      events (round-robins, Swiss): created, joined, paired, withdrawn, over; the list, the standings, the refusals
//
// To change what a player is told when a move is played, edit
// MovePlayed.Words in move.go; nothing else changes: the transports lay
// a reply out (a mail's headline, a Discord move post) from its gist,
// record.Gist, the facts bot/present.Note takes from these outcomes
// (MovePlayed.Line, Ruling.Verdict, Result.Reason), never from the
// sentences. The package imports
// tak, notation, render and bot/schedule (a duration as players write it)
// only, so it sits below the referee and any adapter may use it.
package words
