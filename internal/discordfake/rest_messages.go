package discordfake

import (
	"net/http"
	"slices"
	"strconv"
)

// dispatchMessageLocked sends MESSAGE_CREATE or MESSAGE_UPDATE for a
// message, with the intent its channel needs; other users' guild messages
// reach a bot without the Message Content intent empty unless they mention
// it. Ephemeral messages are never dispatched.
func (s *Server) dispatchMessageLocked(event string, m *message) {
	if m.ephemeral() {
		return
	}
	scope := dispatchScope{intent: IntentDirectMessages}
	if m.guildID != "" {
		scope.intent = IntentGuildMessages
		scope.gateContent = m.authorID != s.bot.ID && !slices.Contains(m.mentions, s.bot.ID)
	}
	s.dispatchAllLocked(event, s.messageJSON(m), scope)
}

func (s *Server) dispatchMessageDeleteLocked(m *message) {
	if m.ephemeral() {
		return
	}
	payload := map[string]any{"id": m.id, "channel_id": m.channelID}
	intent := IntentDirectMessages
	if m.guildID != "" {
		payload["guild_id"] = m.guildID
		intent = IntentGuildMessages
	}
	s.dispatchAllLocked(eventMessageDelete, payload, dispatchScope{intent: intent})
}

// checkBotCanPostLocked applies the rules for the bot posting in a channel:
// DMs to users who refuse them or share no guild fail with 50007, guild
// channels need Send Messages (Send Messages in Threads in threads), and
// archived threads refuse messages with 50083 unless AutoUnarchiveOnSend.
func (s *Server) checkBotCanPostLocked(c *call, ch *channel, withFiles bool) error {
	if ch.typ == ChannelDM {
		u := s.users[ch.recipientID]
		if u.RefusesDMs || u.Bot || !s.sharesGuildWithBotLocked(u.ID) {
			return errCannotMessageUser()
		}
		return nil
	}
	perms := s.botPermissionsLocked(ch)
	need := PermSendMessages
	if ch.isThread() {
		need = PermSendMessagesInThreads
	}
	if !perms.has(need) || (withFiles && !perms.has(PermAttachFiles)) {
		return errMissingPermissions()
	}
	if ch.isThread() && ch.archived {
		if s.opts.AutoUnarchiveOnSend && !ch.locked {
			ch.archived = false
			ch.archiveTimestamp = c.now
			s.dispatchAllLocked(eventThreadUpdate, s.channelJSON(ch), dispatchScope{intent: IntentGuilds})
			return nil
		}
		s.recordLocked(ArchivedThread, c.r.Method, c.path, "posted to archived thread %s without unarchiving it", ch.id)
		return errThreadArchived()
	}
	return nil
}

// handleCreateMessage is POST /channels/{channel}/messages, JSON or
// multipart with files.
func (s *Server) handleCreateMessage(c *call) (response, error) {
	ch, err := s.channelForBotLocked(c.param("channel"))
	if err != nil {
		return response{}, err
	}
	body, tooLarge := parseBody(c.r.Header.Get("Content-Type"), c.body, &c.errs)
	if tooLarge != nil {
		return response{}, tooLarge
	}
	if err := s.checkBotCanPostLocked(c, ch, len(body.files) > 0); err != nil {
		return response{}, err
	}
	fields := decodeMessageFields(body.json, "", &c.errs)
	refs := checkMessageFields(fields, "", channelMessageAllowedFlags, &c.errs)
	attachments := s.resolveAttachmentsLocked(fields, body, nil, refs, "", &c.errs)
	if fields.referenceID != "" {
		if ref, found := s.messages[fields.referenceID]; !found || ref.channelID != ch.id {
			c.errs.kind = InvalidFormBody
			c.errs.add("message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
		}
	}
	if !c.errs.ok() {
		return response{}, c.formFailure()
	}
	m := &message{id: s.ids.next(c.now), channelID: ch.id, guildID: ch.guildID, authorID: s.bot.ID,
		content: fields.content, embeds: fields.embeds, components: fields.components, attachments: attachments,
		flags: fields.flags, typ: MessageDefault, mentions: s.parseMentionsLocked(fields.content),
		timestamp: c.now, referenceID: fields.referenceID}
	if m.referenceID != "" {
		m.typ = MessageReply
	}
	if m.empty() {
		s.recordLocked(EmptyMessage, c.r.Method, c.path, "a message with no content, embed, file or component")
		return response{}, errEmptyMessage()
	}
	s.storeMessageLocked(m)
	s.dispatchMessageLocked(eventMessageCreate, m)
	return ok(s.messageJSON(m)), nil
}

// channelMessageLocked finds a message of a channel the bot can see.
func (s *Server) channelMessageLocked(c *call) (*channel, *message, error) {
	ch, err := s.channelForBotLocked(c.param("channel"))
	if err != nil {
		return nil, nil, err
	}
	m, found := s.messages[c.param("message")]
	if !found || m.channelID != ch.id || m.deleted || (m.ephemeral() && m.authorID != s.bot.ID) {
		return nil, nil, errUnknownMessage()
	}
	return ch, m, nil
}

// handleGetMessage is GET /channels/{channel}/messages/{message}.
func (s *Server) handleGetMessage(c *call) (response, error) {
	ch, m, err := s.channelMessageLocked(c)
	if err != nil {
		return response{}, err
	}
	if ch.typ != ChannelDM && !s.botPermissionsLocked(ch).has(PermReadMessageHistory) {
		return response{}, errMissingAccess()
	}
	if m.ephemeral() {
		return response{}, errUnknownMessage()
	}
	return ok(s.messageJSON(m)), nil
}

// handleListMessages is GET /channels/{channel}/messages with limit,
// before and after; newest first.
func (s *Server) handleListMessages(c *call) (response, error) {
	ch, err := s.channelForBotLocked(c.param("channel"))
	if err != nil {
		return response{}, err
	}
	q := c.r.URL.Query()
	limit := 50
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			c.errs.add("limit", "NUMBER_TYPE_MAX", "Must be between 1 and 100.")
			return response{}, c.formFailure()
		}
		limit = n
	}
	before, after := q.Get("before"), q.Get("after")
	out := []any{}
	for i := len(ch.messageIDs) - 1; i >= 0 && len(out) < limit; i-- {
		m := s.messages[ch.messageIDs[i]]
		if m.deleted || m.ephemeral() || (before != "" && !idLess(m.id, before)) || (after != "" && !idLess(after, m.id)) {
			continue
		}
		out = append(out, s.messageJSON(m))
	}
	return ok(out), nil
}

// idLess compares snowflakes numerically.
func idLess(a, b string) bool {
	x, errA := strconv.ParseUint(a, 10, 64)
	y, errB := strconv.ParseUint(b, 10, 64)
	if errA != nil || errB != nil {
		return a < b
	}
	return x < y
}

// handleEditMessage is PATCH /channels/{channel}/messages/{message}.
func (s *Server) handleEditMessage(c *call) (response, error) {
	_, m, err := s.channelMessageLocked(c)
	if err != nil {
		return response{}, err
	}
	if m.authorID != s.bot.ID || m.webhookID != "" {
		return response{}, apiErr(http.StatusForbidden, CodeCannotEditOthersMessage, "Cannot edit a message authored by another user")
	}
	return s.editMessageLocked(c, m)
}

// editMessageLocked applies a PATCH body to a message, which must not be
// in an archived thread, and announces MESSAGE_UPDATE.
func (s *Server) editMessageLocked(c *call, m *message) (response, error) {
	if ch := s.channels[m.channelID]; ch.isThread() && ch.archived {
		s.recordLocked(ArchivedThread, c.r.Method, c.path, "edited a message of archived thread %s without unarchiving it", ch.id)
		return response{}, errThreadArchived()
	}
	body, tooLarge := parseBody(c.r.Header.Get("Content-Type"), c.body, &c.errs)
	if tooLarge != nil {
		return response{}, tooLarge
	}
	if err := s.applyEditLocked(c, m, body.json, body, "", messageEditAllowedFlags); err != nil {
		return response{}, err
	}
	s.dispatchMessageLocked(eventMessageUpdate, m)
	return ok(s.messageJSON(m)), nil
}

// handleDeleteMessage is DELETE /channels/{channel}/messages/{message}.
func (s *Server) handleDeleteMessage(c *call) (response, error) {
	ch, m, err := s.channelMessageLocked(c)
	if err != nil {
		return response{}, err
	}
	if m.authorID != s.bot.ID && !s.botPermissionsLocked(ch).has(PermManageMessages) {
		return response{}, errMissingPermissions()
	}
	m.deleted = true
	s.dispatchMessageDeleteLocked(m)
	return noContent(), nil
}

// applyEditLocked changes the fields present in an edit (fieldsJSON, with
// the files of body), checking the result like a new message.
func (s *Server) applyEditLocked(c *call, m *message, fieldsJSON []byte, body requestBody, prefix string, allowedFlags int) error {
	fields := decodeMessageFields(fieldsJSON, prefix, &c.errs)
	refs := checkMessageFields(fields, prefix, allowedFlags, &c.errs)
	attachments := s.resolveAttachmentsLocked(fields, body, m.attachments, refs, prefix, &c.errs)
	if !c.errs.ok() {
		return c.formFailure()
	}
	next := *m
	if fields.has["content"] {
		next.content = fields.content
		next.mentions = s.parseMentionsLocked(fields.content)
	}
	if fields.has["embeds"] {
		next.embeds = fields.embeds
	}
	if fields.has["components"] {
		next.components = fields.components
	}
	if fields.has["flags"] {
		next.flags = m.flags&^allowedFlags | fields.flags
	}
	next.attachments = attachments
	wasLoading := m.loading()
	next.flags &^= FlagLoading
	if next.empty() {
		s.recordLocked(EmptyMessage, c.r.Method, c.path, "the edit leaves the message with nothing in it")
		return errEmptyMessage()
	}
	if !wasLoading {
		next.edited = c.now
	}
	*m = next
	return nil
}
