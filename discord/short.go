package discord

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Short posts. A post in a game's thread (or a game's direct messages)
// that carries the board picture says no more than the picture does not:
// the rule, applied by renderReply when renderOptions.Short is set and the
// picture is attached, is that the parts which draw the position again in
// text are detail, folded behind a Board button (a private "board", which
// shows them all) and left out of the post:
//
//   - every block (the sync board with its caption, the text board);
//   - the boards' legend;
//   - the line after a block (or its legend) that belongs to it: the
//     reserves and flats line of a position, "After the move (the
//     position now):" of a ruling.
//
// A move post (its first picture a move's, without caption) is one line more
// compact still: the reply's move line and, while the game runs, its turn
// line (both as the gist notes them) give way to a summary in reader-neutral words (both players named,
// the move as the reader writes it, the other notation after it) with the deadline as a Discord timestamp, which every
// reader's client shows in their own time zone. The move and the line
// that tells it come from the reply's gist (record.Gist), never from its
// sentences; a reply without one (stored before gists) keeps its move
// line and the summary names the move in PTN, from the picture:
//
//	Bob (black) played c3 (mail ps c2) · Alice to move · due <t:1795690800:R>
//
// What the referee writes is unchanged: mail, the console and Discord's
// private answers get every part.

// boardButton is the label of the button that shows the folded detail.
const boardButton = "Board"

// shortened is a reply's parts for a short post, and the summary line
// (Discord Markdown, "" when it is not a move post) that goes first.
type shortened struct {
	Parts  []record.Part
	Lead   string
	Folded bool // some detail was left out
}

// shorten applies the rule to parts whose picture is attached; gist is
// the reply's (nil for none). deadline returns the game's deadline when
// the game still stands at the picture's ply.
func shorten(parts []record.Part, gist *record.Gist, deadline func(ply int) time.Time) shortened {
	var s shortened
	var images []*record.Picture
	for _, p := range parts {
		if p.Kind == record.Image && p.Picture != nil {
			images = append(images, p.Picture)
		}
	}
	if len(images) == 0 {
		return shortened{Parts: parts}
	}
	// A move post's first picture is the move's, uncaptioned (a ruling's
	// first is the position before, captioned; a finished game's review
	// pictures come after).
	move := images[0].Caption == "" && images[0].Last != ""
	var pos *tak.Position
	if move {
		var err error
		if pos, err = notation.ParseTPS(images[0].TPS, images[0].Config); err != nil {
			move = false
		}
	}
	// The move as the reader writes it, and the line that tells it, when
	// the gist's move is the picture's.
	played, line := images[0].Last, ""
	if m := gistMove(gist); move && m != nil && m.PTN == images[0].Last {
		played, line = moveNames(m), m.Line
	}
	f := folding{moving: move && images[0].Result == nil, line: line}
	if gist != nil && gist.Turn != nil {
		f.turn = gist.Turn.Line
	}
	f.unnamed = f.turn == ""
	for _, p := range parts {
		switch {
		case p.Kind == record.Image:
			f.seenImage = true
			s.Parts = append(s.Parts, p)
		case p.Kind == record.Block:
			f.afterBlock, s.Folded = true, true
		case p.Kind == record.Prose && p.Text == render.TextLegend:
			s.Folded = true
		case p.Kind != record.Prose:
			s.Parts = append(s.Parts, p)
			f.afterBlock = false
		default:
			f.prose(p, &s)
		}
	}
	if move {
		s.Lead = summary(images[0], pos, played, deadline)
	}
	return s
}

// folding is what shorten knows as it walks a reply's parts.
type folding struct {
	moving     bool   // a move post of a game that goes on
	line, turn string // the lines that tell the move and whose turn it is, from the gist ("" once left out, or unknown)
	unnamed    bool   // the gist names no turn line (a reply stored before it did)
	seenImage  bool   // the first picture is behind
	afterBlock bool   // the next prose's first line belongs to a block
}

// prose adds prose part p to s without the lines the post says otherwise:
// the line after a block, the turn line of a move post after the picture
// (the summary says it), the move's line before it.
func (f *folding) prose(p record.Part, s *shortened) {
	lines := strings.Split(p.Text, "\n")
	if f.afterBlock {
		lines, s.Folded = lines[1:], true
		if f.moving && f.seenImage && f.unnamed && len(lines) > 0 {
			lines = lines[1:] // a reply stored before gists kept the turn line: it is the next
		}
		f.afterBlock = false
	}
	if f.moving && f.seenImage {
		lines = without(lines, &f.turn)
	}
	if !f.seenImage {
		lines = without(lines, &f.line)
	}
	if len(lines) > 0 {
		p.Text = strings.Join(lines, "\n")
		s.Parts = append(s.Parts, p)
	}
}

// without leaves out the first of lines equal to *line, which it then
// empties so no other goes; an empty *line leaves out nothing.
func without(lines []string, line *string) []string {
	if *line == "" {
		return lines
	}
	if i := slices.Index(lines, *line); i >= 0 {
		lines, *line = slices.Delete(lines, i, i+1), ""
	}
	return lines
}

// gistMove is the move a reply's gist tells, or nil.
func gistMove(g *record.Gist) *record.GistMove {
	if g == nil {
		return nil
	}
	return g.Move
}

// moveNames writes a gist's move as the reader reads it, the other
// notation after it: "ps c2 (PTN c3)", "c3 (mail ps c2)".
func moveNames(m *record.GistMove) string {
	o := notation.PTN
	if m.InMail {
		o = notation.Mail
	}
	return words.MoveNames{Mail: m.Mail, PTN: m.PTN}.Names(o)
}

// summary is a move post's line: who played what, whose turn, and the
// deadline as a Discord timestamp.
func summary(p *record.Picture, pos *tak.Position, played string, deadline func(ply int) time.Time) string {
	toMove := pos.ToMove()
	mover := toMove.Opponent()
	name := func(c tak.Color) string { return escapeMarkdown(p.Players[c]) + " (" + c.String() + ")" }
	line := fmt.Sprintf("%s played %s", name(mover), escapeMarkdown(played))
	if p.Result != nil {
		return line
	}
	line += " · " + escapeMarkdown(p.Players[toMove]) + " to move"
	if deadline != nil {
		if d := deadline(pos.Ply()); !d.IsZero() {
			line += fmt.Sprintf(" · due <t:%d:R>", d.Unix())
		}
	}
	return line
}

// deadlineOf returns, for a short post, the game's deadline at a ply: the
// stored game's while it still stands there (a late post of an older move
// shows none).
func (t *Transport) deadlineOf(ctx context.Context, game string) func(ply int) time.Time {
	g, err := t.ref.Game(ctx, game)
	if err != nil || g.Status != record.Active || g.Deadline.IsZero() {
		return nil
	}
	start := 0
	if g.Start != "" {
		pos, err := notation.ParseTPS(g.Start, g.Config)
		if err != nil {
			return nil
		}
		start = pos.Ply()
	}
	return func(ply int) time.Time {
		if start+len(g.Moves) != ply {
			return time.Time{}
		}
		return g.Deadline
	}
}
