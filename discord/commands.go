package discord

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/command"
)

// The slash command: /tak SUBCOMMAND, one subcommand per command of the
// referee's table (command.CommandsWith the configured limits), "new" named
// "challenge", and "notify", the Discord-only choice between turn pings in
// the thread and by direct message.
const (
	rootCommand     = "tak"
	challengeName   = "challenge" // the slash name of "new"
	notifyName      = "notify"
	gameOption      = "game"     // the optional game of the commands that address one
	opponentOption  = "opponent" // challenge: @user, an email address, a name, transport:address
	notifyOption    = "where"
	boardOption     = "board"
	maxCommandChars = 4000 // Discord's limit on a command's names, descriptions and choices
	maxSubcommands  = 25
	maxDescription  = 100
)

// moreGroup is the subcommand group of the commands that do not fit
// among /tak's own subcommands (Discord allows 25 under one command):
// /tak more say, plan, rematch, analyse, seeks, pair, abort, stats,
// leaderboard, watch and unwatch, and the two least
// used ways to show a game, tps and link. In a game's thread they can also
// be typed as text ("say gg"), a finished game's last post has a Rematch
// button, and the lobby's posts an Accept button.
const moreGroup = "more"

// moreCommands are the commands of the table under /tak more.
var moreCommands = map[string]bool{"say": true, "plan": true, "rematch": true, "tps": true, "link": true, "analyse": true,
	"seeks": true, "pair": true, "abort": true, "stats": true, "leaderboard": true, "watch": true, "unwatch": true,
	"held": true,
	"stop": true, "start": true} // stop and start are for mail: on Discord they say so

// slashName is the subcommand of a command of the table.
func slashName(command string) string {
	if command == "new" {
		return challengeName
	}
	return command
}

// tableName is the command of the table a subcommand stands for.
func tableName(sub string) string {
	if sub == challengeName {
		return "new"
	}
	return sub
}

// addressesGame reports whether a command works on one game, so that its
// subcommand takes the optional "game" option.
func addressesGame(c command.CommandSpec) bool {
	if c.Group == command.GroupAlways || c.Name == "new" {
		return false
	}
	for _, p := range c.Params {
		if p.Kind == command.ParamGame {
			return false
		}
	}
	return true
}

// SlashCommands returns the /tak command as registered with the default
// limits: [SlashCommandsWith] of the zero [command.Limits].
func SlashCommands() ([]*discordgo.ApplicationCommand, error) {
	return SlashCommandsWith(command.Limits{})
}

// SlashCommandsWith returns the /tak command as registered: built from the
// referee's command table, its texts stating the limits l
// (command.CommandsWith: a field of 0 or less is its default), with
// descriptions shortened until the whole command fits Discord's 4,000
// characters.
func SlashCommandsWith(l command.Limits) ([]*discordgo.ApplicationCommand, error) {
	specs := command.CommandsWith(l)
	for limit := maxDescription; limit >= 20; limit -= 5 {
		cmd, err := buildRoot(limit, specs)
		if err != nil {
			return nil, err
		}
		if commandChars(cmd) <= maxCommandChars {
			return []*discordgo.ApplicationCommand{cmd}, nil
		}
	}
	return nil, fmt.Errorf("discord: the /%s command does not fit Discord's %d characters", rootCommand, maxCommandChars)
}

// buildRoot builds /tak from the command table specs, every description
// at most limit characters.
func buildRoot(limit int, specs []command.CommandSpec) (*discordgo.ApplicationCommand, error) {
	contexts := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	root := &discordgo.ApplicationCommand{
		Type: discordgo.ChatApplicationCommand, Name: rootCommand, Contexts: &contexts,
		Description: "Play Tak by correspondence: challenge, move, answer, see your games",
	}
	more := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: moreGroup,
		Description: describe("talk, plan moves, rematch, analyse, seeks, pairing, ratings, abort, watching, TPS, link", limit)}
	for _, c := range specs {
		o := &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: slashName(c.Name),
			Description: describe(c.Summary, limit), Options: optionsOf(c, limit),
		}
		if moreCommands[c.Name] {
			more.Options = append(more.Options, o)
			continue
		}
		root.Options = append(root.Options, o)
	}
	if len(more.Options) > 0 {
		root.Options = append(root.Options, more)
	}
	if len(more.Options) > maxSubcommands {
		return nil, fmt.Errorf("discord: %d subcommands under /%s %s, Discord allows %d", len(more.Options), rootCommand, moreGroup, maxSubcommands)
	}
	root.Options = append(root.Options, &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: notifyName,
		Description: describe("how the bot tells you it is your turn: a mention in the game's thread, or a direct message", limit),
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionString, Name: notifyOption, Required: true,
			Description: describe("thread: a mention in the game's thread; dm: a direct message", limit),
			Choices:     stringChoices([]string{"thread", "dm"}),
		}},
	})
	if len(root.Options) > maxSubcommands {
		return nil, fmt.Errorf("discord: %d subcommands under /%s, Discord allows %d: put more in moreCommands", len(root.Options), rootCommand, maxSubcommands)
	}
	return root, nil
}

// optionsOf turns a command's parameters into options, required ones
// first as Discord demands.
func optionsOf(c command.CommandSpec, limit int) []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	for _, p := range c.Params {
		out = append(out, paramOptions(c, p, limit)...)
	}
	if addressesGame(c) {
		out = append(out, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: gameOption,
			Description: describe("the game, e.g. g3 (default: the game of this thread)", limit), MaxLength: 24})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Required && !out[j].Required })
	return out
}

// paramOptions maps one parameter to its option (an opponent to two).
func paramOptions(c command.CommandSpec, p command.Param, limit int) []*discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Name: p.Name, Description: describe(p.Summary, limit), Required: p.Required}
	switch p.Kind {
	case command.ParamPlayer:
		// A text option rather than a USER option: Discord's client offers
		// its member picker as the player types "@" in it (the value is
		// then the mention "<@ID>", the user resolved alongside), and it
		// also takes an email address, a player's name or
		// transport:address, which a USER option cannot.
		o.Type = discordgo.ApplicationCommandOptionString
		o.Name = opponentOption
		o.MaxLength = 254
		o.Description = describe("@user, or an email address, a player's name, transport:address", limit)
	case command.ParamInteger:
		o.Type = discordgo.ApplicationCommandOptionInteger
		if p.Max > p.Min {
			lo := float64(p.Min)
			o.MinValue, o.MaxValue = &lo, float64(p.Max)
		}
	case command.ParamNumber:
		o.Type = discordgo.ApplicationCommandOptionNumber
	case command.ParamChoice:
		o.Type = discordgo.ApplicationCommandOptionString
		o.Choices = stringChoices(p.Choices)
	case command.ParamMove:
		o.Type = discordgo.ApplicationCommandOptionString
		o.Autocomplete = true
		o.MaxLength = 100
	case command.ParamBoard:
		o.Type = discordgo.ApplicationCommandOptionString
		o.Required = false
		o.Description = describe("your board, rows separated by / (leave it out to paste it in a form)", limit)
	case command.ParamGame:
		o.Type = discordgo.ApplicationCommandOptionString
		o.MaxLength = 24
	default: // ParamText and kinds added later
		o.Type = discordgo.ApplicationCommandOptionString
		o.MaxLength = 1000
	}
	if c.Name == "new" && p.Default != "" && o.Type != discordgo.ApplicationCommandOptionString {
		o.Description = describe(p.Summary+" (default "+p.Default+")", limit)
	}
	return []*discordgo.ApplicationCommandOption{o}
}

func stringChoices(values []string) []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(values))
	for i, v := range values {
		out[i] = &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v}
	}
	return out
}

// describe shortens a summary to a description of at most limit
// characters: its first clause, cut at a word with "…" if still too long.
func describe(summary string, limit int) string {
	s := strings.TrimSpace(summary)
	if utf8.RuneCountInString(s) > limit {
		if i := strings.IndexAny(s, ";:"); i > 0 {
			s = strings.TrimSpace(s[:i])
		}
	}
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	r := []rune(s)[:limit-1]
	cut := string(r)
	if i := strings.LastIndexAny(cut, " ,("); i > limit/2 {
		cut = strings.TrimRight(cut[:i], " ,(")
	}
	return cut + "…"
}

// commandChars counts what Discord counts against a command's 4,000
// characters: names, descriptions, choice names and values.
func commandChars(c *discordgo.ApplicationCommand) int {
	n := utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(c.Description)
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			n += utf8.RuneCountInString(o.Name) + utf8.RuneCountInString(o.Description)
			for _, ch := range o.Choices {
				n += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(fmt.Sprint(ch.Value))
			}
			walk(o.Options)
		}
	}
	walk(c.Options)
	return n
}
