package discordfake

import (
	"fmt"
	"math"
	"slices"
	"unicode/utf8"
)

// Option is a value a user enters for a slash command: a plain option
// (Opt), a subcommand or group holding its own options (Sub), or the
// option being typed during autocomplete (Focus). Types come from the
// registered command.
type Option struct {
	Name    string
	Value   any
	Focused bool
	Options []Option
	sub     bool
}

// Opt is an option with its value: a string, a bool, an integer (any Go
// integer type), a float64, or an ID string for user, channel, role and
// mentionable options.
func Opt(name string, value any) Option { return Option{Name: name, Value: value} }

// Sub is a subcommand, or a subcommand group, with its options.
func Sub(name string, options ...Option) Option {
	return Option{Name: name, Options: options, sub: true}
}

// Focus is the option the user is typing during autocomplete, with what
// has been typed so far.
func Focus(name, partial string) Option { return Option{Name: name, Value: partial, Focused: true} }

// optionBuild collects what building an interaction's options produces.
type optionBuild struct {
	s            *Server
	guildID      string
	autocomplete bool
	focused      int
	focusedType  int
	users        map[string]any
	members      map[string]any
	channels     map[string]any
	roles        map[string]any
}

func (b *optionBuild) resolved() map[string]any {
	out := map[string]any{}
	for key, m := range map[string]map[string]any{"users": b.users, "members": b.members, "channels": b.channels, "roles": b.roles} {
		if len(m) > 0 {
			out[key] = m
		}
	}
	return out
}

func badOptions(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadOptions, fmt.Sprintf(format, args...))
}

// build turns the user's options into interaction data options, checking
// them against the registered schema as the Discord client would.
func (b *optionBuild) build(schema []CommandOption, given []Option) ([]any, error) {
	out := []any{}
	if len(schema) > 0 && (schema[0].Type == OptionSubCommand || schema[0].Type == OptionSubCommandGroup) {
		if len(given) != 1 || !given[0].sub {
			return nil, badOptions("exactly one subcommand is needed")
		}
		i := slices.IndexFunc(schema, func(o CommandOption) bool { return o.Name == given[0].Name })
		if i < 0 {
			return nil, badOptions("no subcommand %q", given[0].Name)
		}
		children, err := b.build(schema[i].Options, given[0].Options)
		if err != nil {
			return nil, err
		}
		return append(out, map[string]any{"name": schema[i].Name, "type": schema[i].Type, "options": children}), nil
	}
	seen := map[string]bool{}
	for _, g := range given {
		i := slices.IndexFunc(schema, func(o CommandOption) bool { return o.Name == g.Name })
		if g.sub || i < 0 {
			return nil, badOptions("no option %q", g.Name)
		}
		if seen[g.Name] {
			return nil, badOptions("option %q given twice", g.Name)
		}
		seen[g.Name] = true
		opt := map[string]any{"name": g.Name, "type": schema[i].Type}
		if g.Focused {
			if !b.autocomplete || !schema[i].Autocomplete {
				return nil, badOptions("option %q does not autocomplete", g.Name)
			}
			partial, isString := g.Value.(string)
			if !isString {
				return nil, badOptions("the focused value must be the typed text")
			}
			b.focused++
			b.focusedType = schema[i].Type
			opt["value"], opt["focused"] = partial, true
		} else {
			value, err := b.value(schema[i], g.Value)
			if err != nil {
				return nil, err
			}
			opt["value"] = value
		}
		out = append(out, opt)
	}
	if !b.autocomplete {
		for _, o := range schema {
			if o.Required && !seen[o.Name] {
				return nil, badOptions("required option %q is missing", o.Name)
			}
		}
	}
	return out, nil
}

// value converts and checks one option value; the client only lets users
// enter values of the right type, within limits, among the choices.
func (b *optionBuild) value(o CommandOption, v any) (any, error) {
	switch o.Type {
	case OptionString:
		s, isString := v.(string)
		if !isString {
			return nil, badOptions("option %q takes a string", o.Name)
		}
		n := utf8.RuneCountInString(s)
		if (o.MinLength != nil && n < *o.MinLength) || (o.MaxLength != nil && n > *o.MaxLength) || n > 6000 {
			return nil, badOptions("option %q: length %d out of bounds", o.Name, n)
		}
		if !b.autocomplete {
			b.resolveMentions(s)
		}
		return s, b.inChoices(o, s)
	case OptionInteger, OptionNumber:
		f, isNumber := number(v)
		if !isNumber || (o.Type == OptionInteger && (f != math.Trunc(f) || math.Abs(f) > maxSafeInteger)) {
			return nil, badOptions("option %q takes a number of its type", o.Name)
		}
		if (o.MinValue != nil && f < *o.MinValue) || (o.MaxValue != nil && f > *o.MaxValue) {
			return nil, badOptions("option %q: %v out of bounds", o.Name, f)
		}
		return f, b.inChoices(o, f)
	case OptionBoolean:
		if _, isBool := v.(bool); !isBool {
			return nil, badOptions("option %q takes a bool", o.Name)
		}
		return v, nil
	case OptionUser, OptionMentionable:
		id, _ := v.(string)
		if b.resolveUser(id) || (o.Type == OptionMentionable && b.resolveRole(id)) {
			return id, nil
		}
		return nil, badOptions("option %q: no such user %q", o.Name, id)
	case OptionRole:
		id, _ := v.(string)
		if b.resolveRole(id) {
			return id, nil
		}
		return nil, badOptions("option %q: no such role %q", o.Name, id)
	case OptionChannel:
		id, _ := v.(string)
		if b.resolveChannel(id, o.ChannelTypes) {
			return id, nil
		}
		return nil, badOptions("option %q: no such channel %q", o.Name, id)
	default:
		return nil, badOptions("option %q has type %d, which the fake does not model", o.Name, o.Type)
	}
}

func (b *optionBuild) inChoices(o CommandOption, v any) error {
	if len(o.Choices) == 0 || slices.ContainsFunc(o.Choices, func(c CommandChoice) bool { return c.Value == v }) {
		return nil
	}
	return badOptions("option %q: %v is not one of its choices", o.Name, v)
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case int8:
		return float64(n), true
	case int16:
		return float64(n), true
	case int32:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint:
		return float64(n), true
	case uint8:
		return float64(n), true
	case uint16:
		return float64(n), true
	case uint32:
		return float64(n), true
	case uint64:
		return float64(n), true
	case float32:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

func (b *optionBuild) resolveUser(id string) bool {
	u, found := b.s.users[id]
	if !found {
		return false
	}
	b.users[id] = userJSON(u)
	if g, found := b.s.guilds[b.guildID]; found {
		if m, found := g.members[id]; found {
			member := b.s.memberJSON(m, false)
			delete(member, "deaf")
			delete(member, "mute")
			member["permissions"] = defaultPermissions.String()
			b.members[id] = member
		}
	}
	return true
}

// resolveMentions resolves the users a text option mentions ("<@ID>",
// "<@!ID>"), as Discord does for a mention picked in a string option.
func (b *optionBuild) resolveMentions(s string) {
	for _, m := range mentionPattern.FindAllStringSubmatch(s, -1) {
		b.resolveUser(m[1])
	}
}

func (b *optionBuild) resolveRole(id string) bool {
	if id == "" || id != b.guildID {
		return false
	}
	b.roles[id] = map[string]any{"id": id, "name": "@everyone", "permissions": defaultPermissions.String(),
		"position": 0, "color": 0, "hoist": false, "managed": false, "mentionable": false, "flags": 0}
	return true
}

func (b *optionBuild) resolveChannel(id string, types []int) bool {
	c, found := b.s.channels[id]
	if !found || c.guildID == "" || c.guildID != b.guildID || (len(types) > 0 && !slices.Contains(types, c.typ)) {
		return false
	}
	b.channels[id] = b.s.partialChannelJSON(c)
	return true
}

// partialChannelJSON is a channel as interactions carry it.
func (s *Server) partialChannelJSON(c *channel) map[string]any {
	full := s.channelJSON(c)
	out := map[string]any{"permissions": s.memberPermissionsLocked(c).String()}
	for _, key := range []string{"id", "name", "type", "guild_id", "parent_id", "last_message_id", "nsfw",
		"flags", "rate_limit_per_user", "topic", "position", "thread_metadata", "recipients"} {
		if v, present := full[key]; present {
			out[key] = v
		}
	}
	return out
}
