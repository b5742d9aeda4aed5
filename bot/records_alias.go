package bot

import "github.com/takbymail/takbot/record"

// The records the referee keeps and the store's contract live in package
// record, below the referee, so that the stores (storage, pgstore,
// memstore) need not import it. These aliases keep the referee's names
// for them, for bot's own code and the adapters: bot.GameRecord is
// record.Game. New code outside bot should name package record.

// The game's record and its parts.
type (
	GameRecord   = record.Game
	MoveRecord   = record.Move
	MoveList     = record.MoveList
	ResultRecord = record.Result
	Proposal     = record.Proposal
	ProposalKind = record.ProposalKind
	Dispute      = record.Dispute
	SyncBoard    = record.SyncBoard
	Plans        = record.Plans
	SeekRecord   = record.Seek
	RatingChange = record.RatingChange
	Status       = record.Status
	EndReason    = record.EndReason
	Style        = record.Style
	Scoring      = record.Scoring
)

// The player's record and its parts.
type (
	PlayerRecord = record.Player
	Identity     = record.Identity
	VacationSpan = record.VacationSpan
	Unreachable  = record.Unreachable
	Digest       = record.Digest
	AnalysisMark = record.AnalysisMark
)

// Replies and handled messages.
type (
	Reply           = record.Reply
	Part            = record.Part
	PartKind        = record.PartKind
	Action          = record.Action
	Picture         = record.Picture
	Attachment      = record.Attachment
	Delivery        = record.Delivery
	ReplyClass      = record.ReplyClass
	ProcessedRecord = record.Processed
)

// The store's contract and its errors.
type (
	Store              = record.Store
	Tx                 = record.Tx
	StateTx            = record.StateTx
	Preparer           = record.Preparer
	DamagedRecordError = record.DamagedRecordError
)

// The stages of a game.
const (
	Challenged = record.Challenged
	Active     = record.Active
	Over       = record.Over
	Declined   = record.Declined
	Cancelled  = record.Cancelled
	Expired    = record.Expired
	Aborted    = record.Aborted
)

// The ways a game ends.
const (
	EndRoad        = record.EndRoad
	EndFlats       = record.EndFlats
	EndResignation = record.EndResignation
	EndTime        = record.EndTime
	EndAgreement   = record.EndAgreement
)

// The kinds of proposals.
const (
	ProposeDraw     = record.ProposeDraw
	ProposeUndo     = record.ProposeUndo
	ProposeTakeback = record.ProposeTakeback
	ProposeRevert   = record.ProposeRevert
	ProposeAdopt    = record.ProposeAdopt
	ProposeRestart  = record.ProposeRestart
)

// The styles of play.
const (
	Street  = record.Street
	Courtly = record.Courtly
)

// The classes of replies.
const (
	Event  = record.Event
	Answer = record.Answer
	Play   = record.Play
)

// The kinds of reply parts.
const (
	Prose    = record.Prose
	Block    = record.Block
	Image    = record.Image
	Actions  = record.Actions
	File     = record.File
	Analysis = record.Analysis
)

// The engine player.
const (
	EngineTransport = record.EngineTransport
	EngineAddress   = record.EngineAddress
)

// The store's errors.
var (
	ErrNotFound      = record.ErrNotFound
	ErrDamagedRecord = record.ErrDamagedRecord
)

// EngineIdentity is the engine player (record.EngineIdentity).
func EngineIdentity() Identity { return record.EngineIdentity() }

// ParseIdentity reads a key written by Identity.Key (record.ParseIdentity).
func ParseIdentity(key string) (Identity, bool) { return record.ParseIdentity(key) }

// LaneOf is the lane of the replies of class c to a recipient
// (record.LaneOf).
func LaneOf(to Identity, c ReplyClass) string { return record.LaneOf(to, c) }

// ActionsText writes actions as the list mail and the console show
// (record.ActionsText).
func ActionsText(as []Action) string { return record.ActionsText(as) }

// SplitParts splits a reply's parts into messages of at most limit
// characters each as measured by size (record.SplitParts).
func SplitParts(parts []Part, limit int, size func(Part) int) [][]Part {
	return record.SplitParts(parts, limit, size)
}
