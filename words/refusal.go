package words

import (
	"fmt"
	"strconv"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Reason is why the referee refuses a command.
type Reason uint8

// The reasons for a refusal. Each says which fields of the Refusal it
// reads (besides Game and Chosen).
const (
	_ Reason = iota
	// NotAccepted: the sender was challenged and has not accepted yet.
	NotAccepted
	// AwaitingAccept: the sender's challenge is not accepted yet (reads
	// ToMove as the challenger's colour).
	AwaitingAccept
	// GameOver: the game is over (reads Result).
	GameOver
	// GameWas: the game is neither waiting, in progress nor over (reads
	// Status).
	GameWas
	// StaleTurn: the move is marked for another turn (reads Guard, Turn).
	StaleTurn
	// MoveUnreadable: the move cannot be read (reads Err).
	MoveUnreadable
	// NotYourTurn: the other colour is to move (reads ToMove).
	NotYourTurn
	// IllegalMove: the rules forbid the move (reads Err, Size, Written).
	IllegalMove
	// ResultStands: moves cannot be taken back in a finished game (reads
	// Result).
	ResultStands
	// NotInProgress: the game is not in progress.
	NotInProgress
	// AlreadyProposed: the sender's own proposal waits (reads Proposal).
	AlreadyProposed
	// AnswerFirst: the opponent's proposal waits for an answer (reads
	// Proposal).
	AnswerFirst
	// NothingToUndo: the sender has no move to take back (reads AdoptedAt).
	NothingToUndo
	// NoDispute: takeback without a move disputed with "im".
	NoDispute
	// NothingToRevert: no move since the start (reads Start).
	NothingToRevert
	// BadRevertTurn: "revert N" names no turn to go back to (reads Arg,
	// First, Start, Last).
	BadRevertTurn
	// RevertWhich: the referee cannot tell which turn to go back to
	// (reads Last).
	RevertWhich
	// NoSyncBoard: adopt without an rs board.
	NoSyncBoard
	// BoardNotAdoptable: the sender's rs board cannot be adopted (reads Err).
	BoardNotAdoptable
	// ProposalStale: an accepted proposal no longer fits the game.
	ProposalStale
	// BoardNoLongerAdoptable: an accepted adopt's board cannot be set up
	// (reads Err).
	BoardNoLongerAdoptable
	// OwnOpenChallenge: the sender answers their own open challenge.
	OwnOpenChallenge
	// OwnChallenge: the sender answers their own challenge (reads Other).
	OwnChallenge
	// NothingToAnswer: the game is neither waiting nor has a proposal
	// open (reads Status).
	NothingToAnswer
	// NoProposal: no proposal to answer.
	NoProposal
	// OwnProposal: the sender answers their own proposal (reads Other).
	OwnProposal
	// NothingToWithdraw: no challenge or proposal of the sender's.
	NothingToWithdraw
	// CannotAbort: only a game in progress can be aborted (reads Status).
	CannotAbort
	// TooLateToAbort: each player has moved twice (reads Turn, the moves
	// played).
	TooLateToAbort

	// NoMoveToDispute: the game is neither in progress nor ended on the
	// board.
	NoMoveToDispute
	// NoMoveYet: no move has been played (reads AdoptedAt).
	NoMoveYet
	// OwnMove: "im" on the sender's own last move.
	OwnMove
	// NoDisputeReason: "im" without a reason.
	NoDisputeReason
	// ReasonTooLong: the reason is Count characters, over Limit.
	ReasonTooLong
	// NoOpponent: "new" without an opponent.
	NoOpponent
	// SelfChallenge: the sender challenges themselves; Arg, when set, is
	// the address paired with their account.
	SelfChallenge
	// LevelForTakbot: level= in a challenge to a person (reads Count, the
	// level).
	LevelForTakbot
	// RatingForOpen: rating= in a challenge to a person (reads Low, High).
	RatingForOpen
	// RematchTooSoon: a rematch of a game in progress.
	RematchTooSoon
	// NeverPlayed: a rematch of a game never played (reads Status, Other
	// and Arg, the opponent's address).
	NeverPlayed
	// RematchWaiting: the sender's rematch waits for an answer (reads
	// Other, Arg: the rematch's id).
	RematchWaiting
	// RematchExists: the rematch is played or under way (reads Arg: its id).
	RematchExists
	// EngineGamesFull: the sender plays the most games against takbot at
	// once (reads Count).
	EngineGamesFull
	// NoRematchable: no game ended recently (reads Count: the days).
	NoRematchable
	// AcceptArgs: "accept" with more than one game id.
	AcceptArgs
	// NoSuchGame: no game Arg.
	NoSuchGame
	// NotASeek: the game is not an open challenge, and not the sender's.
	NotASeek
	// SeekGone: the open challenge expired.
	SeekGone
	// SeekWithdrawnBy: its seeker withdrew it (reads ToMove as the seeker).
	SeekWithdrawnBy
	// SeekTakenFirst: someone else accepted it first.
	SeekTakenFirst
	// OutOfRange: the sender's rating is outside the open challenge's
	// range (reads Low, High, Size, Count: the rating, Unrated).
	OutOfRange
	// BoardUnreadable: the sender's rs board cannot be read (reads Err).
	BoardUnreadable
	// NameTooLong: "stats" names a player with a word too long to be a
	// name or an address (reads Arg).
	NameTooLong
	// UnknownPlayer: "stats" names no player the sender knows of (reads
	// Arg).
	UnknownPlayer
	// LeaderboardArgs: "leaderboard" with more than one size.
	LeaderboardArgs
	// NotABoardSize: "leaderboard" names no board size (reads Arg).
	NotABoardSize
	// WatchWhich: "watch" (or "unwatch" outside a game's thread) without
	// a game (reads Arg: the command).
	WatchWhich
	// WatchArgs: "watch" or "unwatch" with more than one game (reads Arg:
	// the command).
	WatchArgs
	// NoPublicGame: no public game to watch (reads Arg: the id).
	NoPublicGame
	// WatchOwnGame: the sender plays in the game (reads Arg: the id).
	WatchOwnGame
	// WatchOver: the game to watch is over (reads Arg, Result.Text).
	WatchOver
	// WatchNoMoves: the game to watch was called off (reads Arg, Status).
	WatchNoMoves
	// TooManyWatchers: the game has the most spectators (reads Arg,
	// Count).
	TooManyWatchers
	// NotWatching: "unwatch" a game the sender does not watch (reads Arg).
	NotWatching
	// DigestWhen: "set digest" without a time.
	DigestWhen
	// DigestTime: the digest's time is no time of day (reads Arg).
	DigestTime
	// DigestZone: a digest's time without a zone, and none chosen (reads
	// Arg: the time of day).
	DigestZone
	// VacationDays: "vacation" without a number of days.
	VacationDays
	// VacationRange: the days are no whole number from 1 to Count (reads
	// Arg).
	VacationRange
	// OnVacation: the sender's vacation runs until Until, Count days more
	// (reads Allowance).
	OnVacation
	// OverAllowance: a vacation of Count days is over the allowance
	// (reads Allowance).
	OverAllowance
	// NoAbortInEvent: an event's game cannot be aborted (reads Game's
	// Event).
	NoAbortInEvent

	numReasons // how many there are, plus one: new reasons go above
)

// digestExample is how to set a digest.
const digestExample = "\"set digest daily 08:00 Europe/Berlin\""

// GamesHint points a player who addressed a finished game to their others.
const GamesHint = "Send \"games\" for the games you are playing, or \"new ADDRESS\" to start one."

// GamesChoice lists the reader's games.
var GamesChoice = Choice{Label: "List your games", Command: "games"}

// Refusal is a command the referee refuses: nothing changed, and the
// sender is told why.
type Refusal struct {
	Reason Reason
	Game   Game
	// Chosen is set when the command went to Game because the sender
	// chose it with "game ID" in an earlier message: the refusal says so.
	Chosen bool

	Status   string    // the game's status (GameWas)
	Turn     int       // the game's turn now, from 1 (StaleTurn)
	Guard    int       // the turn the move was marked for (StaleTurn)
	ToMove   tak.Color // who is to move; the challenger (AwaitingAccept)
	Result   Result    // how the game ended (GameOver, ResultStands)
	Err      error     // what is wrong (MoveUnreadable, IllegalMove, BoardNotAdoptable, BoardNoLongerAdoptable)
	Size     int       // the board's size (IllegalMove)
	Written  notation.Orientation
	Proposal Proposal  // the proposal waiting (AlreadyProposed, AnswerFirst)
	Other    tak.Color // the other player, who must answer (OwnChallenge, OwnProposal)
	Arg      string    // the sender's argument, shortened (BadRevertTurn)
	// First and Last are the plies the game's history starts and stands
	// at (BadRevertTurn, RevertWhich).
	First, Last int
	Start       string // where the history starts: "the empty board"
	// AdoptedAt is the turn a board was adopted at, 0 when none was.
	AdoptedAt int
	// Count is how long the sender's text is, Limit how long it may be
	// (ReasonTooLong).
	Count, Limit int
	// Low and High are a rating range (RatingForOpen, OutOfRange), and
	// Unrated says the sender has no rating (OutOfRange).
	Low, High int
	Unrated   bool
	// Until is when the sender's vacation ends, Allowance what is left of
	// their vacation days (OnVacation, OverAllowance).
	Until     time.Time
	Allowance Allowance
}

// ChosenHint explains why a command went to game id, which the sender
// chose with "game ID" in an earlier message, and how to choose another.
func ChosenHint(id string) string {
	return fmt.Sprintf(" (your commands go to %s since you sent \"game %s\"; send \"games\" to list yours and \"game ID\" to choose another)", id, id)
}

// sinceAdopted notes, after "no move", the board the history starts from.
func (o Refusal) sinceAdopted() string {
	if o.AdoptedAt > 0 {
		return " since the board adopted at turn " + strconv.Itoa(o.AdoptedAt)
	}
	return ""
}

func (o Refusal) hint() string {
	if o.Chosen {
		return ChosenHint(o.Game.ID)
	}
	return ""
}

// refusals words each reason, one sentence apiece.
var refusals = map[Reason]func(o Refusal, r Reader) string{
	NotAccepted: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s has not started: you have not accepted the challenge yet; send \"accept\" to start it%s", o.Game.ID, o.hint())
	},
	AwaitingAccept: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s has not started: %s has not accepted the challenge yet%s", o.Game.ID, o.Game.Names[o.ToMove.Opponent()], o.hint())
	},
	GameOver: func(o Refusal, r Reader) string {
		return fmt.Sprintf("game %s is over: %s%s %s", o.Game.ID, o.Result.Words(o.Game, r), o.hint(), GamesHint)
	},
	GameWas: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s was %s%s", o.Game.ID, o.Status, o.hint())
	},
	StaleTurn: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("this move is marked #%d but game %s is at %s; it was not played (a stale or repeated message?)", o.Guard, o.Game.ID, TurnName(o.Turn))
	},
	MoveUnreadable: func(o Refusal, _ Reader) string { return moveSyntax(o.Err) },
	NotYourTurn: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("it is not your turn in game %s: %s is to move%s", o.Game.ID, o.Game.who(o.ToMove), o.hint())
	},
	IllegalMove: func(o Refusal, _ Reader) string { return MoveError(o.Err, o.Size, o.Written) },
	ResultStands: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s is over (%s) and its result stands: moves can be taken back only while a game is in progress%s", o.Game.ID, o.Result.PTN, o.hint())
	},
	NotInProgress: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s is not in progress%s", o.Game.ID, o.hint())
	},
	AlreadyProposed: func(o Refusal, r Reader) string {
		return fmt.Sprintf("you already proposed to %s; wait for the answer or send \"cancel\"", o.Proposal.Text(o.Game, r))
	},
	AnswerFirst: func(o Refusal, r Reader) string {
		return fmt.Sprintf("%s proposed to %s; answer with \"accept\" or \"decline\" first", o.Game.Names[o.Proposal.By], o.Proposal.Text(o.Game, r))
	},
	NothingToUndo: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("you have no move to take back in game %s%s", o.Game.ID, o.sinceAdopted())
	},
	NoOpponent: func(Refusal, Reader) string {
		return "say whom to challenge, e.g. \"new bob size=6 komi=2 color=white\", or \"new anyone\" for an open challenge"
	},
	SelfChallenge: func(o Refusal, _ Reader) string {
		if o.Arg != "" {
			return fmt.Sprintf("you cannot challenge yourself (%s is paired with your account)", o.Arg)
		}
		return "you cannot challenge yourself"
	},
	LevelForTakbot: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("level sets takbot's strength, so it is for games against takbot only: \"new takbot level=%d\"", o.Count)
	},
	RatingForOpen: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("rating= is for open challenges, which anyone in the range may accept: write \"new anyone rating=%d-%d\"", o.Low, o.High)
	},
	RematchTooSoon: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s is still in progress: a rematch is for a game that is over%s", o.Game.ID, o.hint())
	},
	NeverPlayed: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s was %s, never played: send \"new %s\" to challenge %s%s", o.Game.ID, o.Status, o.Arg, o.Game.Names[o.Other], o.hint())
	},
	RematchWaiting: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("you already asked %s for a rematch of %s: it is challenge %s, waiting for their answer (\"cancel\" withdraws it)", o.Game.Names[o.Other], o.Game.ID, o.Arg)
	},
	RematchExists: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("the rematch of %s is game %s, already played or under way", o.Game.ID, o.Arg)
	},
	EngineGamesFull: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("you already play %d games against takbot, the most at once; finish or resign one first (\"games\" lists them)", o.Count)
	},
	NoRematchable: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("you have no game that ended in the last %s to ask a rematch of; send \"games\" to list yours, and \"game ID; rematch\" for an older one", Plural(o.Count, "day", "days"))
	},
	AcceptArgs: func(Refusal, Reader) string {
		return "\"accept\" takes at most one game id, e.g. \"accept g12\""
	},
	NoSuchGame: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("there is no game %s; send \"seeks\" for the open challenges", o.Arg)
	},
	NotASeek: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s is not an open challenge, and you do not play in it; send \"seeks\" for the open challenges", o.Game.ID)
	},
	SeekGone: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("the open challenge %s has expired; send \"seeks\" for the open challenges, or \"new anyone\" to post yours", o.Game.ID)
	},
	SeekWithdrawnBy: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("%s withdrew the open challenge %s; send \"seeks\" for the open challenges", o.Game.Names[o.ToMove], o.Game.ID)
	},
	SeekTakenFirst: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("someone else accepted the open challenge %s first; send \"seeks\" for the open challenges, or \"new anyone\" to post yours", o.Game.ID)
	},
	OutOfRange: func(o Refusal, _ Reader) string {
		how := fmt.Sprintf("your rating on %dx%d is %d", o.Size, o.Size, o.Count)
		if o.Unrated {
			how = fmt.Sprintf("you are unrated on %dx%d, which counts as %d", o.Size, o.Size, o.Count)
		}
		return fmt.Sprintf("the open challenge %s is for players rated %d to %d, and %s", o.Game.ID, o.Low, o.High, how)
	},
	BoardUnreadable: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("your board cannot be read: %v", o.Err)
	},
	WatchWhich: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("say which game, e.g. \"%s g3\"", o.Arg)
	},
	WatchArgs: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("\"%s\" takes one game id, e.g. \"%s g3\"", o.Arg, o.Arg)
	},
	NoPublicGame: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("there is no public game %s to watch", o.Arg)
	},
	WatchOwnGame: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("you play in game %s: its moves come to you already", o.Arg)
	},
	WatchOver: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s is over: %s", o.Arg, o.Result.Text)
	},
	WatchNoMoves: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s was %s and will have no moves to watch", o.Arg, o.Status)
	},
	TooManyWatchers: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s has %d spectators already, the most it can have", o.Arg, o.Count)
	},
	NotWatching: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("you do not watch game %s", o.Arg)
	},
	DigestWhen: func(Refusal, Reader) string {
		return "say when, e.g. " + digestExample + " (a time of day and your time zone), or \"set digest off\""
	},
	DigestTime: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("the digest's time must be a time of day such as 08:00, 8am or 20:30, not %q; e.g. %s", o.Arg, digestExample)
	},
	DigestZone: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("say your time zone too, so that %s is your %s: e.g. \"set digest daily %s Europe/Berlin\" (Region/City, or UTC)", o.Arg, o.Arg, o.Arg)
	},
	VacationDays: func(Refusal, Reader) string { return "say how many days, e.g. \"vacation 7\"" },
	VacationRange: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("vacation takes a whole number of days from 1 to %d, not %q", o.Count, o.Arg)
	},
	OnVacation: func(o Refusal, r Reader) string {
		return fmt.Sprintf("you are on vacation until %s (%s more): a vacation cannot be renewed or lengthened while it runs. %s",
			r.Time(o.Until), Plural(o.Count, "day", "days"), o.Allowance.Words(r))
	},
	OverAllowance: func(o Refusal, r Reader) string {
		return fmt.Sprintf("a vacation of %s would go beyond your allowance of %d vacation days in any 365 days. %s",
			Plural(o.Count, "day", "days"), o.Allowance.Max, o.Allowance.Words(r))
	},
	NameTooLong: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("%q is too long to be a player's name or address", o.Arg)
	},
	UnknownPlayer: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("the referee knows no player %q: name them as you would challenge them (a name, an address or a mention)", o.Arg)
	},
	LeaderboardArgs: func(Refusal, Reader) string {
		return "\"leaderboard\" takes one board size, e.g. \"leaderboard 6x6\""
	},
	NotABoardSize: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("%q is not a board size: say \"leaderboard 5x5\" (or 3 to 8, small for 3x3 and 4x4, large for 7x7 and 8x8)", o.Arg)
	},
	NoMoveToDispute: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s has no move to dispute: only a game in progress, or one that ended on the board, can be disputed%s", o.Game.ID, o.hint())
	},
	NoMoveYet: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("no move has been played in game %s%s", o.Game.ID, o.sinceAdopted())
	},
	OwnMove: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("the last move of game %s is your own; \"im\" disputes your opponent's last move (send \"undo\" to ask to take back yours)", o.Game.ID)
	},
	NoDisputeReason: func(Refusal, Reader) string {
		return "say why you think the move was illegal, e.g. \"im the wall on c3 was covered\""
	},
	ReasonTooLong: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("the reason is %d characters long; say it in at most %d", o.Count, o.Limit)
	},
	NoDispute: func(Refusal, Reader) string {
		return "takeback asks for the move you disputed with \"im\" to be taken back; dispute the last move first, e.g. \"im the wall was covered\""
	},
	NothingToRevert: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("no move has been played in game %s since %s: there is nothing to go back to", o.Game.ID, o.Start)
	},
	BadRevertTurn: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("%q is not a turn to go back to: \"revert N\" goes back to the position after turn N, from %d (%s) to %d", o.Arg, o.First, o.Start, o.Last-1)
	},
	RevertWhich: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("say which turn to go back to, e.g. \"revert %d\" (send \"rs\" with your board to find where it matches)", o.Last-1)
	},
	NoSyncBoard: func(Refusal, Reader) string {
		return "send your board first: \"rs\" followed by your board, one row per line"
	},
	BoardNotAdoptable: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("your board cannot be adopted: %v", o.Err)
	},
	ProposalStale: func(Refusal, Reader) string { return "the game has changed since the proposal" },
	BoardNoLongerAdoptable: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("the board cannot be adopted: %v", o.Err)
	},
	OwnOpenChallenge: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("%s is your own open challenge: someone else must accept it (send \"cancel\" to withdraw it)", o.Game.ID)
	},
	OwnChallenge: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("you sent this challenge; %s must answer it (or send \"cancel\" to withdraw it)", o.Game.Names[o.Other])
	},
	NothingToAnswer: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s is %s: there is nothing to answer", o.Game.ID, o.Status)
	},
	NoProposal: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("there is no proposal to answer in game %s%s", o.Game.ID, o.hint())
	},
	OwnProposal: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("you made this proposal yourself; %s must answer it (or send \"cancel\" to withdraw it)", o.Game.Names[o.Other])
	},
	NothingToWithdraw: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("there is nothing of yours to withdraw in game %s (a challenge you sent, or a proposal you made)%s", o.Game.ID, o.hint())
	},
	CannotAbort: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s is %s: only a game in progress can be aborted%s", o.Game.ID, o.Status, o.hint())
	},
	NoAbortInEvent: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s is a game of the event %s: an event's game is not aborted but played. You can offer a draw (\"draw\") or resign (\"resign\"), which count in the event as a draw or a loss; a player who does not move loses on time.", o.Game.ID, o.Game.Event)
	},
	TooLateToAbort: func(o Refusal, _ Reader) string {
		return fmt.Sprintf("game %s can no longer be aborted: a game can be aborted only before each player has moved twice, and %d moves have been played. You can offer a draw (\"draw\") or resign (\"resign\").", o.Game.ID, o.Turn)
	},
}

// Words says why the command was refused, to the sender.
func (o Refusal) Words(r Reader) string {
	if f, ok := refusals[o.Reason]; ok {
		return f(o, r)
	}
	return "the referee refused the command (reason " + strconv.Itoa(int(o.Reason)) + ")"
}

// Choices are the commands offered with the refusal.
func (o Refusal) Choices() []Choice {
	if o.Reason == GameOver {
		return []Choice{GamesChoice}
	}
	return nil
}
