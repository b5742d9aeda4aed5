package bot

import (
	"errors"
	"slices"
	"testing"

	"github.com/takbymail/takbot/command"
)

// TestEveryCommandHasAHandler: every command of the table has a handler
// and every handler names a command; a table with a command more, or a
// handler map with one more, is caught (as init catches it at start).
func TestEveryCommandHasAHandler(t *testing.T) {
	table := command.Commands()
	if err := checkHandlers(table, handlers); err != nil {
		t.Fatal(err)
	}
	const fake = "no-such-command" // a name the table never has
	var he *handlerError
	extra := append(slices.Clone(table), command.CommandSpec{Name: fake})
	if err := checkHandlers(extra, handlers); !errors.As(err, &he) || !slices.Equal(he.Unhandled, []string{fake}) || len(he.Unknown) != 0 {
		t.Errorf("a command without a handler: %v", err)
	}
	more := map[string]handler{fake: (*session).cmdHelp}
	for k, v := range handlers {
		more[k] = v
	}
	if err := checkHandlers(table, more); !errors.As(err, &he) || !slices.Equal(he.Unknown, []string{fake}) || len(he.Unhandled) != 0 {
		t.Errorf("a handler of no command: %v", err)
	}
}

// TestNewOptionsAgreeWithTheReferee: the option table of "new" (package
// command, which cannot import bot) names the referee's strongest level
// and its styles.
func TestNewOptionsAgreeWithTheReferee(t *testing.T) {
	for _, p := range command.NewOptions() {
		switch p.Name {
		case "level":
			if p.Max != MaxLevel {
				t.Errorf("level goes up to %d, bot.MaxLevel is %d", p.Max, MaxLevel)
			}
		case "style":
			if want := []string{string(Street), string(Courtly)}; !slices.Equal(p.Choices, want) || p.Default != string(Street) {
				t.Errorf("style choices %q (default %q), want %q (default %q)", p.Choices, p.Default, want, Street)
			}
		}
	}
}
