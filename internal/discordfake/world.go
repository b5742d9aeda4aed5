package discordfake

import (
	"fmt"
	"slices"
	"time"
)

// Discord channel types the fake knows.
const (
	ChannelGuildText          = 0
	ChannelDM                 = 1
	ChannelGuildAnnouncement  = 5
	ChannelAnnouncementThread = 10
	ChannelPublicThread       = 11
	ChannelPrivateThread      = 12
)

// User is a Discord account of the fake world.
type User struct {
	ID         string
	Username   string // unique handle, lowercase
	GlobalName string // display name chosen by the user ("" for none)
	Bot        bool
	// RefusesDMs makes every message to the user's DM channel fail with 403,
	// code 50007, as when the user turned off DMs from server members.
	RefusesDMs bool
}

// Member is a user's membership of a guild.
type Member struct {
	GuildID  string
	UserID   string
	Nick     string // guild nickname ("" for none)
	JoinedAt time.Time
}

// Channel is a snapshot of a guild channel, thread or DM channel.
type Channel struct {
	ID       string
	GuildID  string // "" for a DM channel
	Name     string
	Type     int
	ParentID string // a thread's channel

	// Thread fields.
	Archived            bool
	Locked              bool
	Invitable           bool
	AutoArchiveDuration int
	OwnerID             string
	Members             []string // thread member user IDs, in joining order
	StarterMessageID    string   // the message a public thread was started from

	// RecipientID is the user of a DM channel.
	RecipientID string
}

// IsThread tells whether the channel is a thread.
func (c Channel) IsThread() bool { return isThreadType(c.Type) }

func isThreadType(t int) bool {
	return t == ChannelPublicThread || t == ChannelPrivateThread || t == ChannelAnnouncementThread
}

type guild struct {
	id         string
	name       string
	ownerID    string
	channelIDs []string
	members    map[string]*Member
	memberIDs  []string
}

type channel struct {
	id        string
	guildID   string
	name      string
	typ       int
	parentID  string
	position  int
	createdAt time.Time

	// Permission overwrites for the bot.
	allow, deny Permission

	// Thread state.
	archived         bool
	locked           bool
	invitable        bool
	autoArchive      int
	archiveTimestamp time.Time
	ownerID          string
	threadMembers    map[string]time.Time
	threadMemberIDs  []string
	starterMessageID string

	recipientID string

	messageIDs    []string
	lastMessageID string
	totalSent     int
}

func (c *channel) isThread() bool { return isThreadType(c.typ) }

func (c *channel) snapshot() Channel {
	return Channel{
		ID: c.id, GuildID: c.guildID, Name: c.name, Type: c.typ, ParentID: c.parentID,
		Archived: c.archived, Locked: c.locked, Invitable: c.invitable,
		AutoArchiveDuration: c.autoArchive, OwnerID: c.ownerID,
		Members: slices.Clone(c.threadMemberIDs), StarterMessageID: c.starterMessageID,
		RecipientID: c.recipientID,
	}
}

func (c *channel) addThreadMember(userID string, now time.Time) bool {
	if _, ok := c.threadMembers[userID]; ok {
		return false
	}
	c.threadMembers[userID] = now
	c.threadMemberIDs = append(c.threadMemberIDs, userID)
	return true
}

func (c *channel) removeThreadMember(userID string) bool {
	if _, ok := c.threadMembers[userID]; !ok {
		return false
	}
	delete(c.threadMembers, userID)
	c.threadMemberIDs = slices.DeleteFunc(c.threadMemberIDs, func(id string) bool { return id == userID })
	return true
}

// AddUser adds an account to the world and returns it with its ID filled in
// (a new snowflake when u.ID is empty).
func (s *Server) AddUser(u User) User {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u.ID == "" {
		u.ID = s.ids.next(s.clock.Now())
	}
	if u.Username == "" {
		u.Username = "user" + u.ID
	}
	stored := u
	s.users[u.ID] = &stored
	s.changedLocked()
	return u
}

// SetRefusesDMs switches whether the user refuses direct messages.
func (s *Server) SetRefusesDMs(userID string, refuses bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[userID]
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknownUser, userID)
	}
	u.RefusesDMs = refuses
	return nil
}

// AddGuild creates a guild that the bot has joined and returns its ID.
// Connected sessions receive GUILD_CREATE.
func (s *Server) AddGuild(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock.Now()
	g := &guild{id: s.ids.next(now), name: name, members: map[string]*Member{}}
	g.ownerID = g.id // an owner outside the fake world, so nobody has every permission
	s.guilds[g.id] = g
	s.guildIDs = append(s.guildIDs, g.id)
	g.members[s.bot.ID] = &Member{GuildID: g.id, UserID: s.bot.ID, JoinedAt: now}
	g.memberIDs = append(g.memberIDs, s.bot.ID)
	s.dispatchAllLocked(eventGuildCreate, s.guildCreateJSON(g), dispatchScope{intent: IntentGuilds})
	s.changedLocked()
	return g.id
}

// AddTextChannel creates a text channel in the guild and returns its ID.
func (s *Server) AddTextChannel(guildID, name string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok {
		return "", fmt.Errorf("%w: guild %s", ErrUnknownChannel, guildID)
	}
	now := s.clock.Now()
	c := &channel{id: s.ids.next(now), guildID: guildID, name: name, typ: ChannelGuildText,
		position: len(g.channelIDs), createdAt: now}
	s.channels[c.id] = c
	g.channelIDs = append(g.channelIDs, c.id)
	s.dispatchAllLocked(eventChannelCreate, s.channelJSON(c), dispatchScope{intent: IntentGuilds})
	s.changedLocked()
	return c.id, nil
}

// AddMember makes the user a member of the guild with the given nickname.
func (s *Server) AddMember(guildID, userID, nick string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok {
		return fmt.Errorf("%w: guild %s", ErrUnknownChannel, guildID)
	}
	if _, ok := s.users[userID]; !ok {
		return fmt.Errorf("%w: %s", ErrUnknownUser, userID)
	}
	if m, ok := g.members[userID]; ok {
		m.Nick = nick
		return nil
	}
	m := &Member{GuildID: guildID, UserID: userID, Nick: nick, JoinedAt: s.clock.Now()}
	g.members[userID] = m
	g.memberIDs = append(g.memberIDs, userID)
	payload := s.memberJSON(m, true)
	payload["guild_id"] = guildID
	s.dispatchAllLocked(eventGuildMemberAdd, payload, dispatchScope{intent: IntentGuildMembers})
	s.changedLocked()
	return nil
}

// Deny removes permissions from the bot in a channel (and its threads), as a
// member permission overwrite would.
func (s *Server) Deny(channelID string, p Permission) error {
	return s.overwrite(channelID, func(c *channel) { c.deny |= p; c.allow &^= p })
}

// Allow grants the bot permissions in a channel (and its threads), for
// example PermManageThreads.
func (s *Server) Allow(channelID string, p Permission) error {
	return s.overwrite(channelID, func(c *channel) { c.allow |= p; c.deny &^= p })
}

func (s *Server) overwrite(channelID string, change func(*channel)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[channelID]
	if !ok || c.guildID == "" || c.isThread() {
		return fmt.Errorf("%w: %s is not a guild channel", ErrUnknownChannel, channelID)
	}
	change(c)
	s.dispatchAllLocked(eventChannelUpdate, s.channelJSON(c), dispatchScope{intent: IntentGuilds})
	s.changedLocked()
	return nil
}

// ArchiveThread archives a thread, as Discord does after its auto-archive
// duration. Connected sessions receive THREAD_UPDATE.
func (s *Server) ArchiveThread(threadID string) error {
	return s.changeThread(threadID, func(c *channel) { c.archived = true })
}

// LockThread locks or unlocks a thread, as a moderator would.
func (s *Server) LockThread(threadID string, locked bool) error {
	return s.changeThread(threadID, func(c *channel) { c.locked = locked })
}

func (s *Server) changeThread(threadID string, change func(*channel)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[threadID]
	if !ok || !c.isThread() {
		return fmt.Errorf("%w: %s is not a thread", ErrUnknownChannel, threadID)
	}
	change(c)
	c.archiveTimestamp = s.clock.Now()
	s.dispatchAllLocked(eventThreadUpdate, s.channelJSON(c), dispatchScope{intent: IntentGuilds})
	s.changedLocked()
	return nil
}

// OpenDM returns the DM channel between the user and the bot, creating it if
// needed (as a user opening a DM with the bot does).
func (s *Server) OpenDM(userID string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.users[userID]; !ok {
		return "", fmt.Errorf("%w: %s", ErrUnknownUser, userID)
	}
	return s.dmChannelLocked(userID).id, nil
}

func (s *Server) dmChannelLocked(userID string) *channel {
	if id, ok := s.dms[userID]; ok {
		return s.channels[id]
	}
	now := s.clock.Now()
	c := &channel{id: s.ids.next(now), typ: ChannelDM, recipientID: userID, createdAt: now}
	s.channels[c.id] = c
	s.dms[userID] = c.id
	return c
}

// botPermissionsLocked computes the bot's permissions in a channel: the guild
// default, changed by the channel's (or the thread parent's) overwrites.
func (s *Server) botPermissionsLocked(c *channel) Permission {
	if c.guildID == "" {
		return PermViewChannel | PermSendMessages | PermEmbedLinks | PermAttachFiles | PermReadMessageHistory | PermAddReactions
	}
	source := c
	if c.isThread() {
		if parent, ok := s.channels[c.parentID]; ok {
			source = parent
		}
	}
	return (defaultPermissions &^ source.deny) | source.allow
}

// memberPermissionsLocked is what a user may do in a channel; users have the
// guild default permissions.
func (s *Server) memberPermissionsLocked(c *channel) Permission {
	if c.guildID == "" {
		return PermViewChannel | PermSendMessages | PermEmbedLinks | PermAttachFiles | PermReadMessageHistory
	}
	return defaultPermissions
}

// Bot returns the bot's user.
func (s *Server) Bot() User {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.bot
}

// ApplicationID returns the bot's application ID.
func (s *Server) ApplicationID() string { return s.appID }

// Channel returns a snapshot of a channel, thread or DM channel.
func (s *Server) Channel(id string) (Channel, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[id]
	if !ok {
		return Channel{}, false
	}
	return c.snapshot(), true
}

// Threads returns every thread, in creation order.
func (s *Server) Threads() []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, id := range s.threadIDs {
		out = append(out, s.channels[id].snapshot())
	}
	return out
}

// DMChannelOf returns the DM channel between the bot and the user, if one
// was opened.
func (s *Server) DMChannelOf(userID string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.dms[userID]
	return id, ok
}

// DisplayName is what Discord shows for a user in a guild: the nickname,
// else the global name, else the username ("" for an unknown user).
func (s *Server) DisplayName(guildID, userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g, ok := s.guilds[guildID]; ok {
		if m, ok := g.members[userID]; ok && m.Nick != "" {
			return m.Nick
		}
	}
	u, ok := s.users[userID]
	if !ok {
		return ""
	}
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}
