package discordfake

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Application command types.
const (
	CommandChatInput = 1
	CommandUser      = 2
	CommandMessage   = 3
)

// Application command option types.
const (
	OptionSubCommand      = 1
	OptionSubCommandGroup = 2
	OptionString          = 3
	OptionInteger         = 4
	OptionBoolean         = 5
	OptionUser            = 6
	OptionChannel         = 7
	OptionRole            = 8
	OptionMentionable     = 9
	OptionNumber          = 10
	OptionAttachment      = 11
)

// Command is a registered application command.
type Command struct {
	ID                       string          `json:"id"`
	ApplicationID            string          `json:"application_id"`
	GuildID                  string          `json:"guild_id,omitempty"`
	Version                  string          `json:"version"`
	Type                     int             `json:"type"`
	Name                     string          `json:"name"`
	Description              string          `json:"description"`
	Options                  []CommandOption `json:"options,omitempty"`
	DefaultMemberPermissions *string         `json:"default_member_permissions"`
	DMPermission             *bool           `json:"dm_permission,omitempty"`
	Contexts                 []int           `json:"contexts"`
	NSFW                     bool            `json:"nsfw"`
}

// CommandOption is an option, subcommand or subcommand group of a command.
type CommandOption struct {
	Type         int             `json:"type"`
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	Required     bool            `json:"required,omitempty"`
	Autocomplete bool            `json:"autocomplete,omitempty"`
	Choices      []CommandChoice `json:"choices,omitempty"`
	Options      []CommandOption `json:"options,omitempty"`
	ChannelTypes []int           `json:"channel_types,omitempty"`
	MinValue     *float64        `json:"min_value,omitempty"`
	MaxValue     *float64        `json:"max_value,omitempty"`
	MinLength    *int            `json:"min_length,omitempty"`
	MaxLength    *int            `json:"max_length,omitempty"`
}

// CommandChoice is a predefined value of an option; Value is a string or a
// float64.
type CommandChoice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// commandInput is a command as a bot sends it.
type commandInput struct {
	Name                     string          `json:"name"`
	Description              string          `json:"description"`
	Type                     *int            `json:"type"`
	Options                  []CommandOption `json:"options"`
	DefaultMemberPermissions json.RawMessage `json:"default_member_permissions"`
	DMPermission             *bool           `json:"dm_permission"`
	Contexts                 []int           `json:"contexts"`
	NSFW                     bool            `json:"nsfw"`
}

func (in commandInput) commandType() int {
	if in.Type == nil {
		return CommandChatInput
	}
	return *in.Type
}

// Limits of application commands
// (https://discord.com/developers/docs/interactions/application-commands).
const (
	maxChatCommands        = 100
	maxContextMenuCommands = 5
	maxOptions             = 25
	maxChoices             = 25
	maxCommandSize         = 4000
	maxSafeInteger         = 1 << 53
)

var commandNamePattern = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// checkCommands applies Discord's rules to a bulk overwrite.
func checkCommands(list []commandInput, errs *formErrors) {
	errs.kind = InvalidCommand
	counts := map[int]int{}
	names := map[string]bool{}
	for i, cmd := range list {
		path := fmt.Sprintf("%d", i)
		t := cmd.commandType()
		counts[t]++
		key := fmt.Sprintf("%d/%s", t, cmd.Name)
		if names[key] {
			errs.add(path+".name", "APPLICATION_COMMANDS_DUPLICATE_NAME", fmt.Sprintf("Application command names must be unique: %q", cmd.Name))
		}
		names[key] = true
		checkCommand(cmd, path, errs)
	}
	if counts[CommandChatInput] > maxChatCommands {
		errs.add("", "APPLICATION_COMMANDS_TOO_MANY", fmt.Sprintf("At most %d chat input commands.", maxChatCommands))
	}
	for _, t := range []int{CommandUser, CommandMessage} {
		if counts[t] > maxContextMenuCommands {
			errs.add("", "APPLICATION_COMMANDS_TOO_MANY", fmt.Sprintf("At most %d commands of type %d.", maxContextMenuCommands, t))
		}
	}
}

// checkCommand applies Discord's rules to one command definition.
func checkCommand(cmd commandInput, path string, errs *formErrors) {
	errs.kind = InvalidCommand
	switch cmd.commandType() {
	case CommandChatInput:
		checkOptionName(cmd.Name, path+".name", errs)
		checkLength(cmd.Description, 1, 100, path+".description", errs)
		checkOptions(cmd.Options, path+".options", 0, errs)
	case CommandUser, CommandMessage:
		checkLength(cmd.Name, 1, 32, path+".name", errs)
		if cmd.Description != "" {
			errs.add(path+".description", "APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED", "Context menu commands cannot have a description.")
		}
		if len(cmd.Options) > 0 {
			errs.add(path+".options", "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED", "Context menu commands cannot have options.")
		}
	default:
		errs.add(path+".type", "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3}.")
	}
	if size := commandSize(cmd); size > maxCommandSize {
		errs.add(path, "APPLICATION_COMMAND_TOO_LARGE", fmt.Sprintf("Command exceeds maximum size (%d > %d)", size, maxCommandSize))
	}
}

// checkOptionName requires 1-32 characters of letters, digits, - _ ' and
// no uppercase letter.
func checkOptionName(name, path string, errs *formErrors) {
	if !commandNamePattern.MatchString(name) {
		errs.add(path, "APPLICATION_COMMAND_INVALID_NAME", fmt.Sprintf("Command name %q must be 1-32 letters, digits, '-', '_' or '''.", name))
		return
	}
	if strings.ToLower(name) != name {
		errs.add(path, "APPLICATION_COMMAND_INVALID_NAME", fmt.Sprintf("Command name %q must be lowercase.", name))
	}
}

// checkOptions checks one level of options: level 0 holds a command's
// options, level 1 a group's subcommands, level 2 a subcommand's options.
func checkOptions(opts []CommandOption, path string, level int, errs *formErrors) {
	if len(opts) > maxOptions {
		errs.add(path, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxOptions))
	}
	seen := map[string]bool{}
	subs, optional := 0, false
	for i, o := range opts {
		opath := fmt.Sprintf("%s.%d", path, i)
		if seen[o.Name] {
			errs.add(opath+".name", "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS", fmt.Sprintf("Option name %q is already used.", o.Name))
		}
		seen[o.Name] = true
		checkOptionName(o.Name, opath+".name", errs)
		checkLength(o.Description, 1, 100, opath+".description", errs)
		isSub := o.Type == OptionSubCommand || o.Type == OptionSubCommandGroup
		if isSub {
			subs++
		}
		switch {
		case o.Type < OptionSubCommand || o.Type > OptionAttachment:
			errs.add(opath+".type", "BASE_TYPE_CHOICES", "Value must be an option type from 1 to 11.")
		case o.Type == OptionSubCommandGroup && level != 0:
			errs.add(opath+".type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand groups can only be at the top level.")
		case o.Type == OptionSubCommand && level > 1:
			errs.add(opath+".type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot be nested in subcommands.")
		case level == 1 && o.Type != OptionSubCommand:
			errs.add(opath+".type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "A subcommand group may only hold subcommands.")
		}
		if isSub {
			if o.Required {
				errs.add(opath+".required", "APPLICATION_COMMAND_OPTION_REQUIRED_INVALID", "Subcommands and groups cannot be required.")
			}
			if len(o.Choices) > 0 || o.Autocomplete {
				errs.add(opath, "APPLICATION_COMMAND_OPTION_INVALID", "Subcommands and groups take no choices or autocomplete.")
			}
			next := 2
			if o.Type == OptionSubCommandGroup {
				next = 1
			}
			checkOptions(o.Options, opath+".options", next, errs)
			continue
		}
		if o.Required && optional {
			errs.add(opath+".required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options.")
		}
		if !o.Required {
			optional = true
		}
		checkValueOption(o, opath, errs)
	}
	if subs > 0 && subs != len(opts) {
		errs.add(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands and groups cannot be mixed with other options.")
	}
}

func takesChoices(t int) bool {
	return t == OptionString || t == OptionInteger || t == OptionNumber
}

func checkValueOption(o CommandOption, path string, errs *formErrors) {
	if len(o.Options) > 0 {
		errs.add(path+".options", "APPLICATION_COMMAND_OPTION_INVALID", "Only subcommands and groups have options.")
	}
	if len(o.Choices) > 0 && !takesChoices(o.Type) {
		errs.add(path+".choices", "APPLICATION_COMMAND_OPTION_INVALID", "Only string, integer and number options take choices.")
	}
	if len(o.Choices) > maxChoices {
		errs.add(path+".choices", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxChoices))
	}
	for j, ch := range o.Choices {
		cpath := fmt.Sprintf("%s.choices.%d", path, j)
		checkLength(ch.Name, 1, 100, cpath+".name", errs)
		checkChoiceValue(o.Type, ch.Value, cpath+".value", errs)
	}
	if o.Autocomplete {
		if !takesChoices(o.Type) {
			errs.add(path+".autocomplete", "APPLICATION_COMMAND_OPTION_INVALID", "Only string, integer and number options can autocomplete.")
		}
		if len(o.Choices) > 0 {
			errs.add(path+".autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID", "Autocomplete cannot be combined with choices.")
		}
	}
	if (o.MinValue != nil || o.MaxValue != nil) && o.Type != OptionInteger && o.Type != OptionNumber {
		errs.add(path, "APPLICATION_COMMAND_OPTION_INVALID", "min_value and max_value are for integer and number options.")
	}
	if o.MinLength != nil || o.MaxLength != nil {
		if o.Type != OptionString {
			errs.add(path, "APPLICATION_COMMAND_OPTION_INVALID", "min_length and max_length are for string options.")
		}
		if o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > 6000) {
			errs.add(path+".min_length", "NUMBER_TYPE_MAX", "Must be between 0 and 6000.")
		}
		if o.MaxLength != nil && (*o.MaxLength < 1 || *o.MaxLength > 6000) {
			errs.add(path+".max_length", "NUMBER_TYPE_MAX", "Must be between 1 and 6000.")
		}
	}
	if len(o.ChannelTypes) > 0 && o.Type != OptionChannel {
		errs.add(path+".channel_types", "APPLICATION_COMMAND_OPTION_INVALID", "channel_types is for channel options.")
	}
}

// checkChoiceValue requires a value of the option's type: a string of
// 1-100 characters, a safe integer, or a number.
func checkChoiceValue(optionType int, value any, path string, errs *formErrors) {
	switch optionType {
	case OptionString:
		s, isString := value.(string)
		if !isString {
			errs.add(path, "BASE_TYPE_STRING", "Must be a string.")
			return
		}
		checkLength(s, 1, 100, path, errs)
	case OptionInteger:
		f, isNumber := value.(float64)
		if !isNumber || f != math.Trunc(f) || math.Abs(f) > maxSafeInteger {
			errs.add(path, "NUMBER_TYPE_COERCE", "Must be an integer between -2^53 and 2^53.")
		}
	case OptionNumber:
		if _, isNumber := value.(float64); !isNumber {
			errs.add(path, "NUMBER_TYPE_COERCE", "Must be a number.")
		}
	}
}

// commandSize counts the characters Discord counts against 4000: names,
// descriptions, choice names and values.
func commandSize(cmd commandInput) int {
	n := utf8.RuneCountInString(cmd.Name) + utf8.RuneCountInString(cmd.Description)
	var walk func([]CommandOption)
	walk = func(opts []CommandOption) {
		for _, o := range opts {
			n += utf8.RuneCountInString(o.Name) + utf8.RuneCountInString(o.Description)
			for _, ch := range o.Choices {
				n += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(fmt.Sprint(ch.Value))
			}
			walk(o.Options)
		}
	}
	walk(cmd.Options)
	return n
}

// cloneCommand deep-copies a command for a snapshot.
func cloneCommand(c *Command) Command {
	out := *c
	out.Options = cloneOptions(c.Options)
	out.Contexts = slices.Clone(c.Contexts)
	return out
}

func cloneOptions(opts []CommandOption) []CommandOption {
	if opts == nil {
		return nil
	}
	out := make([]CommandOption, len(opts))
	for i, o := range opts {
		out[i] = o
		out[i].Choices = slices.Clone(o.Choices)
		out[i].ChannelTypes = slices.Clone(o.ChannelTypes)
		out[i].Options = cloneOptions(o.Options)
	}
	return out
}

// Commands returns the commands registered for a guild, or the global
// commands for guildID "".
func (s *Server) Commands(guildID string) []Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Command
	for _, c := range s.commands {
		if c.GuildID == guildID {
			out = append(out, cloneCommand(c))
		}
	}
	return out
}
