package discordfake

import (
	"net/http"
	"slices"
)

// webhookInteractionLocked finds the interaction of an interaction webhook
// route and checks its token: unknown before the first answer, invalid
// after 15 minutes or a late first answer.
func (s *Server) webhookInteractionLocked(c *call) (*interaction, error) {
	ix, found := s.ixByToken[c.param("token")]
	if !found || c.param("application") != s.appID {
		return nil, errUnknownWebhook()
	}
	if tokenExpired(ix.createdAt, c.now) {
		s.recordLocked(ExpiredToken, c.r.Method, c.path, "interaction %s token used %v after the interaction (limit %v)",
			ix.id, c.now.Sub(ix.createdAt), TokenLifetime)
		return nil, apiErr(http.StatusUnauthorized, CodeInvalidWebhookToken, "Invalid Webhook Token")
	}
	if ix.invalidated {
		return nil, errUnknownWebhook()
	}
	return ix, nil
}

// webhookMessageLocked finds the interaction and its message (@original
// or a follow-up) of a webhook message route.
func (s *Server) webhookMessageLocked(c *call) (*message, error) {
	ix, err := s.webhookInteractionLocked(c)
	if err != nil {
		return nil, err
	}
	id := c.param("message")
	if id == "@original" {
		id = ix.originalID
	} else if id != ix.originalID && !slices.Contains(ix.followupIDs, id) {
		return nil, errUnknownMessage()
	}
	m, found := s.messages[id]
	if !found || m.deleted {
		return nil, errUnknownMessage()
	}
	return m, nil
}

// handleFollowup is POST /webhooks/{application}/{token}: a follow-up
// message. Right after a deferred answer it fills the loading message
// instead, keeping the deferred answer's ephemeral flag, as Discord does.
func (s *Server) handleFollowup(c *call) (response, error) {
	ix, err := s.webhookInteractionLocked(c)
	if err != nil {
		return response{}, err
	}
	if ix.callback == nil || ix.callback.Type == CallbackAutocompleteResult {
		s.recordLocked(FollowupBeforeResponse, c.r.Method, c.path, "follow-up to interaction %s, which has no message answer", ix.id)
		return response{}, errUnknownWebhook()
	}
	if c.r.URL.Query().Get("thread_id") != "" {
		c.errs.add("thread_id", "INTERACTION_FOLLOWUP_THREAD_ID_INVALID", "thread_id is not supported for interaction follow-ups.")
		return response{}, c.formFailure()
	}
	body, tooLarge := parseBody(c.r.Header.Get("Content-Type"), c.body, &c.errs)
	if tooLarge != nil {
		return response{}, tooLarge
	}
	if original, found := s.messages[ix.originalID]; found && original.loading() && ix.callback.Type == CallbackDeferredChannelMessage {
		if err := s.applyEditLocked(c, original, body.json, body, "", interactionFollowupAllowedFlags); err != nil {
			return response{}, err
		}
		original.flags = original.flags&^FlagEphemeral | ix.callback.Flags&FlagEphemeral
		s.dispatchMessageLocked(eventMessageUpdate, original)
		return ok(s.messageJSON(original)), nil
	}
	fields := decodeMessageFields(body.json, "", &c.errs)
	refs := checkMessageFields(fields, "", interactionFollowupAllowedFlags, &c.errs)
	attachments := s.resolveAttachmentsLocked(fields, body, nil, refs, "", &c.errs)
	if !c.errs.ok() {
		return response{}, c.formFailure()
	}
	m := s.newInteractionMessageLocked(ix, c.now)
	m.typ = MessageDefault
	m.content, m.embeds, m.components, m.attachments, m.flags = fields.content, fields.embeds, fields.components, attachments, fields.flags
	m.mentions = s.parseMentionsLocked(m.content)
	if m.empty() {
		s.recordLocked(EmptyMessage, c.r.Method, c.path, "a follow-up with nothing in it")
		return response{}, errEmptyMessage()
	}
	if m.ephemeral() {
		m.visibleTo = ix.userID
	}
	s.storeMessageLocked(m)
	s.dispatchMessageLocked(eventMessageCreate, m)
	ix.followupIDs = append(ix.followupIDs, m.id)
	return ok(s.messageJSON(m)), nil
}

// handleGetWebhookMessage is GET /webhooks/{application}/{token}/messages/{message}.
func (s *Server) handleGetWebhookMessage(c *call) (response, error) {
	m, err := s.webhookMessageLocked(c)
	if err != nil {
		return response{}, err
	}
	return ok(s.messageJSON(m)), nil
}

// handleEditWebhookMessage is PATCH /webhooks/{application}/{token}/messages/{message}:
// editing the original answer (filling a deferred one) or a follow-up.
func (s *Server) handleEditWebhookMessage(c *call) (response, error) {
	m, err := s.webhookMessageLocked(c)
	if err != nil {
		return response{}, err
	}
	return s.editMessageLocked(c, m)
}

// handleDeleteWebhookMessage is DELETE /webhooks/{application}/{token}/messages/{message}.
func (s *Server) handleDeleteWebhookMessage(c *call) (response, error) {
	m, err := s.webhookMessageLocked(c)
	if err != nil {
		return response{}, err
	}
	m.deleted = true
	s.dispatchMessageDeleteLocked(m)
	return noContent(), nil
}
