package discord

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/command"
)

// The slash commands state the limits the operator configured: /tak
// challenge's "days" option says days_per_move's value as its default, the
// zero Limits the default 3; and the zero Limits register exactly what
// SlashCommands does (the golden file of TestSlashCommandsFromTable).
func TestSlashCommandsStateLimits(t *testing.T) {
	for _, tc := range []struct {
		name   string
		limits command.Limits
		days   string
	}{
		{"defaults", command.Limits{}, "3"},
		{"days_per_move=7", command.Limits{DaysPerMove: 7}, "7"},
		{"both", command.Limits{DaysPerMove: 7, EventsPerOrganiser: 5}, "7"},
		{"days_per_move=3", command.Limits{DaysPerMove: 3}, "3"},
		{"negative", command.Limits{DaysPerMove: -1}, "3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := "days each player has for a move (default " + tc.days + ")"
			// The description as built before any shortening.
			root, err := buildRoot(maxDescription, command.CommandsWith(tc.limits))
			if err != nil {
				t.Fatal(err)
			}
			if got := daysOption(t, root).Description; got != want {
				t.Errorf("days option, unshortened: %q, want %q", got, want)
			}
			// As registered, shortened to fit Discord's 4,000 characters:
			// it states the configured default or, cut, none.
			cmds, err := SlashCommandsWith(tc.limits)
			if err != nil {
				t.Fatal(err)
			}
			if n := commandChars(cmds[0]); n > maxCommandChars {
				t.Errorf("%d characters", n)
			}
			if got := daysOption(t, cmds[0]).Description; got != want && strings.Contains(got, "default") {
				t.Errorf("days option as registered: %q, want %q or no default", got, want)
			}
			if tc.limits == (command.Limits{}) {
				defaults, err := SlashCommands()
				if err != nil {
					t.Fatal(err)
				}
				if a, b := marshal(t, cmds), marshal(t, defaults); a != b {
					t.Errorf("the zero Limits register other commands than SlashCommands:\n%s\n%s", a, b)
				}
			}
		})
	}
}

// daysOption is /tak challenge's "days" option.
func daysOption(t *testing.T, root *discordgo.ApplicationCommand) *discordgo.ApplicationCommandOption {
	t.Helper()
	for _, s := range root.Options {
		if s.Name != challengeName {
			continue
		}
		for _, o := range s.Options {
			if o.Name == "days" {
				return o
			}
		}
	}
	t.Fatalf("/%s %s has no option days", rootCommand, challengeName)
	return nil
}

func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
