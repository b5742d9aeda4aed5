package words

import (
	"fmt"
	"strings"
)

// What the referee says of a message's lines that are not commands, and
// of the commands a refusal left unrun.

// SkippedLine is a line of a message read as prose, its text shortened.
type SkippedLine struct {
	Line int
	Text string
}

// skipped names skipped lines: 'line 1 ("Thanks for the game!")', three
// at most and how many more.
func skipped(ps []SkippedLine) string {
	var names []string
	for i, pl := range ps {
		if i == 3 {
			names = append(names, fmt.Sprintf("%d more", len(ps)-3))
			break
		}
		names = append(names, fmt.Sprintf("line %d (%q)", pl.Line, pl.Text))
	}
	return listAnd(names)
}

// NoCommand answers a message without a command: the lines skipped, and
// a move found in one of them (Move, "" for none).
type NoCommand struct {
	Skipped []SkippedLine
	Move    string
}

// Words answers.
func (o NoCommand) Words(Reader) string {
	if len(o.Skipped) == 0 {
		return "Your message has no command in it. Send \"help\" to see what you can do."
	}
	lines := []string{fmt.Sprintf("Your message has no command in it: the referee reads a line as a command when it starts with a command (\"accept\", \"board\") or a move (\"ps b4\", \"c3\"), and skipped %s.", skipped(o.Skipped))}
	if o.Move != "" {
		lines = append(lines, fmt.Sprintf("If %q is your move, send it on a line of its own.", o.Move))
	}
	return strings.Join(append(lines, "Send \"help\" to see what you can do."), "\n")
}

// ProseNoted tells the sender which lines were read as commands (Read,
// quoted) and which skipped as prose, so a move buried in a sentence is
// not lost in silence.
type ProseNoted struct {
	Read    []string
	Skipped []SkippedLine
	Move    string // a move found in a skipped line, "" for none
}

// Words tells the sender.
func (o ProseNoted) Words(Reader) string {
	s := fmt.Sprintf("Read as commands: %s; skipped as prose: %s.", listAnd(o.Read), skipped(o.Skipped))
	if o.Move != "" {
		s += fmt.Sprintf("\nIf %q is a move, send it on a line of its own.", o.Move)
	}
	return s
}

// NotRun names the commands a refusal or question left unrun (quoted).
type NotRun struct{ Commands []string }

// Words names them.
func (o NotRun) Words(Reader) string {
	return "Not run, since the command before stopped: " + listAnd(o.Commands) + "."
}
