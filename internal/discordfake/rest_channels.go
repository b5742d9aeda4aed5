package discordfake

import (
	"encoding/json"
	"net/http"
	"slices"
)

// channelForBotLocked finds a channel the bot can see: private threads need
// membership or Manage Threads, guild channels View Channel.
func (s *Server) channelForBotLocked(id string) (*channel, error) {
	c, found := s.channels[id]
	if !found {
		return nil, errUnknownChannel()
	}
	if c.typ == ChannelDM {
		return c, nil
	}
	perms := s.botPermissionsLocked(c)
	if !perms.has(PermViewChannel) {
		return nil, errMissingAccess()
	}
	if c.typ == ChannelPrivateThread {
		if _, member := c.threadMembers[s.bot.ID]; !member && !perms.has(PermManageThreads) {
			return nil, errMissingAccess()
		}
	}
	return c, nil
}

// handleGetChannel is GET /channels/{channel}.
func (s *Server) handleGetChannel(c *call) (response, error) {
	ch, err := s.channelForBotLocked(c.param("channel"))
	if err != nil {
		return response{}, err
	}
	return ok(s.channelJSON(ch)), nil
}

// handleTyping is POST /channels/{channel}/typing.
func (s *Server) handleTyping(c *call) (response, error) {
	if _, err := s.channelForBotLocked(c.param("channel")); err != nil {
		return response{}, err
	}
	return noContent(), nil
}

// channelEdit is the body of PATCH /channels/{channel}.
type channelEdit struct {
	Name                *string `json:"name"`
	Archived            *bool   `json:"archived"`
	Locked              *bool   `json:"locked"`
	AutoArchiveDuration *int    `json:"auto_archive_duration"`
	Invitable           *bool   `json:"invitable"`
}

// handleEditChannel is PATCH /channels/{channel}: renaming a channel, or
// archiving, unarchiving, locking and renaming a thread with Discord's
// permission rules for threads.
func (s *Server) handleEditChannel(c *call) (response, error) {
	ch, err := s.channelForBotLocked(c.param("channel"))
	if err != nil {
		return response{}, err
	}
	var edit channelEdit
	if err := json.Unmarshal(c.body, &edit); err != nil {
		c.errs.add("", "MODEL_TYPE_CONVERT", "The body must be a channel edit object.")
		return response{}, c.formFailure()
	}
	if edit.Name != nil {
		checkLength(*edit.Name, 1, 100, "name", &c.errs)
	}
	if edit.AutoArchiveDuration != nil {
		checkArchiveDuration(*edit.AutoArchiveDuration, "auto_archive_duration", &c.errs)
	}
	if !c.errs.ok() {
		return response{}, c.formFailure()
	}
	perms := s.botPermissionsLocked(ch)
	if !ch.isThread() {
		if !perms.has(PermManageChannels) {
			return response{}, errMissingPermissions()
		}
		if edit.Name != nil {
			ch.name = *edit.Name
		}
		s.dispatchAllLocked(eventChannelUpdate, s.channelJSON(ch), dispatchScope{intent: IntentGuilds})
		return ok(s.channelJSON(ch)), nil
	}
	if err := s.checkThreadEditLocked(c, ch, edit, perms); err != nil {
		return response{}, err
	}
	if edit.Archived != nil && *edit.Archived != ch.archived {
		ch.archived = *edit.Archived
		ch.archiveTimestamp = c.now
	}
	if edit.Locked != nil {
		ch.locked = *edit.Locked
	}
	if edit.Name != nil {
		ch.name = *edit.Name
	}
	if edit.AutoArchiveDuration != nil {
		ch.autoArchive = *edit.AutoArchiveDuration
		ch.archiveTimestamp = c.now
	}
	if edit.Invitable != nil && ch.typ == ChannelPrivateThread {
		ch.invitable = *edit.Invitable
	}
	s.dispatchAllLocked(eventThreadUpdate, s.channelJSON(ch), dispatchScope{intent: IntentGuilds})
	return ok(s.channelJSON(ch)), nil
}

// checkThreadEditLocked applies the rules of "Editing & Deleting Threads".
func (s *Server) checkThreadEditLocked(c *call, ch *channel, edit channelEdit, perms Permission) error {
	manage := perms.has(PermManageThreads)
	creator := ch.ownerID == s.bot.ID
	_, member := ch.threadMembers[s.bot.ID]
	unarchive := edit.Archived != nil && !*edit.Archived && ch.archived
	if edit.Locked != nil && *edit.Locked != ch.locked && !manage {
		return errMissingPermissions()
	}
	if unarchive {
		if ch.locked && !manage && !creator {
			return errMissingPermissions()
		}
		if !member && !manage {
			return errMissingPermissions()
		}
	}
	if (edit.Name != nil || edit.AutoArchiveDuration != nil || (edit.Archived != nil && *edit.Archived)) && !manage && !creator {
		return errMissingPermissions()
	}
	if ch.archived && !unarchive && (edit.Name != nil || edit.AutoArchiveDuration != nil || edit.Invitable != nil) {
		s.recordLocked(ArchivedThread, c.r.Method, c.path, "edited archived thread %s without unarchiving it", ch.id)
		return errThreadArchived()
	}
	return nil
}

// handleGetGuild is GET /guilds/{guild}.
func (s *Server) handleGetGuild(c *call) (response, error) {
	g, found := s.guilds[c.param("guild")]
	if !found {
		return response{}, errUnknownGuild()
	}
	full := s.guildCreateJSON(g)
	for _, gatewayOnly := range []string{"members", "channels", "threads", "presences", "voice_states",
		"joined_at", "large", "unavailable", "member_count", "stage_instances", "guild_scheduled_events", "soundboard_sounds"} {
		delete(full, gatewayOnly)
	}
	return ok(full), nil
}

// handleGuildChannels is GET /guilds/{guild}/channels.
func (s *Server) handleGuildChannels(c *call) (response, error) {
	g, found := s.guilds[c.param("guild")]
	if !found {
		return response{}, errUnknownGuild()
	}
	out := []any{}
	for _, id := range g.channelIDs {
		out = append(out, s.channelJSON(s.channels[id]))
	}
	return ok(out), nil
}

// handleActiveThreads is GET /guilds/{guild}/threads/active.
func (s *Server) handleActiveThreads(c *call) (response, error) {
	g, found := s.guilds[c.param("guild")]
	if !found {
		return response{}, errUnknownGuild()
	}
	threads, members := []any{}, []any{}
	for _, id := range s.threadIDs {
		t := s.channels[id]
		if t.guildID != g.id || t.archived {
			continue
		}
		if _, err := s.channelForBotLocked(id); err != nil {
			continue
		}
		threads = append(threads, s.channelJSON(t))
		if joined, ok := t.threadMembers[s.bot.ID]; ok {
			members = append(members, threadMemberJSON(t.id, s.bot.ID, joined))
		}
	}
	return ok(map[string]any{"threads": threads, "members": members}), nil
}

// handleGetMember is GET /guilds/{guild}/members/{user}.
func (s *Server) handleGetMember(c *call) (response, error) {
	g, found := s.guilds[c.param("guild")]
	if !found {
		return response{}, errUnknownGuild()
	}
	m, found := g.members[c.param("user")]
	if !found {
		return response{}, errUnknownMember()
	}
	return ok(s.memberJSON(m, true)), nil
}

// handleGetUser is GET /users/{user} (and /users/@me).
func (s *Server) handleGetUser(c *call) (response, error) {
	id := c.param("user")
	if id == "@me" {
		id = s.bot.ID
	}
	u, found := s.users[id]
	if !found {
		return response{}, errUnknownUser()
	}
	return ok(userJSON(u)), nil
}

// handleCreateDM is POST /users/@me/channels: open the DM channel with a
// user. It succeeds even for users who refuse DMs; sending then fails.
func (s *Server) handleCreateDM(c *call) (response, error) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.Unmarshal(c.body, &body); err != nil || body.RecipientID == "" {
		c.errs.add("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")
		return response{}, c.formFailure()
	}
	if _, found := s.users[body.RecipientID]; !found || body.RecipientID == s.bot.ID {
		return response{}, apiErr(http.StatusBadRequest, CodeInvalidRecipient, "Invalid Recipient(s)")
	}
	return ok(s.channelJSON(s.dmChannelLocked(body.RecipientID))), nil
}

// sharesGuildWithBotLocked tells whether a user is in a guild with the bot,
// which Discord requires before a bot may DM them.
func (s *Server) sharesGuildWithBotLocked(userID string) bool {
	return slices.ContainsFunc(s.guildIDs, func(id string) bool {
		_, ok := s.guilds[id].members[userID]
		return ok
	})
}
