package discordfake

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// takCommand is a /tak command shaped like the adapter's: subcommands with
// required options first, an autocompleted game option and choices.
func takCommand() *discordgo.ApplicationCommand {
	minSize := 3.0
	return &discordgo.ApplicationCommand{
		Name: "tak", Description: "Play Tak",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Challenge someone",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who", Required: true},
					{Type: discordgo.ApplicationCommandOptionInteger, Name: "size", Description: "Board size", MinValue: &minSize, MaxValue: 8},
					{Type: discordgo.ApplicationCommandOptionString, Name: "color", Description: "Your color",
						Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "white", Value: "white"}, {Name: "black", Value: "black"}}},
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "move", Description: "Play a move",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true, Autocomplete: true},
					{Type: discordgo.ApplicationCommandOptionString, Name: "ptn", Description: "The move", Required: true},
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "resign", Description: "Give up"},
		},
	}
}

func TestBulkOverwriteThenList(t *testing.T) {
	w := newWorld(t, Options{})
	s := w.connect(allIntentsWithContent, false)
	created, err := s.ApplicationCommandBulkOverwrite(w.fake.ApplicationID(), w.guildID, []*discordgo.ApplicationCommand{takCommand()})
	if err != nil {
		t.Fatalf("bulk overwrite: %v", err)
	}
	if len(created) != 1 || created[0].ID == "" || created[0].GuildID != w.guildID || len(created[0].Options) != 3 {
		t.Fatalf("created %+v", created)
	}
	// A second overwrite keeps the ID of a command with the same name.
	again, err := s.ApplicationCommandBulkOverwrite(w.fake.ApplicationID(), w.guildID, []*discordgo.ApplicationCommand{takCommand()})
	if err != nil || again[0].ID != created[0].ID {
		t.Fatalf("second overwrite %+v, %v", again, err)
	}
	listed, err := s.ApplicationCommands(w.fake.ApplicationID(), w.guildID)
	if err != nil || len(listed) != 1 || listed[0].Name != "tak" {
		t.Fatalf("list %+v, %v", listed, err)
	}
	if global, err := s.ApplicationCommands(w.fake.ApplicationID(), ""); err != nil || len(global) != 0 {
		t.Fatalf("global list %+v, %v", global, err)
	}
	got := w.fake.Commands(w.guildID)
	if len(got) != 1 || got[0].Options[1].Options[0].Autocomplete != true {
		t.Errorf("Commands = %+v", got)
	}
	w.noViolations()
}

func TestInvalidCommandsAreRefused(t *testing.T) {
	long := strings.Repeat("x", 101)
	tests := []struct {
		name   string
		change func(c *discordgo.ApplicationCommand)
		path   string
	}{
		{"uppercase name", func(c *discordgo.ApplicationCommand) { c.Name = "Tak" }, "0.name"},
		{"name too long", func(c *discordgo.ApplicationCommand) { c.Name = strings.Repeat("t", 33) }, "0.name"},
		{"empty description", func(c *discordgo.ApplicationCommand) { c.Description = "" }, "0.description"},
		{"description too long", func(c *discordgo.ApplicationCommand) { c.Description = long }, "0.description"},
		{"optional before required", func(c *discordgo.ApplicationCommand) {
			move := c.Options[1].Options
			move[0].Required = false
		}, "0.options.1.options.1.required"},
		{"autocomplete with choices", func(c *discordgo.ApplicationCommand) {
			c.Options[1].Options[0].Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "a", Value: "a"}}
		}, "0.options.1.options.0.autocomplete"},
		{"autocomplete on a boolean", func(c *discordgo.ApplicationCommand) {
			c.Options[2].Options = []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionBoolean,
				Name: "really", Description: "Sure?", Autocomplete: true}}
		}, "0.options.2.options.0.autocomplete"},
		{"26 choices", func(c *discordgo.ApplicationCommand) {
			for i := 0; i < 24; i++ {
				c.Options[0].Options[2].Choices = append(c.Options[0].Options[2].Choices,
					&discordgo.ApplicationCommandOptionChoice{Name: "c" + string(rune('a'+i)), Value: "v" + string(rune('a'+i))})
			}
		}, "0.options.0.options.2.choices"},
		{"26 options", func(c *discordgo.ApplicationCommand) {
			for i := 0; i < 23; i++ {
				c.Options = append(c.Options, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
					Name: "s" + string(rune('a'+i)), Description: "d"})
			}
		}, "0.options"},
		{"subcommands mixed with options", func(c *discordgo.ApplicationCommand) {
			c.Options = append(c.Options, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString,
				Name: "loose", Description: "d"})
		}, "0.options"},
		{"choice value too long", func(c *discordgo.ApplicationCommand) {
			c.Options[0].Options[2].Choices[0].Value = long
		}, "0.options.0.options.2.choices.0.value"},
		{"integer choice with a fraction", func(c *discordgo.ApplicationCommand) {
			c.Options[0].Options[1].Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "half", Value: 5.5}}
		}, "0.options.0.options.1.choices.0.value"},
	}
	w := newWorld(t, Options{})
	s := w.connect(allIntentsWithContent, false)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := takCommand()
			tt.change(cmd)
			_, err := s.ApplicationCommandBulkOverwrite(w.fake.ApplicationID(), w.guildID, []*discordgo.ApplicationCommand{cmd})
			var restErr *discordgo.RESTError
			if !errors.As(err, &restErr) || restErr.Message == nil || restErr.Message.Code != CodeInvalidFormBody {
				t.Fatalf("error %v, want a RESTError with code %d", err, CodeInvalidFormBody)
			}
			if !strings.Contains(string(restErr.ResponseBody), `"_errors"`) {
				t.Errorf("body %s has no _errors", restErr.ResponseBody)
			}
			if !hasErrorAt(t, restErr.ResponseBody, tt.path) {
				t.Errorf("no error at %s in %s", tt.path, restErr.ResponseBody)
			}
		})
	}
	if n := len(w.fake.ViolationsOf(InvalidCommand)); n != len(tests) {
		t.Errorf("%d InvalidCommand violations, want %d", n, len(tests))
	}
	if got := w.fake.Commands(w.guildID); len(got) != 0 {
		t.Errorf("a refused overwrite stored %d commands", len(got))
	}
}
