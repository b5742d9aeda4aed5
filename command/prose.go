package command

import (
	"strings"
	"unicode"
)

// Prose that mentions moves. The referee never guesses a move out of a
// sentence: a square or a board size inside prose ("Nice, c3 was
// clever.", "6x6 is fun") is left alone. Only two things reach further:
// a line that declares its move ("My move: ps d4.") is read as that move,
// and a sentence that ends with a move ("Good luck! My move is c3") gets a
// hint quoting the exact command to send on a line of its own.

// trailingPunct is what may follow a command without changing it: a full
// stop, an exclamation mark ("ps d4 !", "PS D4.").
const trailingPunct = ".,;:!? \t"

// trimCommandEnd drops the punctuation a sentence puts after a command.
func trimCommandEnd(s string) string { return strings.TrimRight(s, trailingPunct) }

// isSizeLike reports whether a word names a board size ("6x6", "7X7?"):
// it has the shape of a count and a square on file x, but no move does.
func isSizeLike(w string) bool {
	w = strings.ToLower(strings.TrimRight(w, trailingPunct+"'\")"))
	i := strings.IndexAny(w, "x×")
	if i < 1 || i > 2 {
		return false
	}
	a, b := w[:i], strings.TrimPrefix(strings.TrimPrefix(w[i:], "x"), "×")
	return isNumberLike(a) && len(b) >= 1 && len(b) <= 2 && isNumberLike(b) && !strings.HasPrefix(b, "#")
}

// mailMoveShape reports whether the words are a Tak by Mail move and
// nothing else: a verb, a square, then only squares, drop counts and "t"
// ("ps d4", "ms b2 p3 2 1 t").
func mailMoveShape(words []string) bool {
	if len(words) < 2 || len(words) > 12 || !looksLikeMailMove(strings.Join(words[:2], " ")) {
		return false
	}
	for _, w := range words[2:] {
		lw := strings.ToLower(w)
		if !SquareLike(lw) && !isNumberLike(lw) && lw != "t" {
			return false
		}
	}
	return true
}

// exactMove reports whether s, without the punctuation that may follow it
// and its "#N" guard, is a move and nothing else: a Tak by Mail move or
// one PTN word, perhaps with " t".
func exactMove(s string) bool {
	s = trimCommandEnd(s)
	if i := strings.LastIndexByte(s, '#'); i >= 0 && isNumberLike(strings.TrimSpace(s[i+1:])) {
		s = strings.TrimSpace(s[:i])
	}
	words := strings.Fields(s)
	if mailMoveShape(words) {
		return true
	}
	if len(words) == 2 && strings.EqualFold(words[1], "t") {
		words = words[:1]
	}
	return len(words) == 1 && looksLikeMove(words[0])
}

// declaredMove reads a line that declares its move: "My move: ps d4.", "my
// move is c3", "My next move: 3b4-21!". It returns the move when the rest
// of the line is a move and nothing else; a longer sentence stays prose.
func declaredMove(words []string) (string, bool) {
	if len(words) < 3 || !strings.EqualFold(words[0], "my") {
		return "", false
	}
	i := 1
	if strings.EqualFold(words[i], "next") {
		i++
	}
	if i >= len(words) {
		return "", false
	}
	kw := strings.ToLower(words[i])
	switch {
	case kw == "move:":
		i++
	case kw == "move" && i+1 < len(words) && (strings.EqualFold(words[i+1], "is") || strings.EqualFold(words[i+1], "is:")):
		i += 2
	default:
		return "", false
	}
	if i >= len(words) {
		return "", false
	}
	rest := strings.Join(words[i:], " ")
	if !exactMove(rest) {
		return "", false
	}
	return rest, true
}

// plainCommand reports whether a command read from a part of a line is
// one without doubt: a move and nothing else, or a keyword whose words
// after it fit its arguments exactly (no free text).
func plainCommand(c Command) bool {
	switch {
	case c.Err != nil || c.spec == nil:
		return false
	case c.Name == cmdMove:
		return exactMove(c.Text)
	case len(c.Args) == 0:
		return true
	}
	switch c.Name {
	case cmdGame, "revert", "vacation", "notation":
		return argsFit(c.spec, c.Args)
	}
	return false
}

// squareThenSentence reports whether a line that starts with a PTN move
// goes on as a sentence ("c3 was clever, wasn't it"): two more words at
// least, the next one made of letters and not "t" (a Tak call), and not
// only thanks ("c3, thank you" is the move).
func squareThenSentence(words []string) bool {
	if len(words) < 3 || strings.EqualFold(words[1], "t") || courtesyOnly(words[1:]) {
		return false
	}
	for _, r := range words[1] {
		if !unicode.IsLetter(r) && r != '\'' {
			return false
		}
	}
	return true
}

// courtesyOnly reports whether words are thanks and nothing else ("thank
// you!").
func courtesyOnly(words []string) bool {
	for _, w := range words {
		if !courtesy[strings.ToLower(strings.Trim(w, trailingPunct))] {
			return false
		}
	}
	return true
}

// leadsToMove are the words after which a move at the end of a sentence
// is likely the player's move ("Now I play c3", "My move is c3").
var leadsToMove = map[string]bool{
	"play": true, "plays": true, "playing": true, "move": true, "moves": true, "is": true,
	"go": true, "place": true, "placing": true, "then": true, "with": true,
}

// proseMove returns the move a line of prose ends with, as the exact
// command the player would send, when the sentence leads to it: a Tak by
// Mail move ending the line ("I'll play ps d4." gives "ps d4") or a PTN
// move after a word such as "play" or "is" ("Now I play c3" gives "c3").
// A square or a size mentioned inside a sentence ("Nice, c3 was clever.",
// "I think 1. e5 is best", "Let's play 6x6") and a question ("c3?") give
// "".
func proseMove(text string) string {
	t := strings.TrimSpace(text)
	if strings.HasSuffix(t, "?") {
		return ""
	}
	words := strings.Fields(trimCommandEnd(t))
	for i := range words {
		// "me" is a word as well as a verb: "Tell me c3" is not a move.
		if mailMoveShape(words[i:]) && (i == 0 || !strings.EqualFold(words[i], "me") || leadsTo(words[i-1])) {
			return strings.Join(words[i:], " ")
		}
	}
	n := len(words)
	if n >= 3 && looksLikeMove(words[0]) && strings.Contains(strings.ToLower(t), "move") {
		return words[0] // "c3 is my move"
	}
	if n >= 2 && (strings.HasSuffix(words[0], ".") || strings.HasSuffix(words[0], "!")) {
		if w := trimCommandEnd(words[0]); looksLikeMove(w) {
			return w // "c3. Good game": a sentence of its own
		}
	}
	if n < 2 {
		return ""
	}
	last := strings.Trim(words[n-1], "\"()")
	if !looksLikeMove(last) || !leadsTo(words[n-2]) {
		return ""
	}
	return last
}

// leadsTo reports whether a word leads to the move after it ("play",
// "is", "Then:").
func leadsTo(w string) bool {
	w = strings.ToLower(strings.Trim(w, "\"(),"))
	return leadsToMove[strings.TrimSuffix(w, ":")] || strings.HasSuffix(w, ":")
}
