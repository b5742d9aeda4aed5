package command

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ExcerptRunes bounds the excerpt of a player's own words that InWords
// gives (of a chat message).
const ExcerptRunes = 24

// InWords says what the command would do, in the referee's own words, for
// a request to confirm it (game is the game the message addressed, "" if
// none): "a move in game g3: c3", "a chat message to your opponent in game
// g3, beginning “good luck”", "a challenge to bob". It never repeats a
// link, an address or more of the sender's words than a short excerpt
// cleaned of both: the message may be forged, and the request goes to
// someone who did not write it.
func (c Command) InWords(game string) string {
	in := ""
	if game != "" {
		in = " in game " + game
	}
	switch {
	case c.Err != nil && c.Name == cmdMove:
		return "a move" + in + " that the referee cannot read"
	case c.Err != nil || c.spec == nil:
		return "a line the referee cannot read as a command"
	}
	if w, ok := fixedInWords[c.Name]; ok {
		return strings.ReplaceAll(w, "{in}", in)
	}
	if w := c.argsInWords(in); w != "" {
		return w
	}
	return "the question \"" + c.spec.Name + "\", answered to you"
}

// fixedInWords are the words of the commands whose words do not depend on
// their arguments; "{in}" stands for " in game ID" (or nothing).
var fixedInWords = map[string]string{
	"rematch":  "a new challenge to your last opponent{in} (a rematch)",
	"accept":   "accepting a challenge or a proposal{in}",
	"decline":  "declining a challenge or a proposal{in}",
	"cancel":   "withdrawing your challenge or proposal{in}",
	"revert":   "a proposal to your opponent to go back to an earlier position{in}",
	"adopt":    "a proposal to your opponent to make your sync board the position{in}",
	"restart":  "a proposal to your opponent to start the game again{in}",
	"im":       "a dispute of your opponent's last move{in}",
	"takeback": "asking your opponent to take back the disputed move{in}",
	"undo":     "asking your opponent to let you take back your last move{in}",
	"draw":     "a draw offer{in}",
	"abort":    "aborting the game{in} with no result",
	"resign":   "resigning the game{in}",
	"watch":    "following the moves of another game",
	"unwatch":  "no longer following a game",
}

// argsInWords says what a command whose words depend on its arguments
// would do; "" when it only shows something ("rs" alone, "plan" alone,
// "settings" alone) or is none of them.
func (c Command) argsInWords(in string) string {
	arg := func(i int) string {
		if i < len(c.Args) {
			return c.Args[i]
		}
		return ""
	}
	switch c.Name {
	case cmdMove:
		return c.moveInWords(in)
	case "new":
		return "a challenge to " + opponentInWords(arg(0))
	case cmdRS:
		if c.Board != "" || len(c.Args) > 0 {
			return "your sync board, to be compared with the game's and shown to your opponent" + in
		}
	case "say":
		return c.sayInWords(in)
	case "plan":
		if len(c.Args) == 1 && strings.EqualFold(c.Args[0], "clear") {
			return "clearing your planned moves" + in
		}
		if len(c.Args) > 0 {
			return "planned answers to your opponent's moves" + in
		}
	case cmdGame:
		if id := strings.ToLower(arg(0)); len(id) <= 12 && !LinkLike(id) && strings.Trim(strings.TrimPrefix(id, "g"), "0123456789") == "" {
			return "sending your commands to game " + id
		}
		return "sending your commands to another game"
	case "notation":
		if n := strings.ToLower(arg(0)); n == "mail" || n == "ptn" {
			return "answering you in the notation " + n
		}
		return "changing your notation"
	case "vacation":
		if d, err := strconv.Atoi(arg(0)); err == nil && d > 0 && d <= 60 {
			return fmt.Sprintf("a vacation: your clocks stop for %d days", d)
		}
		return "a vacation: your clocks stop"
	case "settings":
		for _, n := range settingNames {
			if strings.EqualFold(arg(0), n) {
				return "changing your setting " + n
			}
		}
		if len(c.Args) > 0 {
			return "changing your settings"
		}
	case "pair":
		return c.pairInWords()
	}
	return ""
}

// moveInWords is a move in words: as written when it is letters, digits
// and a few signs ("ps b4", "3c3>12'"), as a move read as one is.
func (c Command) moveInWords(in string) string {
	mv := strings.Join(strings.Fields(c.Text), " ")
	if utf8.RuneCountInString(mv) <= 20 && !LinkLike(strings.NewReplacer("<", " ", ">", " ").Replace(mv)) && strings.Trim(strings.ToLower(mv), "abcdefghijklmnopqrstuvwxyz0123456789 <>+-'!?*") == "" {
		return "a move" + in + ": " + mv
	}
	return "a move" + in
}

// sayInWords is a chat message in words: a short excerpt of its start,
// cleaned of links and addresses.
func (c Command) sayInWords(in string) string {
	text := strings.TrimSpace(c.Text)
	if f := strings.Fields(text); len(f) > 0 {
		text = strings.TrimSpace(text[len(f[0]):])
	}
	if ex := cleanExcerpt(text, ExcerptRunes); ex != "" {
		return fmt.Sprintf("a chat message to your opponent%s, beginning “%s”", in, ex)
	}
	return "a chat message to your opponent" + in
}

// pairInWords says which of "pair", "pair CODE" and "unpair" it is,
// without repeating the code.
func (c Command) pairInWords() string {
	word := ""
	if f := strings.Fields(c.Text); len(f) > 0 {
		word = strings.ToLower(f[0])
	}
	switch {
	case word == "unpair" || len(c.Args) == 1 && strings.EqualFold(c.Args[0], "off"):
		return "separating your account from the one it is paired with, which would take back the games that came from it (never done from a confirmation)"
	case len(c.Args) == 0:
		return "a code to pair your account with another account, whose holder would then control your games (never done from a confirmation)"
	}
	return "pairing your account with the account that asked for the code, whose holder would then control your games (never done from a confirmation)"
}

// opponentInWords names a challenge's opponent without repeating an
// address: "bob", "anyone", "takbot", else the kind of account.
func opponentInWords(w string) string {
	lw := strings.ToLower(w)
	switch {
	case lw == "anyone":
		return "anyone who accepts it (an open challenge)"
	case lw == "takbot":
		return "takbot itself"
	case strings.HasPrefix(lw, "<@") || strings.HasPrefix(lw, "discord:"):
		return "a Discord user (not repeated here)"
	case strings.Contains(lw, "@"):
		return "an email address (not repeated here)"
	case w != "" && utf8.RuneCountInString(w) <= 20 && !LinkLike(w) && strings.Trim(lw, "abcdefghijklmnopqrstuvwxyz0123456789_-") == "":
		return w
	}
	return "another player"
}

// cleanExcerpt is at most n characters of a player's words, on one line,
// without control or format characters and without any word that looks
// like a link, an address or a domain; cut at a word, with "…" when cut.
func cleanExcerpt(text string, n int) string {
	var kept []string
	dropped := false
	for _, w := range strings.Fields(PlainText(text)) {
		if LinkLike(w) || strings.ContainsAny(w, "@/\\:<>[]()") || strings.Contains(strings.Trim(w, ".,!?;"), ".") {
			dropped = true
			continue
		}
		kept = append(kept, w)
	}
	out := ""
	for _, w := range kept {
		next := w
		if out != "" {
			next = out + " " + w
		}
		if utf8.RuneCountInString(next) > n {
			dropped = true
			break
		}
		out = next
	}
	if out != "" && dropped {
		out += "…"
	}
	return out
}
