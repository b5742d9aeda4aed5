package discordfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// threadStart is the body of the two "start thread" endpoints.
type threadStart struct {
	Name                *string `json:"name"`
	AutoArchiveDuration *int    `json:"auto_archive_duration"`
	Type                *int    `json:"type"`
	Invitable           *bool   `json:"invitable"`
}

// checkArchiveDuration allows the four durations Discord offers.
func checkArchiveDuration(minutes int, path string, errs *formErrors) {
	switch minutes {
	case 60, 1440, 4320, 10080:
	default:
		errs.add(path, "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {60, 1440, 4320, 10080} (got %d).", minutes))
	}
}

func (c *call) decodeThreadStart() threadStart {
	var body threadStart
	if err := json.Unmarshal(c.body, &body); err != nil {
		c.errs.add("", "MODEL_TYPE_CONVERT", "The body must be a thread object.")
		return body
	}
	if body.Name == nil {
		c.errs.add("name", "BASE_TYPE_REQUIRED", "This field is required")
	} else {
		checkLength(*body.Name, 1, 100, "name", &c.errs)
	}
	if body.AutoArchiveDuration != nil {
		checkArchiveDuration(*body.AutoArchiveDuration, "auto_archive_duration", &c.errs)
	}
	return body
}

// textParentLocked checks that a channel can hold threads.
func (s *Server) textParentLocked(id string) (*channel, error) {
	parent, err := s.channelForBotLocked(id)
	if err != nil {
		return nil, err
	}
	if parent.typ != ChannelGuildText && parent.typ != ChannelGuildAnnouncement {
		return nil, errWrongChannelType()
	}
	return parent, nil
}

// handleStartThreadFromMessage is POST /channels/{channel}/messages/{message}/threads:
// a public thread whose ID is the message's.
func (s *Server) handleStartThreadFromMessage(c *call) (response, error) {
	parent, err := s.textParentLocked(c.param("channel"))
	if err != nil {
		return response{}, err
	}
	m, found := s.messages[c.param("message")]
	if !found || m.channelID != parent.id || m.deleted || m.ephemeral() {
		return response{}, errUnknownMessage()
	}
	body := c.decodeThreadStart()
	if !c.errs.ok() {
		return response{}, c.formFailure()
	}
	if !s.botPermissionsLocked(parent).has(PermCreatePublicThreads) {
		return response{}, errMissingPermissions()
	}
	if m.threadID != "" {
		return response{}, apiErr(http.StatusBadRequest, CodeThreadAlreadyCreated, "A thread has already been created for this message")
	}
	typ := ChannelPublicThread
	if parent.typ == ChannelGuildAnnouncement {
		typ = ChannelAnnouncementThread
	}
	t := s.newThreadLocked(parent, m.id, *body.Name, typ, body, c)
	t.starterMessageID = m.id
	m.threadID = t.id
	return created(s.channelJSON(t)), nil
}

// handleStartThread is POST /channels/{channel}/threads: a thread without a
// starter message, private unless the type says otherwise (API v9).
func (s *Server) handleStartThread(c *call) (response, error) {
	parent, err := s.textParentLocked(c.param("channel"))
	if err != nil {
		return response{}, err
	}
	body := c.decodeThreadStart()
	typ := ChannelPrivateThread
	if body.Type != nil {
		typ = *body.Type
	}
	if typ != ChannelPublicThread && typ != ChannelPrivateThread && typ != ChannelAnnouncementThread {
		c.errs.add("type", "BASE_TYPE_CHOICES", "Value must be one of {10, 11, 12}.")
	}
	if !c.errs.ok() {
		return response{}, c.formFailure()
	}
	need := PermCreatePublicThreads
	if typ == ChannelPrivateThread {
		need = PermCreatePrivateThreads
		if parent.typ != ChannelGuildText {
			return response{}, errWrongChannelType()
		}
	}
	if !s.botPermissionsLocked(parent).has(need) {
		return response{}, errMissingPermissions()
	}
	t := s.newThreadLocked(parent, s.ids.next(c.now), *body.Name, typ, body, c)
	return created(s.channelJSON(t)), nil
}

// newThreadLocked creates a thread with the bot as owner and first member
// and announces it with THREAD_CREATE.
func (s *Server) newThreadLocked(parent *channel, id, name string, typ int, body threadStart, c *call) *channel {
	t := &channel{id: id, guildID: parent.guildID, name: name, typ: typ, parentID: parent.id,
		createdAt: c.now, archiveTimestamp: c.now, autoArchive: 4320, ownerID: s.bot.ID,
		threadMembers: map[string]time.Time{}}
	if body.AutoArchiveDuration != nil {
		t.autoArchive = *body.AutoArchiveDuration
	}
	if typ == ChannelPrivateThread {
		t.invitable = body.Invitable == nil || *body.Invitable
	}
	t.addThreadMember(s.bot.ID, c.now)
	s.channels[t.id] = t
	s.threadIDs = append(s.threadIDs, t.id)
	payload := s.channelJSON(t)
	payload["newly_created"] = true
	s.dispatchAllLocked(eventThreadCreate, payload, dispatchScope{intent: IntentGuilds})
	return t
}

// threadMemberTargetLocked resolves the thread and user of a thread-members
// route.
func (s *Server) threadMemberTargetLocked(c *call) (*channel, string, error) {
	t, err := s.channelForBotLocked(c.param("channel"))
	if err != nil {
		return nil, "", err
	}
	if !t.isThread() {
		return nil, "", errWrongChannelType()
	}
	userID := c.param("user")
	if userID == "@me" {
		userID = s.bot.ID
	}
	if _, member := s.guilds[t.guildID].members[userID]; !member {
		return nil, "", errUnknownMember()
	}
	return t, userID, nil
}

// handleAddThreadMember is PUT /channels/{thread}/thread-members/{user}.
func (s *Server) handleAddThreadMember(c *call) (response, error) {
	t, userID, err := s.threadMemberTargetLocked(c)
	if err != nil {
		return response{}, err
	}
	if t.archived {
		s.recordLocked(ArchivedThread, c.r.Method, c.path, "added a member to archived thread %s without unarchiving it", t.id)
		return response{}, errThreadArchived()
	}
	_, botMember := t.threadMembers[s.bot.ID]
	if userID != s.bot.ID && t.typ == ChannelPrivateThread && !botMember && !s.botPermissionsLocked(t).has(PermManageThreads) {
		return response{}, errMissingAccess()
	}
	if t.addThreadMember(userID, c.now) {
		s.dispatchThreadMembersLocked(t, userID, true)
	}
	return noContent(), nil
}

// handleRemoveThreadMember is DELETE /channels/{thread}/thread-members/{user}.
func (s *Server) handleRemoveThreadMember(c *call) (response, error) {
	t, userID, err := s.threadMemberTargetLocked(c)
	if err != nil {
		return response{}, err
	}
	if t.archived {
		s.recordLocked(ArchivedThread, c.r.Method, c.path, "removed a member from archived thread %s without unarchiving it", t.id)
		return response{}, errThreadArchived()
	}
	if userID != s.bot.ID && t.ownerID != s.bot.ID && !s.botPermissionsLocked(t).has(PermManageThreads) {
		return response{}, errMissingPermissions()
	}
	if t.removeThreadMember(userID) {
		s.dispatchThreadMembersLocked(t, userID, false)
	}
	return noContent(), nil
}

// handleGetThreadMember is GET /channels/{thread}/thread-members/{user}.
func (s *Server) handleGetThreadMember(c *call) (response, error) {
	t, userID, err := s.threadMemberTargetLocked(c)
	if err != nil {
		return response{}, err
	}
	joined, member := t.threadMembers[userID]
	if !member {
		return response{}, errUnknownMember()
	}
	return ok(threadMemberJSON(t.id, userID, joined)), nil
}

// dispatchThreadMembersLocked sends THREAD_MEMBERS_UPDATE: always for the
// bot's own membership, with the Guild Members intent for others.
func (s *Server) dispatchThreadMembersLocked(t *channel, userID string, added bool) {
	payload := map[string]any{"id": t.id, "guild_id": t.guildID, "member_count": min(len(t.threadMemberIDs), 50)}
	if added {
		payload["added_members"] = []any{threadMemberJSON(t.id, userID, t.threadMembers[userID])}
	} else {
		payload["removed_member_ids"] = []string{userID}
	}
	intent := IntentGuildMembers
	if userID == s.bot.ID {
		intent = IntentGuilds
	}
	s.dispatchAllLocked(eventThreadMembersUpdate, payload, dispatchScope{intent: intent})
}
