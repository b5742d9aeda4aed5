package discord

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// permissionNames names the permissions the bot needs, as a server's
// settings show them.
var permissionNames = []struct {
	bit  int64
	name string
}{
	{discordgo.PermissionViewChannel, "View Channels"},
	{discordgo.PermissionSendMessages, "Send Messages"},
	{discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"},
	{discordgo.PermissionCreatePublicThreads, "Create Public Threads"},
	{discordgo.PermissionCreatePrivateThreads, "Create Private Threads"},
	{discordgo.PermissionAttachFiles, "Attach Files"},
	{discordgo.PermissionReadMessageHistory, "Read Message History"},
}

// Permissions is what the bot needs in a channel where games are played
// (the invite link asks for them).
const Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads | discordgo.PermissionCreatePublicThreads |
	discordgo.PermissionCreatePrivateThreads | discordgo.PermissionAttachFiles | discordgo.PermissionReadMessageHistory

// InviteURL is the link a server admin opens to add the bot to a server:
// the bot and applications.commands scopes, and the permissions games
// need (Permissions).
func InviteURL(applicationID string) string {
	return "https://discord.com/oauth2/authorize?client_id=" + url.QueryEscape(applicationID) +
		"&scope=bot+applications.commands&permissions=" + strconv.FormatInt(Permissions, 10)
}

// missingNames names the bits of need that have lacks.
func missingNames(have, need int64) string {
	var out []string
	for _, p := range permissionNames {
		if need&p.bit != 0 && have&p.bit == 0 {
			out = append(out, p.name)
		}
	}
	return strings.Join(out, ", ")
}

// threadPermissions is what the bot needs to run games in a channel.
func (t *Transport) threadPermissions() int64 {
	need := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessagesInThreads)
	if t.cfg.Threads == PrivateThreads {
		return need | discordgo.PermissionCreatePrivateThreads
	}
	return need | discordgo.PermissionCreatePublicThreads
}

// botPermissions returns the bot's permissions in a server channel (a
// thread's are its parent's), from the gateway's state; false when the
// state cannot tell.
func (t *Transport) botPermissions(channel string) (int64, bool) {
	bot, _ := t.botID.Load().(string)
	if bot == "" || channel == "" {
		return 0, false
	}
	if ch, ok := t.stateChannel(channel); ok && ch.IsThread() && ch.ParentID != "" {
		channel = ch.ParentID
	}
	p, err := t.s.State.UserChannelPermissions(bot, channel)
	if err != nil {
		return 0, false
	}
	return p, true
}

// channelName writes a channel for logs and players: "#games (123)".
func (t *Transport) channelName(id string) string {
	if ch, ok := t.stateChannel(id); ok && ch.Name != "" {
		return "#" + ch.Name + " (" + id + ")"
	}
	return "channel " + id
}

// parentOf returns the server channel a channel belongs to: the channel
// itself, a thread's parent, or "" for a direct message channel.
func (t *Transport) parentOf(ctx context.Context, channel, guild string) string {
	if guild == "" || channel == "" {
		return ""
	}
	ch, ok := t.stateChannel(channel)
	if !ok {
		got, err := t.s.Channel(channel, discordgo.WithContext(ctx))
		if err != nil {
			t.log.Warn("discord: look up a channel", "channel", channel, "err", err)
			return channel
		}
		ch = *got
		_ = t.s.State.ChannelAdd(got)
	}
	if ch.IsThread() {
		return ch.ParentID
	}
	return channel
}

// onceSet remembers what was said once (a warning per channel).
type onceSet struct {
	mu   sync.Mutex
	done map[string]bool
}

// first reports whether key is new.
func (o *onceSet) first(key string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.done == nil {
		o.done = map[string]bool{}
	}
	if o.done[key] {
		return false
	}
	o.done[key] = true
	return true
}

// stateChannel returns a copy of a channel of the gateway's state, taken
// under the state's lock (the state changes it as events come).
func (t *Transport) stateChannel(id string) (discordgo.Channel, bool) {
	ch, err := t.s.State.Channel(id)
	if err != nil {
		return discordgo.Channel{}, false
	}
	t.s.State.RLock()
	defer t.s.State.RUnlock()
	c := *ch
	if c.ThreadMetadata != nil {
		md := *c.ThreadMetadata
		c.ThreadMetadata = &md
	}
	return c, true
}
