package bot

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Command is one command of a message.
type Command struct {
	Verb  string   // lower-case keyword, or "move" for a move
	Args  []string // the words after the verb (for a move: empty)
	Text  string   // the command as written (for a move: the move text without the guard)
	Guard int      // for a move: the "#N" turn-number guard, 0 if none
	Board string   // for "rs": the board lines that followed, if any
	// Err is why the command cannot be read (a malformed "#N" guard); it
	// is refused in its turn, after the commands before it have run.
	Err string
}

// keywords are the command verbs; any other first word is read as a move.
var keywords = map[string]bool{
	"new": true, "accept": true, "decline": true, "cancel": true,
	"rs": true, "im": true, "undo": true, "draw": true, "resign": true,
	"board": true, "history": true, "tps": true, "link": true,
	"games": true, "game": true, "notation": true, "help": true,
	"vacation": true, "revert": true, "adopt": true, "restart": true,
	"takeback": true,
}

// MaxMessageBytes bounds the text the parser reads.
const MaxMessageBytes = 64 << 10

// MaxCommands bounds the commands of one message, so that a message such as
// "board;" ten thousand times does not become a reply of megabytes.
const MaxCommands = 50

// ParseError is a message that could not be split into commands.
type ParseError struct{ Msg string }

// Error returns the message.
func (e *ParseError) Error() string { return e.Msg }

// ParseCommands splits a message into commands: one per line, or several on
// a line separated by ';'. Blank lines, lines starting with '>' (quoted
// mail) and the "On ... wrote:" line above a quote are skipped; a line "--"
// (a mail signature follows) ends the commands. An "rs" line swallows the
// board rows that follow it. Verbs are case-insensitive.
func ParseCommands(text string) ([]Command, error) {
	if len(text) > MaxMessageBytes {
		return nil, &ParseError{fmt.Sprintf("the message is %d bytes long; the bot reads at most %d", len(text), MaxMessageBytes)}
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.Split(text, "\n")
	var out []Command
	for i := 0; i < len(lines); i++ {
		if strings.TrimRight(lines[i], " \t") == "--" {
			break // a mail signature follows (RFC 3676 "-- ")
		}
		line := strings.TrimSpace(lines[i])
		if line == "" || strings.HasPrefix(line, ">") || isQuoteHeader(line, lines[i+1:]) {
			continue
		}
		parts := strings.Split(line, ";")
		for j, part := range parts {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			c := parseOne(part)
			if c.Verb == "rs" && len(c.Args) == 0 && j == len(parts)-1 {
				var board []string
				for i+1 < len(lines) && isBoardRow(lines[i+1]) {
					i++
					board = append(board, strings.TrimSpace(lines[i]))
				}
				c.Board = strings.Join(board, "\n")
			}
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, &ParseError{"the message has no command; send \"help\" to see what you can do"}
	}
	if len(out) > MaxCommands {
		return nil, &ParseError{fmt.Sprintf("the message has %d commands; the bot runs at most %d from one message, so none was run", len(out), MaxCommands)}
	}
	return out, nil
}

func parseOne(s string) Command {
	words := strings.Fields(s)
	verb := strings.ToLower(words[0])
	if t := strings.TrimRight(verb, ".,!?:"); !keywords[verb] && keywords[t] {
		verb = t // "resign.", "accept!", "draw?"
	}
	if keywords[verb] {
		return Command{Verb: verb, Args: words[1:], Text: s}
	}
	c := Command{Verb: "move", Text: s}
	if i := strings.LastIndexByte(s, '#'); i >= 0 {
		g := strings.TrimSpace(s[i+1:])
		n, err := strconv.Atoi(g)
		if err != nil || n < 1 || n > 100000 {
			c.Err = "after '#' put the turn number of your move (turns count 1, 2, 3, … from the first move of the game: send \"help\" to see the game's next turn), e.g. \"ps b4 #7\""
			return c
		}
		c.Guard = n
		if t := strings.TrimSpace(s[:i]); t != "" {
			c.Text = t
		} else {
			c.Err = "a turn number guard needs a move before it, e.g. \"ps b4 #7\""
		}
	}
	return c
}

// isQuoteHeader reports whether line is a mail client's "On DATE, NAME
// wrote:" line: it ends in "wrote:" and the next non-blank line is quoted.
func isQuoteHeader(line string, rest []string) bool {
	if !strings.HasSuffix(line, "wrote:") || keywords[strings.ToLower(strings.Fields(line)[0])] {
		return false
	}
	for _, l := range rest {
		if l = strings.TrimSpace(l); l != "" {
			return strings.HasPrefix(l, ">")
		}
	}
	return false
}

// isBoardRow reports whether a line looks like a row of a sync board:
// three to eight words, each 0 or made only of letters (s, w, c in either
// case on a good board; other letters are swallowed too, so that a
// mistyped board is reported as such rather than read as commands), the
// first of them not a command.
func isBoardRow(line string) bool {
	f := strings.Fields(line)
	if len(f) < 3 || len(f) > 8 || keywords[strings.ToLower(f[0])] {
		return false
	}
	for _, w := range f {
		if w == "0" {
			continue
		}
		for _, r := range w {
			if !unicode.IsLetter(r) {
				return false
			}
		}
	}
	return true
}

// notAWord refuses a would-be move whose first word is a word of three or
// more letters, perhaps followed by punctuation ("Thanks!"): no move in either notation starts so ("ps", "mn", "c3",
// "Sc3", "3c3>12"), so it is a mistyped or unknown command. It suggests the
// command meant when the word is close to one.
func notAWord(text string) error {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil
	}
	w := strings.TrimRight(f[0], ".,!?:")
	n := 0
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return nil
		}
		n++
	}
	if n < 3 {
		return nil
	}
	lw := strings.ToLower(w)
	best, bestD := "", 3
	for _, k := range verbList {
		d := editDistance(lw, k)
		if d < bestD || (d == bestD && k < best) {
			best, bestD = k, d
		}
	}
	if best != "" && (bestD <= 1 || (bestD == 2 && len(lw) >= 6 && len(best) >= 6)) {
		return refuse("%q is not a command; did you mean %q? Send \"help\" for the commands", w, best)
	}
	return refuse("%q is neither a command nor a move; send \"help\" for the commands, or write a move like \"ps b4\" (Tak by Mail) or \"c3\" (PTN)", w)
}

// verbList is the keywords in a fixed order.
var verbList = func() []string {
	var ks []string
	for k := range keywords {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}()

// editDistance is the optimal string alignment distance between a and b
// (Levenshtein with transpositions of adjacent letters), in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			d[i][j] = min(d[i-1][j-1]+c, d[i-1][j]+1, d[i][j-1]+1)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
