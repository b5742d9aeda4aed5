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
//	reader.go    the Reader, the Medium, and how players, turns, moves and times are named
//	move.go      a move played, Tak called, a road, a move too late, a bare square questioned
//	refusal.go   the Refusal of a command and its typed Reason
//	proposal.go  proposals (draw, undo, takeback, revert, adopt, restart): made, crossed, withdrawn or declined by a move, accepted
//	ending.go    how a game ended (its result) and a resignation
//
// To change what a player is told when a move is played, edit
// MovePlayed.Words in move.go; nothing else changes. The package imports
// tak and notation only, so it sits below the referee and any adapter may
// use it.
package words
