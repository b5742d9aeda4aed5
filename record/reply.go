package record

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// Reply is one answer to one player, on that player's own transport. It is
// a sequence of parts, which each transport renders in its own way: mail
// as text and HTML, Discord as messages with code blocks and buttons, the
// console as lines.
type Reply struct {
	ID      string   // stable and unique: derived from the message id or the clock event
	Seq     uint64   // outbox order, set by the store
	To      Identity // the recipient, on their own transport
	ToName  string   // the recipient's display name
	Game    string   // the game the reply is about ("" if none)
	Subject string   // a short title ("Tak game g3: alice vs bob")
	Parts   []Part
	// Private marks a reply that concerns its recipient only: a refusal,
	// a question, help. Transports that can show a message to one person
	// only (Discord's ephemeral answers) do so.
	Private bool
	// Attention marks a reply that asks the recipient to act: their turn,
	// a challenge or a proposal to answer, a reminder. Transports that can
	// notify (a Discord mention) do so.
	Attention bool
	// Class says whether the reply is an event or an answer (see
	// ReplyClass); the delivery pipeline keeps a lane per class and
	// recipient, so answers never hold up events.
	Class    ReplyClass `json:",omitempty"`
	Cause    string     // the namespaced message id or clock event that caused it
	Created  time.Time  // when the referee wrote it
	Delivery Delivery   // the delivery state, kept by the delivery pipeline
	// Images are the pictures rendered at delivery time, in the order of
	// the picture parts; never stored.
	Images []Attachment `json:"-"`
	// Gist is what the reply is about as facts (a move, whose turn, a
	// ruling, an ending), for transports' layouts; nil for a reply about
	// none of these or stored before gists existed.
	Gist *Gist `json:",omitempty"`
}

// ReplyClass is what caused a reply, from its recipient's point of view.
type ReplyClass uint8

// The classes of replies. The zero value is an event, so that a reply
// stored before classes existed goes out as promptly as it always did.
const (
	// Event is anything the recipient's own message did not cause: the
	// opponent's move, an offer, a proposal or challenge addressed to
	// them, a ruling, a reminder, a loss on time, a result, a notice that
	// the opponent cannot be reached. Events are never held back by a
	// limit nor queued behind answers.
	Event ReplyClass = iota
	// Answer is the reply to a message the recipient sent (to a command,
	// a move, a question). Transports may limit how many answers one
	// address gets in an hour.
	Answer
	// Play is the answer to the recipient's own play in a game they
	// play: a move's confirmation, a refused move, a question about an
	// ambiguous square or about which game a command is for, any answer
	// to a command that changes one of their games (see bot's session.replies
	// for the exact rule). Like an event it is never held back by a
	// limit, so a limit never silences a game; it goes in the
	// recipient's event lane, in order with the game's events (a move's
	// confirmation before takbot's answer to it). Only a message whose
	// sender the transport vouches for gets it.
	Play
)

// String names the class: "event", "answer" or "play".
func (c ReplyClass) String() string {
	switch c {
	case Answer:
		return "answer"
	case Play:
		return "play"
	}
	return "event"
}

// Limited reports whether a transport's hourly limit of answers may hold
// a reply of this class back: answers only, never events nor the answers
// to a player's own play.
func (c ReplyClass) Limited() bool { return c == Answer }

// Lane is the delivery queue of a reply: its recipient's key, and for an
// answer a suffix, so that a recipient's events and answers are two
// queues, each delivered in order. Play answers share the events' lane.
func (r *Reply) Lane() string { return LaneOf(r.To, r.Class) }

// LaneOf is the lane of the replies of class c to a recipient.
func LaneOf(to Identity, c ReplyClass) string {
	if c == Answer {
		return to.Key() + "\x00answer"
	}
	return to.Key()
}

// PartKind is the kind of a reply part.
type PartKind uint8

// The kinds of reply parts.
const (
	// Prose is text to read: one or more lines.
	Prose PartKind = iota + 1
	// Block is monospace text whose columns matter (a sync board, a text
	// board, a PTN game), with an optional caption.
	Block
	// Image is a board picture, rendered at delivery.
	Image
	// Actions are the commands the recipient can send now.
	Actions
	// File is a text file to hand the recipient (a finished game's PTN):
	// Caption is its file name ("g3-Alice-vs-Bob.ptn"), Text its content.
	// Transports that can attach files do so; the others show it as a
	// block. (Added after the others: the stored form of a part is
	// unchanged, a kind, a text and a caption.)
	File
	// Analysis asks for the engine's analysis (Text holds an
	// bot.AnalysisRequest as JSON); the delivery pipeline replaces it with
	// the analysis before a transport sees the reply.
	Analysis
)

// Part is one piece of a reply.
type Part struct {
	Kind    PartKind
	Text    string   // Prose and Block: the text, without a final newline
	Caption string   // Block and Image: what it shows ("Sync board (north row first, stacks top first)"); File: the file name
	Picture *Picture // Image: the picture to render
	Actions []Action // Actions
	// Fallback marks a block that draws the picture before it as text
	// (a text board): transports that show the picture may leave it out,
	// text-only renderings keep it. The outbox stores it without its
	// text, which the delivery pipeline draws again from the picture.
	Fallback bool `json:",omitempty"`
	// Title, on a prose part, marks its first line as the title of the
	// answer to one of several commands of a message; it is the command as
	// quoted there (`"seeks"`). Mail makes that line a heading.
	Title string `json:",omitempty"`
}

// Action is a command the recipient can send now, with a label: mail
// lists it under "You can send:", Discord shows a button.
type Action struct {
	Label   string // "Accept", "Offer a draw"
	Command string // the exact command, e.g. "accept"
	Game    string // the game it addresses ("" for none)
	// Confirm, when set, is the question to ask before sending a command
	// that cannot be undone ("Resign game g3?").
	Confirm string
	// Moment is the state of game Game the action was offered for
	// (bot.MomentOf), stamped by the referee when it writes the reply; ""
	// for an action about no game. A transport that sends the action
	// back as drawn (a Discord button) hands it back as bot.Message.Moment,
	// and the referee refuses it once the game has moved on.
	Moment string `json:",omitempty"`
}

// Attachment is a rendered picture.
type Attachment struct {
	Name string
	PNG  []byte
	Alt  string // the position in words (see present.Describe, package bot/present)
}

// Picture describes a board picture to render at delivery time; it is
// what the outbox stores instead of PNG bytes. Its Name is unique to the
// position, the move shown, the result, the reader's orientation and look,
// the turn label and the marks, so a name is never reused for another
// picture.
type Picture struct {
	Name        string               // file name, e.g. "g3-t7-9f2c1a-mail.png"
	Config      tak.Config           // the game's configuration
	TPS         string               // the position shown
	BeforeTPS   string               // the position before Last ("" if none)
	Last        string               // the last move in PTN ("" if none)
	Players     [2]string            // White's and Black's names
	Orientation notation.Orientation // the reader's orientation
	Result      *Result              `json:",omitempty"` // set when the game is over
	Caption     string               `json:",omitempty"` // drawn on the picture ("Before turn 7")
	// The reader's look and what the text says about the position: the
	// theme and width in pixels (0: render's default), the turn in the
	// words of the text ("Turn 11 (PTN move 6, black)"; "" shows render's
	// own move number), and squares to mark (where two boards differ).
	Theme render.Theme `json:",omitempty"`
	Width int          `json:",omitempty"`
	Turn  string       `json:",omitempty"`
	Marks []tak.Square `json:",omitempty"`
}

// Delivery is a reply's delivery state.
type Delivery struct {
	Attempts  int       `json:",omitempty"` // failed attempts so far
	NextTry   time.Time `json:",omitzero"`  // no attempt before this time
	LastError string    `json:",omitempty"` // the last failure
	Delivered time.Time `json:",omitzero"`  // when the transport confirmed it (zero while pending)
	Failed    time.Time `json:",omitzero"`  // when it failed for good (zero unless failed)
}

// Pending reports whether the reply still waits for delivery.
func (d Delivery) Pending() bool { return d.Delivered.IsZero() && d.Failed.IsZero() }

// Text renders the reply as plain text: prose and blocks (a block's
// caption above it), a line per picture naming it, and the actions as a
// "You can send:" list. Transports without formatting use it as is.
func (r *Reply) Text() string {
	var b strings.Builder
	for _, p := range r.Parts {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.PlainText())
	}
	return b.String()
}

// PlainText renders one part as plain text (see Reply.Text); a file is
// shown whole under its name.
func (p Part) PlainText() string {
	switch p.Kind {
	case Block:
		if p.Caption != "" {
			return p.Caption + "\n" + p.Text
		}
		return p.Text
	case Image:
		if p.Picture == nil {
			return ""
		}
		if p.Caption != "" {
			return "[picture " + p.Picture.Name + ": " + p.Caption + "]"
		}
		return "[picture " + p.Picture.Name + "]"
	case Actions:
		return ActionsText(p.Actions)
	case File:
		return "File " + p.Caption + ":\n" + p.Text
	case Analysis:
		return "" // replaced at delivery
	}
	return p.Text
}

// ActionsText writes actions as the list mail and the console show:
// "You can send:" then one line per action, "  accept  (Accept the challenge)".
func ActionsText(as []Action) string {
	if len(as) == 0 {
		return ""
	}
	w := 0
	for _, a := range as {
		w = max(w, len(a.Command))
	}
	var b strings.Builder
	b.WriteString("You can send:")
	for _, a := range as {
		b.WriteString("\n  ")
		b.WriteString(a.Command)
		b.WriteString(strings.Repeat(" ", w-len(a.Command)+2))
		b.WriteString(a.Label)
	}
	return b.String()
}

// SplitParts splits a reply's parts into messages of at most limit
// characters each as measured by size, breaking only between parts. A
// single part longer than limit is split on line boundaries (a block keeps
// its caption with its first piece), and a line longer than limit is cut.
// limit <= 0 returns all parts as one message.
func SplitParts(parts []Part, limit int, size func(Part) int) [][]Part {
	if limit <= 0 {
		return [][]Part{parts}
	}
	var out [][]Part
	var cur []Part
	used := 0
	flush := func() {
		if len(cur) > 0 {
			out = append(out, cur)
			cur, used = nil, 0
		}
	}
	for _, p := range parts {
		n := size(p)
		if n > limit && (p.Kind == Prose || p.Kind == Block) {
			flush()
			for _, piece := range splitPart(p, limit, size) {
				out = append(out, []Part{piece})
			}
			continue
		}
		if used+n > limit {
			flush()
		}
		cur = append(cur, p)
		used += n
	}
	flush()
	return out
}

// splitPart cuts one over-long text part into pieces that fit.
func splitPart(p Part, limit int, size func(Part) int) []Part {
	var out []Part
	piece := Part{Kind: p.Kind, Caption: p.Caption}
	var lines []string
	fits := func(ls []string) bool {
		q := piece
		q.Text = strings.Join(ls, "\n")
		return size(q) <= limit
	}
	for _, line := range strings.Split(p.Text, "\n") {
		for !fits([]string{line}) && len(line) > 1 {
			// a line too long on its own: cut it at the longest prefix that fits
			lo, hi := 1, len(line)
			for lo < hi {
				mid := (lo + hi + 1) / 2
				if fits([]string{line[:mid]}) {
					lo = mid
				} else {
					hi = mid - 1
				}
			}
			for lo > 1 && !utf8.RuneStart(line[lo]) {
				lo-- // never cut inside a character
			}
			if len(lines) > 0 {
				piece.Text = strings.Join(lines, "\n")
				out = append(out, piece)
				piece, lines = Part{Kind: p.Kind}, nil
			}
			piece.Text = line[:lo]
			out = append(out, piece)
			piece = Part{Kind: p.Kind}
			line = line[lo:]
		}
		if len(lines) > 0 && !fits(append(lines[:len(lines):len(lines)], line)) {
			piece.Text = strings.Join(lines, "\n")
			out = append(out, piece)
			piece, lines = Part{Kind: p.Kind}, nil
		}
		lines = append(lines, line)
	}
	if len(lines) > 0 {
		piece.Text = strings.Join(lines, "\n")
		out = append(out, piece)
	}
	return out
}
