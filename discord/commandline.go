package discord

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/takbymail/takbot/bot"
)

// slashInput is a slash command as a player filled it in: the subcommand
// and its option values (strings, float64 numbers as JSON has them, and
// user ids for user options).
type slashInput struct {
	Sub    string
	Values map[string]any
	// Bots lists the users among the values that are bots.
	Bots map[string]bool
}

// refusal is a command the adapter refuses itself, before the referee:
// the player is told why, privately.
type refusal struct{ msg string }

func (e *refusal) Error() string { return e.msg }

func refuse(format string, args ...any) error { return &refusal{msg: fmt.Sprintf(format, args...)} }

// maxOptionText bounds the text of one option.
const maxOptionText = 1000

// commandLine writes a slash command as the line a player would write in
// a mail ("new discord:123 size=6", "move ps b4", "rs" with the board
// below), and the game its "game" option names ("" if none). The options
// come from the command table; free text loses its ';' and line breaks, so
// that an option can never smuggle in a second command.
func commandLine(in slashInput) (text, game string, err error) {
	spec, ok := bot.LookupCommand(tableName(in.Sub))
	if !ok || in.Sub == "new" {
		return "", "", refuse("/%s %s is not a command of this bot; try /%s help", rootCommand, in.Sub, rootCommand)
	}
	if g, ok := in.Values[gameOption].(string); ok && addressesGame(spec) {
		if game, ok = normalGameID(g); !ok {
			return "", "", refuse("%q is not a game id; a game id looks like g3 (/%s games lists yours)", excerpt(g, 30), rootCommand)
		}
	}
	words := []string{spec.Name}
	for _, p := range spec.Params {
		switch p.Kind {
		case bot.ParamPlayer:
			who, err := opponentOf(in)
			if err != nil {
				return "", "", err
			}
			words = append(words, who)
			continue
		case bot.ParamBoard:
			if b, ok := in.Values[p.Name].(string); ok && strings.TrimSpace(b) != "" {
				text = spec.Name + "\n" + boardRows(b)
				return text, game, oneCommand(text)
			}
			continue
		}
		v, present := in.Values[p.Name]
		if !present {
			if p.Required {
				return "", "", refuse("/%s %s needs its %s option", rootCommand, in.Sub, p.Name)
			}
			continue
		}
		s, err := optionText(p, v)
		if err != nil {
			return "", "", err
		}
		if s == "" {
			continue
		}
		if p.Option {
			s = p.Name + "=" + s
		}
		words = append(words, s)
	}
	text = strings.Join(words, " ")
	return text, game, oneCommand(text)
}

// oneCommand makes sure a command line reads as exactly one command: an
// option (a board whose line is no board row, "resign" say) never adds
// another.
func oneCommand(text string) error {
	p, err := bot.ParseMessage(text)
	if err != nil {
		return refuse("%s", err.Error())
	}
	if len(p.Commands) != 1 {
		if strings.HasPrefix(text, "rs\n") {
			return refuse("that board has a line that is not a board row; write one row per line, north row first, each stack top first, 0 for an empty square")
		}
		return refuse("the options read as %d commands; give one command at a time", len(p.Commands))
	}
	return nil
}

// opponentOf reads the opponent of a challenge: a Discord mention or
// user id (as the member picker writes it), else an email address, a
// player's name or transport:address, passed on for the referee to read.
func opponentOf(in slashInput) (string, error) {
	raw, _ := in.Values[opponentOption].(string)
	who := strings.Join(strings.Fields(raw), "")
	if id, ok := ParseAddress(who); ok {
		if in.Bots[id] {
			return "", refuse("%s is a bot; bots do not play Tak here", mention(id))
		}
		return Name + ":" + id, nil
	}
	switch {
	case who == "":
		return "", refuse("say whom to challenge in %q: @user, or an email address, a player's name or transport:address", opponentOption)
	case strings.ContainsAny(who, ";=<>"):
		return "", refuse("%q is not a Discord user, an email address or a player's name", excerpt(raw, 40))
	}
	return who, nil
}

// optionText writes an option value as the command's word.
func optionText(p bot.Param, v any) (string, error) {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "", refuse("%s must be a number", p.Name)
		}
		if p.Kind == bot.ParamInteger || x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10), nil
		}
		return strconv.FormatFloat(x, 'f', -1, 64), nil
	case string:
		return cleanText(x), nil
	case bool:
		return strconv.FormatBool(x), nil
	}
	return "", refuse("the %s option has a value of an unexpected kind", p.Name)
}

// cleanText makes free text one safe line: line breaks and control
// characters become spaces, ';' (which separates commands) becomes ',',
// and it is cut to a sane length.
func cleanText(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == ';':
			return ','
		case unicode.IsControl(r):
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	return excerpt(s, maxOptionText)
}

// boardRows turns a board given in one line (rows separated by '/') or
// pasted in the form (one row per line) into rows below "rs".
func boardRows(b string) string {
	b = strings.ReplaceAll(b, "\r\n", "\n")
	if !strings.Contains(b, "\n") {
		b = strings.ReplaceAll(b, "/", "\n")
	}
	var rows []string
	for _, line := range strings.Split(b, "\n") {
		line = strings.Map(func(r rune) rune {
			if r == ';' || unicode.IsControl(r) {
				return ' '
			}
			return r
		}, line)
		if line = strings.TrimSpace(line); line != "" {
			rows = append(rows, line)
		}
	}
	return strings.Join(rows, "\n")
}

// normalGameID reads a game id as a player writes it ("g3", "G3", "3").
func normalGameID(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", false
	}
	if !strings.HasPrefix(s, "g") {
		s = "g" + s
	}
	if len(s) > 24 {
		return "", false
	}
	for _, r := range s[1:] {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return s, len(s) > 1
}

// excerpt cuts s to n characters, marking the cut.
func excerpt(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
