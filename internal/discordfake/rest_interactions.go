package discordfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// interactionResponse is the body of POST /interactions/{id}/{token}/callback.
type interactionResponse struct {
	Type int             `json:"type"`
	Data json.RawMessage `json:"data"`
}

// callbackAllowed tells whether an answer type fits an interaction: message
// updates only for components (and modals opened from one), autocomplete
// results only for autocomplete, modals not for modal submits.
func callbackAllowed(ix *interaction, callbackType int) bool {
	switch callbackType {
	case CallbackChannelMessage, CallbackDeferredChannelMessage:
		return ix.typ == InteractionApplicationCommand || ix.typ == InteractionMessageComponent || ix.typ == InteractionModalSubmit
	case CallbackDeferredUpdateMessage, CallbackUpdateMessage:
		return ix.typ == InteractionMessageComponent || (ix.typ == InteractionModalSubmit && ix.sourceID != "")
	case CallbackAutocompleteResult:
		return ix.typ == InteractionAutocomplete
	case CallbackModal:
		return ix.typ == InteractionApplicationCommand || ix.typ == InteractionMessageComponent
	default:
		return false
	}
}

// handleCallback is POST /interactions/{interaction}/{token}/callback: the
// bot's first answer, due within 3 seconds of delivery.
func (s *Server) handleCallback(c *call) (response, error) {
	ix, found := s.ixByID[c.param("interaction")]
	if !found || ix.token != c.param("token") {
		return response{}, errUnknownInteraction()
	}
	body, tooLarge := parseBody(c.r.Header.Get("Content-Type"), c.body, &c.errs)
	if tooLarge != nil {
		return response{}, tooLarge
	}
	var resp interactionResponse
	if err := json.Unmarshal(body.json, &resp); err != nil || resp.Type == 0 {
		c.errs.kind = InvalidFormBody
		c.errs.add("type", "BASE_TYPE_REQUIRED", "The body must be an interaction response with a type.")
	}
	if !c.errs.ok() {
		return response{}, c.formFailure()
	}
	if ix.callback != nil {
		s.recordLocked(DoubleResponse, c.r.Method, c.path, "interaction %s was already answered with type %d", ix.id, ix.callback.Type)
		return response{}, apiErr(http.StatusBadRequest, CodeAlreadyAcknowledged, "Interaction has already been acknowledged.")
	}
	if ix.invalidated {
		return response{}, errUnknownInteraction()
	}
	start := ix.createdAt
	if ix.delivered {
		start = ix.deliveredAt
	}
	if answeredLate(start, c.now) {
		ix.invalidated = true
		s.recordLocked(LateResponse, c.r.Method, c.path, "first answer to interaction %s came %v after delivery (limit %v)",
			ix.id, c.now.Sub(start), ResponseDeadline)
		return response{}, errUnknownInteraction()
	}
	if !callbackAllowed(ix, resp.Type) {
		c.errs.kind = WrongCallbackType
		c.errs.add("type", "INTERACTION_RESPONSE_TYPE_INVALID",
			fmt.Sprintf("Response type %d is not valid for an interaction of type %d.", resp.Type, ix.typ))
		return response{}, c.formFailure()
	}
	cb := &Callback{Type: resp.Type, At: c.now}
	var err error
	switch resp.Type {
	case CallbackChannelMessage:
		err = s.respondWithMessageLocked(c, ix, resp.Data, body, cb)
	case CallbackDeferredChannelMessage:
		err = s.deferLocked(c, ix, resp.Data, cb)
	case CallbackDeferredUpdateMessage:
		ix.originalID = ix.sourceID
	case CallbackUpdateMessage:
		err = s.updateSourceLocked(c, ix, resp.Data, body, cb)
	case CallbackAutocompleteResult:
		err = s.autocompleteResultLocked(c, ix, resp.Data, cb)
	case CallbackModal:
		err = s.showModalLocked(c, ix, resp.Data, cb)
	}
	if err != nil {
		return response{}, err
	}
	ix.callback = cb
	if c.r.URL.Query().Get("with_response") == "true" {
		return ok(s.callbackResponseJSON(ix)), nil
	}
	return noContent(), nil
}

// fillCallback copies a message answer into the callback record.
func (s *Server) fillCallback(cb *Callback, m *message) {
	snap := s.messageSnapshotLocked(m)
	cb.Content, cb.Flags, cb.Ephemeral = snap.Content, snap.Flags, snap.Ephemeral
	cb.Embeds, cb.Components, cb.Attachments = snap.Embeds, snap.Components, snap.Attachments
}

func interactionMessageType(ix *interaction) int {
	if ix.typ == InteractionApplicationCommand {
		return MessageChatInputCommand
	}
	return MessageDefault
}

func (s *Server) interactionMetaLocked(ix *interaction) map[string]any {
	owner := "0"
	if ix.guildID != "" {
		owner = ix.guildID
	}
	meta := map[string]any{"id": ix.id, "type": ix.typ, "user": userJSON(s.users[ix.userID]),
		"authorizing_integration_owners": map[string]any{"0": owner}}
	if ix.sourceID != "" {
		meta["interacted_message_id"] = ix.sourceID
	}
	return meta
}

// newInteractionMessageLocked builds a message posted with the
// interaction's token.
func (s *Server) newInteractionMessageLocked(ix *interaction, now time.Time) *message {
	m := &message{id: s.ids.next(now), channelID: ix.channelID, guildID: ix.guildID, authorID: s.bot.ID,
		typ: interactionMessageType(ix), timestamp: now, webhookID: s.appID, interactionID: ix.id,
		interactionMeta: s.interactionMetaLocked(ix)}
	return m
}

// respondWithMessageLocked answers CHANNEL_MESSAGE_WITH_SOURCE.
func (s *Server) respondWithMessageLocked(c *call, ix *interaction, data json.RawMessage, body requestBody, cb *Callback) error {
	fields := decodeMessageFields(data, "data.", &c.errs)
	refs := checkMessageFields(fields, "data.", interactionResponseAllowedFlags, &c.errs)
	attachments := s.resolveAttachmentsLocked(fields, body, nil, refs, "data.", &c.errs)
	if !c.errs.ok() {
		return c.formFailure()
	}
	m := s.newInteractionMessageLocked(ix, c.now)
	m.content, m.embeds, m.components, m.attachments, m.flags = fields.content, fields.embeds, fields.components, attachments, fields.flags
	m.mentions = s.parseMentionsLocked(m.content)
	if m.empty() {
		s.recordLocked(EmptyMessage, c.r.Method, c.path, "an interaction answer with nothing in it")
		return errEmptyMessage()
	}
	if m.ephemeral() {
		m.visibleTo = ix.userID
	}
	s.storeMessageLocked(m)
	s.dispatchMessageLocked(eventMessageCreate, m)
	ix.originalID = m.id
	s.fillCallback(cb, m)
	return nil
}

// deferLocked answers DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: a loading
// message that a later edit (or the first follow-up) fills.
func (s *Server) deferLocked(c *call, ix *interaction, data json.RawMessage, cb *Callback) error {
	fields := decodeMessageFields(data, "data.", &c.errs)
	c.errs.kind = InvalidFormBody
	if extra := fields.flags &^ deferredResponseAllowedFlags; extra != 0 {
		c.errs.add("data.flags", "MESSAGE_FLAGS_INVALID", "Only EPHEMERAL may be set on a deferred answer.")
	}
	if !c.errs.ok() {
		return c.formFailure()
	}
	m := s.newInteractionMessageLocked(ix, c.now)
	m.flags = fields.flags | FlagLoading
	if m.ephemeral() {
		m.visibleTo = ix.userID
	}
	s.storeMessageLocked(m)
	s.dispatchMessageLocked(eventMessageCreate, m)
	ix.originalID = m.id
	cb.Flags, cb.Ephemeral = fields.flags, fields.flags&FlagEphemeral != 0
	return nil
}

// updateSourceLocked answers UPDATE_MESSAGE: the component's message is
// edited in place.
func (s *Server) updateSourceLocked(c *call, ix *interaction, data json.RawMessage, body requestBody, cb *Callback) error {
	src, found := s.messages[ix.sourceID]
	if !found || src.deleted {
		return errUnknownMessage()
	}
	if err := s.applyEditLocked(c, src, data, body, "data.", messageEditAllowedFlags); err != nil {
		return err
	}
	s.dispatchMessageLocked(eventMessageUpdate, src)
	ix.originalID = src.id
	s.fillCallback(cb, src)
	return nil
}

// autocompleteResultLocked answers APPLICATION_COMMAND_AUTOCOMPLETE_RESULT:
// at most 25 choices of the focused option's type.
func (s *Server) autocompleteResultLocked(c *call, ix *interaction, data json.RawMessage, cb *Callback) error {
	var d struct {
		Choices []CommandChoice `json:"choices"`
	}
	c.errs.kind = InvalidFormBody
	if err := json.Unmarshal(data, &d); err != nil {
		c.errs.add("data.choices", "BASE_TYPE_ARRAY", "Must be an array of choices.")
		return c.formFailure()
	}
	if len(d.Choices) > maxChoices {
		c.errs.add("data.choices", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxChoices))
	}
	for i, ch := range d.Choices {
		path := fmt.Sprintf("data.choices.%d", i)
		checkLength(ch.Name, 1, 100, path+".name", &c.errs)
		checkChoiceValue(ix.focusedType, ch.Value, path+".value", &c.errs)
		cb.Choices = append(cb.Choices, Choice(ch))
	}
	if !c.errs.ok() {
		return c.formFailure()
	}
	return nil
}

// showModalLocked answers MODAL: the modal opens for the user.
func (s *Server) showModalLocked(c *call, ix *interaction, data json.RawMessage, cb *Callback) error {
	var d struct {
		CustomID   string            `json:"custom_id"`
		Title      string            `json:"title"`
		Components []json.RawMessage `json:"components"`
	}
	c.errs.kind = InvalidComponents
	if err := json.Unmarshal(data, &d); err != nil {
		c.errs.add("data", "MODEL_TYPE_CONVERT", "The data must be a modal.")
		return c.formFailure()
	}
	inputs := checkModal(d.CustomID, d.Title, d.Components, &c.errs)
	if !c.errs.ok() {
		return c.formFailure()
	}
	modal := Modal{CustomID: d.CustomID, Title: d.Title, Inputs: inputs}
	s.modals = append(s.modals, &openModal{userID: ix.userID, modal: modal, origin: ix})
	cb.Modal = &modal
	return nil
}

// callbackResponseJSON is the answer to ?with_response=true.
func (s *Server) callbackResponseJSON(ix *interaction) map[string]any {
	inter := map[string]any{"id": ix.id, "type": ix.typ}
	out := map[string]any{"interaction": inter}
	if m, found := s.messages[ix.originalID]; found {
		inter["response_message_id"] = m.id
		inter["response_message_loading"] = m.loading()
		inter["response_message_ephemeral"] = m.ephemeral()
		out["resource"] = map[string]any{"type": ix.callback.Type, "message": s.messageJSON(m)}
	}
	return out
}
