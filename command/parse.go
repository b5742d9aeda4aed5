package command

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxMessageBytes bounds the text the parser reads.
const MaxMessageBytes = 64 << 10

// MaxCommands bounds the commands of one message, so that a message such as
// "board;" ten thousand times does not become a reply of megabytes.
const MaxCommands = 50

// QuoteRunes is how much of a player's text a reply quotes (see
// [Excerpt]).
const QuoteRunes = 40

// Command is one command read from a message.
type Command struct {
	Name  string   // the command's keyword in the table (a move is "move")
	Args  []string // the words after the keyword (a move: none)
	Text  string   // the command as written (a move: the move without its "#N" guard)
	Line  int      // the message line it was read from, from 1
	Guard int      // a move's "#N" turn guard, 0 if none
	Board string   // rs: the board rows that followed it
	// Err says why the command cannot be read (a mistyped keyword, a
	// malformed guard); it is refused in its turn, after the commands
	// before it have run.
	Err error

	spec *CommandSpec
}

// Class says what the command can change: its spec's class, or its
// BareClass when written without arguments ("rs" alone only shows). A
// command that cannot be read as any command ("resing") is read-only: it
// is refused and changes nothing. A command whose spec has no valid class
// counts as changing a game, so that a mistake in the table holds a
// command back rather than letting it through.
func (c Command) Class() Class {
	switch {
	case c.spec == nil:
		return ClassReadOnly
	case c.spec.BareClass.Valid() && len(c.Args) == 0 && c.Board == "":
		return c.spec.BareClass
	case !c.spec.Class.Valid():
		return ClassGame
	}
	return c.spec.Class
}

// ProseLine is a line of a message that was not read as a command.
type ProseLine struct {
	Line int
	Text string
	// Move is a word of the line that reads as a move, when there is one:
	// a move must start its line, so the player is told.
	Move string
}

// Parsed is a message read into commands.
type Parsed struct {
	Commands []Command
	Prose    []ProseLine
}

// Changes reports whether any command of the message is not read-only: it
// changes a game, the sender's settings, or reaches another player (a
// challenge). A transport that cannot vouch for the sender must hold such
// a message until the sender confirms it. A move that cannot be read
// counts as changing, as the move it was meant to be.
func (p Parsed) Changes() bool {
	for _, c := range p.Commands {
		if c.Class() != ClassReadOnly || (c.Err != nil && c.Name == cmdMove) {
			return true
		}
	}
	return false
}

// ParseError is a message that cannot be read at all (too long, too many
// commands); the sender is told why.
type ParseError struct{ Msg string }

// Error returns the message.
func (e *ParseError) Error() string { return e.Msg }

// unreadable is why a command cannot be read.
type unreadable struct{ msg string }

func (e *unreadable) Error() string { return e.msg }

// ParseMessage reads a message into commands: one per line, or several on a
// line separated by ';'. A line is a command when its first word is a
// command keyword (in any case, perhaps followed by punctuation: "Resign.")
// or when it starts with a move or declares one ("My move: ps d4."); a
// keyword that the rest of the line does not fit as arguments, in a line
// that reads as a sentence ("Games like this are fun"), is prose, and so
// is a part after prose on a line split by ';' ("6x6 is fun; 7x7
// next time?") unless it reads cleanly as one. Punctuation after a move is dropped ("PS D4."). Lines that
// are neither are prose and are
// skipped, like blank lines, quoted lines ("> …"), the "On …, NAME wrote:"
// line above a quote, and a trailing " -- comment" on a line. A line "--"
// (a mail signature follows) ends the commands. "rs" at the end of a line
// takes the board rows below it.
func ParseMessage(text string) (Parsed, error) {
	var p Parsed
	if len(text) > MaxMessageBytes {
		return p, &ParseError{fmt.Sprintf("the message is %d bytes long; the referee reads at most %d", len(text), MaxMessageBytes)}
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		raw := lines[i]
		if strings.TrimRight(raw, " \t") == "--" {
			break // a mail signature follows (RFC 3676 "-- ")
		}
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, ">") || isQuoteHeader(line, lines[i+1:]) {
			continue
		}
		if j := strings.Index(line, " -- "); j >= 0 {
			line = strings.TrimSpace(line[:j]) // "ps d4 -- sent from my phone"
		}
		parts := strings.Split(line, ";")
		var prose []string
		for j, part := range parts {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			c, ok := readCommand(part)
			if ok && len(prose) > 0 && !plainCommand(c) {
				// After prose, a ';' is inside a sentence ("6x6 is fun;
				// 7x7 next time?"): only a command that reads cleanly as
				// one ("Hi; board") is taken from it.
				ok = false
			}
			if !ok {
				prose = append(prose, part)
				continue
			}
			c.Line = i + 1
			if c.Name == cmdRS && len(c.Args) == 0 && j == len(parts)-1 {
				var rows []string
				i, rows = takeBoardRows(lines, i)
				c.Board = strings.Join(rows, "\n")
			}
			p.Commands = append(p.Commands, c)
		}
		if len(prose) > 0 {
			pl := ProseLine{Line: i + 1, Text: strings.Join(prose, "; ")}
			pl.Move = proseMove(prose[len(prose)-1])
			p.Prose = append(p.Prose, pl)
		}
	}
	if len(p.Commands) > MaxCommands {
		return Parsed{}, &ParseError{fmt.Sprintf("the message has %d commands; the referee runs at most %d from one message, so none was run", len(p.Commands), MaxCommands)}
	}
	return p, nil
}

// readCommand reads one part of a line; false means it is prose.
func readCommand(part string) (Command, bool) {
	words := strings.Fields(part)
	first := strings.ToLower(words[0])
	bare := strings.TrimRight(first, ".,!?:")
	spec, isKeyword := keywordIndex[first]
	if !isKeyword {
		spec, isKeyword = keywordIndex[bare]
	}
	if mv, ok := declaredMove(words); ok {
		return readMove(mv, keywordIndex[cmdMove]), true // "My move: ps d4."
	}
	switch {
	case isKeyword && spec.Name == cmdMove:
		rest := strings.TrimSpace(part[len(words[0]):])
		if rest == "" {
			return Command{Name: cmdMove, Text: part, spec: spec, Err: &unreadable{"say which move, e.g. \"move ps b4\" or just \"ps b4\""}}, true
		}
		if !looksLikeMove(strings.Fields(rest)[0]) && !looksLikeMailMove(rest) && sentenceLike(words) {
			return Command{}, false // "Move on, nothing to see"
		}
		return readMove(rest, spec), true
	case isKeyword:
		args := dropCourtesy(words[1:])
		if !argsFit(spec, args) && sentenceLike(words) {
			return Command{}, false
		}
		return Command{Name: spec.Name, Args: args, Text: part, spec: spec}, true
	case looksLikeMailMove(part):
		return readMove(part, keywordIndex[cmdMove]), true
	case looksLikeMove(words[0]) || looksLikeMove(trimCommandEnd(words[0])):
		if squareThenSentence(words) {
			return Command{}, false // "c3 was clever, wasn't it"
		}
		return readMove(part, keywordIndex[cmdMove]), true
	case isBoardRow(part):
		return Command{Name: cmdRS, Text: part, spec: keywordIndex[cmdRS],
			Err: &unreadable{"this line looks like a row of a sync board: put \"rs\" on the line above your board"}}, true
	}
	// A near miss of a keyword is a mistyped command in a short line; a
	// three-letter one only alone ("nwe"), since "Und du?" is prose.
	if best, ok := nearKeyword(bare); ok && (len(words) == 1 || len(words) <= 3 && utf8.RuneCountInString(bare) >= 4) {
		return Command{Name: best, Text: part, Err: &unreadable{fmt.Sprintf("%q is not a command; did you mean %q? Send \"help\" for the commands", strings.TrimRight(words[0], ".,!?:"), best)}}, true
	}
	return Command{}, false
}

// readMove reads a move with its optional "#N" guard.
// Punctuation and thanks after the move ("PS D4.", "ps d4 !", "c3,
// thanks") are not part of it.
func readMove(s string, spec *CommandSpec) Command {
	if words := strings.Fields(s); len(words) > 1 {
		n := len(words)
		for n > 1 && courtesy[strings.ToLower(strings.Trim(words[n-1], trailingPunct))] {
			n--
		}
		if n < len(words) {
			s = strings.Join(words[:n], " ")
		}
	}
	if t := trimCommandEnd(s); t != "" {
		s = t
	}
	c := Command{Name: cmdMove, Text: s, spec: spec}
	i := strings.LastIndexByte(s, '#')
	if i < 0 {
		return c
	}
	g := strings.TrimSpace(s[i+1:])
	n, err := strconv.Atoi(g)
	switch {
	case err != nil || n < 1 || n > 100000:
		c.Err = &unreadable{"after '#' put the turn number of your move (turns count 1, 2, 3, … from the first move of the game; the referee's last reply names the turn to play), e.g. \"ps b4 #7\""}
	case strings.TrimSpace(s[:i]) == "":
		c.Err = &unreadable{"a turn number guard needs a move before it, e.g. \"ps b4 #7\""}
	default:
		c.Guard, c.Text = n, strings.TrimSpace(s[:i])
	}
	return c
}

// courtesy words after a command that takes no arguments ("draw please").
var courtesy = map[string]bool{"please": true, "pls": true, "plz": true, "thanks": true, "thx": true, "ty": true, "thank": true, "you": true}

func dropCourtesy(args []string) []string {
	n := len(args)
	for n > 0 && courtesy[strings.ToLower(strings.Trim(args[n-1], ".,!?:"))] {
		n--
	}
	if n == 0 {
		return nil
	}
	return args
}

// argsFit reports whether the words after a keyword have the shape of its
// arguments (their values are checked when the command runs).
func argsFit(spec *CommandSpec, args []string) bool {
	if len(spec.Params) == 0 {
		return len(args) == 0
	}
	switch spec.Name {
	case cmdGame:
		return len(args) == 1 && gameIDLike(args[0])
	case "revert":
		return len(args) == 0 || len(args) == 1 && isNumberLike(args[0])
	case "vacation":
		return len(args) >= 1 && len(args) <= 2 && isNumberLike(args[0])
	case "notation":
		return len(args) == 1
	case "settings": // "set theme light", or alone: "Set up a game?" is prose
		return len(args) == 0 || len(args) >= 2 && ValidSetting(strings.ToLower(strings.TrimRight(args[0], ".,!?:")))
	}
	return true // free text: new, im, rs
}

// sentenceLike reports whether a line starting with a keyword reads as a
// sentence rather than a mistyped command: at least three more words, or
// a keyword ending in '!' or '?' followed by more words.
func sentenceLike(words []string) bool {
	if len(words) >= 4 {
		return true
	}
	return len(words) >= 2 && strings.ContainsAny(words[0][len(words[0])-1:], "!?")
}

func gameIDLike(s string) bool {
	s = strings.TrimPrefix(strings.ToLower(strings.TrimRight(s, ".,!?:")), "g")
	_, err := strconv.Atoi(s)
	return err == nil
}

func isNumberLike(s string) bool {
	s = strings.TrimPrefix(s, "#")
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// looksLikeMailMove reports whether a text starts like a Tak by Mail move:
// a verb (ps, pw, pc, mn, ms, me, mw) then a word shaped like a square
// ("b4", also off the board: "d9" is then refused with its reason).
func looksLikeMailMove(s string) bool {
	f := strings.Fields(strings.ToLower(s))
	if len(f) < 2 || len(f[0]) != 2 {
		return false
	}
	switch f[0] {
	case "ps", "pw", "pc", "mn", "ms", "me", "mw":
	default:
		return false
	}
	return SquareLike(strings.TrimRight(f[1], ".,!"))
}

// SquareLike reports whether a word has the shape of a square: a letter
// and one or two digits ("b4", also off the board: "d9").
func SquareLike(w string) bool {
	if len(w) < 2 || len(w) > 3 || !isASCIILetter(w[0]) {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// looksLikeMove reports whether a word has the shape of a PTN move: an
// optional count, an optional piece letter, a square, then optionally a
// direction, drops and marks ("c3", "Sc3", "3b4-21", "a1+", "4a4→112",
// "Cd5'", "c3*"). It decides whether a line is an attempted move; whether
// the move is valid is for the move parser.
func looksLikeMove(w string) bool {
	if isSizeLike(w) {
		return false // "6x6"
	}
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i < len(w) && strings.IndexByte("FSCfsc", w[i]) >= 0 && i+1 < len(w) && isASCIILetter(w[i+1]) {
		i++
	}
	if i >= len(w) || !isASCIILetter(w[i]) {
		return false
	}
	i++
	digits := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
		digits++
	}
	if digits == 0 || digits > 2 {
		return false
	}
	rest := w[i:]
	for _, arrow := range []string{"→", "←", "↑", "↓"} {
		rest = strings.Replace(rest, arrow, ">", 1)
	}
	if rest != "" && strings.IndexByte("<>+-", rest[0]) >= 0 {
		rest = rest[1:]
		for rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			rest = rest[1:]
		}
	}
	return strings.Trim(rest, "*'\"!?") == ""
}

// isBoardRow reports whether a line has the shape of a sync board row: one
// to eight words, each 0 or made of the letters s, w and c in either case.
// One word needs a 0 or several letters ("0", "sS"), so that a lone "s" or
// "c" is not taken for a row.
func isBoardRow(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 || len(f) > 8 {
		return false
	}
	if len(f) == 1 && f[0] != "0" && len(f[0]) < 2 {
		return false
	}
	if len(f) <= 2 && keywordIndex[strings.ToLower(f[0])] != nil {
		return false
	}
	for _, w := range f {
		if w == "0" {
			continue
		}
		for _, r := range w {
			if !strings.ContainsRune("swcSWC", r) {
				return false
			}
		}
	}
	return true
}

// takeBoardRows takes the board rows below line i (blank lines between them
// are skipped) and returns the index of the last line taken. Below "rs" a
// row may hold other letters too ("Sx 0 0"), so that a mistyped board is
// reported as such rather than read as commands.
func takeBoardRows(lines []string, i int) (int, []string) {
	var rows []string
	for j := i + 1; j < len(lines); j++ {
		t := strings.TrimSpace(lines[j])
		if t == "" {
			continue
		}
		if !isBoardRow(t) && !isMistypedBoardRow(t) {
			break
		}
		rows = append(rows, t)
		i = j
	}
	return i, rows
}

// isMistypedBoardRow reports whether a line below "rs" is a board row with
// a wrong letter: one to eight words of letters or 0, at least one of them 0.
func isMistypedBoardRow(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 || len(f) > 8 {
		return false
	}
	zero := false
	for _, w := range f {
		if w == "0" {
			zero = true
			continue
		}
		for _, r := range w {
			if !unicode.IsLetter(r) {
				return false
			}
		}
	}
	return zero
}

// isQuoteHeader reports whether line is a mail client's "On DATE, NAME
// wrote:" line: it ends in "wrote:" and the next non-blank line is quoted.
func isQuoteHeader(line string, rest []string) bool {
	if !strings.HasSuffix(line, "wrote:") || keywordIndex[strings.ToLower(strings.Fields(line)[0])] != nil {
		return false
	}
	for _, l := range rest {
		if l = strings.TrimSpace(l); l != "" {
			return strings.HasPrefix(l, ">")
		}
	}
	return false
}

// Excerpt shortens a player's text for quoting in a reply: at most n
// runes, on one line, with "…" where it was cut.
func Excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
