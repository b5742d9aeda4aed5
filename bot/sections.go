package bot

// Answers to several commands of one message that go to the same reply
// about no game ("seeks; stats; leaderboard") are separated and titled:
// each begins with a line `Answer to "stats":` (issue 26), its part
// marked with the command (record.Part.Title), which mail renders as a
// heading. Replies about a game ("ps a1; draw") are one story and stay as
// they are.

// answerTitlePrefix begins the line that titles one command's answer.
const answerTitlePrefix = "Answer to "

// answerTitle titles the answer to command c.
func answerTitle(c *Command) string { return answerTitlePrefix + quote(c) + ":" }

// titlePart is the part that titles the answer to command c.
func titlePart(c *Command) Part { return Part{Kind: Prose, Text: answerTitle(c), Title: quote(c)} }

// sections titles the answers of a message's commands in the sender's
// reply about no game.
type sections struct {
	s        *session
	p        Parsed
	first    int  // the first command that wrote to the reply, -1 before
	titled   bool // the first command's answer has its title
	pending  bool // a title was added before the command now running
	inserted bool // ...and the first command's title with it
}

func (s *session) sections(p Parsed) *sections { return &sections{s: s, p: p, first: -1} }

// noGameDraft is the sender's reply about no game, if begun.
func (x *sections) noGameDraft() *draft {
	for _, d := range x.s.drafts {
		if d.to == x.s.sender.Key && d.game == "" && d.stage == x.s.stage {
			return d
		}
	}
	return nil
}

// before runs before command i: when the reply already holds an answer,
// the next one starts under its own title (and the first gets one too).
func (x *sections) before(i int) {
	x.pending, x.inserted = false, false
	d := x.noGameDraft()
	if len(x.p.Commands) < 2 || d == nil || len(d.parts) == 0 || x.first < 0 {
		return
	}
	d.parts = append(d.parts, titlePart(&x.p.Commands[i]))
	x.pending = true
	if !x.titled {
		d.parts = append([]Part{titlePart(&x.p.Commands[x.first])}, d.parts...)
		x.titled, x.inserted = true, true
	}
}

// after runs after command i: a title nothing was written under goes.
func (x *sections) after(i int) {
	d := x.noGameDraft()
	if d == nil {
		return
	}
	if x.first < 0 && len(d.parts) > 0 {
		x.first = i
	}
	if !x.pending {
		return
	}
	if n := len(d.parts); d.parts[n-1].Kind == Prose && d.parts[n-1].Text == answerTitle(&x.p.Commands[i]) {
		d.parts = d.parts[:n-1]
		if x.inserted {
			d.parts = d.parts[1:]
			x.titled = false
		}
	}
}
