package discordfake

import (
	"context"
	"fmt"
	"time"
)

// Interaction types.
const (
	InteractionPing               = 1
	InteractionApplicationCommand = 2
	InteractionMessageComponent   = 3
	InteractionAutocomplete       = 4
	InteractionModalSubmit        = 5
)

// Interaction callback (answer) types.
const (
	CallbackPong                    = 1
	CallbackChannelMessage          = 4
	CallbackDeferredChannelMessage  = 5
	CallbackDeferredUpdateMessage   = 6
	CallbackUpdateMessage           = 7
	CallbackAutocompleteResult      = 8
	CallbackModal                   = 9
	interactionResponseAllowedFlags = FlagSuppressEmbeds | FlagEphemeral | FlagSuppressNotifications
	deferredResponseAllowedFlags    = FlagEphemeral
	messageEditAllowedFlags         = FlagSuppressEmbeds
	channelMessageAllowedFlags      = FlagSuppressEmbeds | FlagSuppressNotifications
	interactionFollowupAllowedFlags = FlagSuppressEmbeds | FlagEphemeral | FlagSuppressNotifications
)

// interaction is the fake's record of one interaction.
type interaction struct {
	id          string
	token       string
	typ         int
	userID      string
	channelID   string
	guildID     string
	createdAt   time.Time
	deliveredAt time.Time
	delivered   bool
	commandName string
	focusedType int    // autocomplete: type of the focused option
	sourceID    string // the message of a component, or of the component that opened a modal
	callback    *Callback
	invalidated bool // answered too late: the token no longer works
	originalID  string
	followupIDs []string
}

// Callback is the bot's first answer to an interaction.
type Callback struct {
	Type        int
	Content     string
	Flags       int
	Ephemeral   bool
	Embeds      []Embed
	Components  []Component
	Attachments []Attachment
	Choices     []Choice // autocomplete results
	Modal       *Modal   // modal answers
	At          time.Time
}

// Choice is an autocomplete suggestion.
type Choice struct {
	Name  string
	Value any // string or float64
}

// Modal is a popup form the bot showed a user.
type Modal struct {
	CustomID string
	Title    string
	Inputs   []Component // the text inputs, in order
}

// openModal is a modal shown to a user and not yet submitted.
type openModal struct {
	userID    string
	modal     Modal
	origin    *interaction
	submitted bool
}

// Interaction is a handle on an interaction the test sent, to await the
// bot's answer.
type Interaction struct {
	s         *Server
	ID        string
	Token     string
	Type      int
	UserID    string
	ChannelID string
	GuildID   string
}

// InteractionState is what the bot has done with an interaction so far.
type InteractionState struct {
	Delivered bool
	Callback  *Callback // nil until answered
	// Original is the message the answer shows: the response message of a
	// CHANNEL_MESSAGE_WITH_SOURCE or deferred answer, or the component's
	// message for UPDATE_MESSAGE and DEFERRED_UPDATE_MESSAGE.
	Original  *Message
	Followups []Message
}

func (s *Server) markDeliveredLocked(id string) {
	ix, ok := s.ixByID[id]
	if !ok || ix.delivered {
		return
	}
	ix.delivered = true
	ix.deliveredAt = s.clock.Now()
}

func (s *Server) interactionStateLocked(ix *interaction) InteractionState {
	st := InteractionState{Delivered: ix.delivered}
	if ix.callback != nil {
		cb := *ix.callback
		st.Callback = &cb
	}
	if m, ok := s.messages[ix.originalID]; ok {
		snap := s.messageSnapshotLocked(m)
		st.Original = &snap
	}
	for _, id := range ix.followupIDs {
		st.Followups = append(st.Followups, s.messageSnapshotLocked(s.messages[id]))
	}
	return st
}

// State returns what the bot has done with the interaction so far.
func (ix *Interaction) State() InteractionState {
	ix.s.mu.Lock()
	defer ix.s.mu.Unlock()
	return ix.s.interactionStateLocked(ix.s.ixByID[ix.ID])
}

// WaitUntil waits until cond holds for the interaction's state.
func (ix *Interaction) WaitUntil(ctx context.Context, cond func(InteractionState) bool) (InteractionState, error) {
	var st InteractionState
	err := ix.s.waitLocked(ctx, func() bool {
		st = ix.s.interactionStateLocked(ix.s.ixByID[ix.ID])
		return cond(st)
	})
	return st, err
}

// Delivered waits until the interaction was written to the bot's gateway
// connection.
func (ix *Interaction) Delivered(ctx context.Context) error {
	_, err := ix.WaitUntil(ctx, func(st InteractionState) bool { return st.Delivered })
	return err
}

// Callback waits for the bot's first answer.
func (ix *Interaction) Callback(ctx context.Context) (Callback, error) {
	st, err := ix.WaitUntil(ctx, func(st InteractionState) bool { return st.Callback != nil })
	if err != nil {
		return Callback{}, err
	}
	return *st.Callback, nil
}

// Reply waits for the first message the user sees as the answer: the
// response message (after its edit or first follow-up when deferred), the
// updated component message, or the first follow-up after a deferred
// update. Autocomplete and modal answers give ErrNoReply.
func (ix *Interaction) Reply(ctx context.Context) (Message, error) {
	var reply Message
	_, err := ix.WaitUntil(ctx, func(st InteractionState) bool {
		m, done := replyOf(st)
		reply = m
		return done
	})
	if err != nil {
		return Message{}, err
	}
	if reply.ID == "" {
		return Message{}, fmt.Errorf("%w: answered with type %d", ErrNoReply, ix.State().Callback.Type)
	}
	return reply, nil
}

// replyOf picks the visible answer from a state; done tells whether the
// wait is over (with an empty message when there will be none).
func replyOf(st InteractionState) (Message, bool) {
	cb := st.Callback
	if cb == nil {
		return Message{}, false
	}
	switch cb.Type {
	case CallbackChannelMessage, CallbackUpdateMessage:
		if st.Original != nil {
			return *st.Original, true
		}
	case CallbackDeferredChannelMessage:
		if st.Original != nil && !st.Original.Loading {
			return *st.Original, true
		}
	case CallbackDeferredUpdateMessage:
		if st.Original != nil && !st.Original.EditedAt.IsZero() && !st.Original.EditedAt.Before(cb.At) {
			return *st.Original, true
		}
		if len(st.Followups) > 0 {
			return st.Followups[0], true
		}
	default:
		return Message{}, true
	}
	return Message{}, false
}

// Followups waits until the bot has sent at least n follow-up messages (the
// first follow-up after a deferred answer fills the response message
// instead, as on Discord) and returns them all.
func (ix *Interaction) Followups(ctx context.Context, n int) ([]Message, error) {
	st, err := ix.WaitUntil(ctx, func(st InteractionState) bool { return len(st.Followups) >= n })
	return st.Followups, err
}

// Choices waits for an autocomplete answer and returns its choices.
func (ix *Interaction) Choices(ctx context.Context) ([]Choice, error) {
	cb, err := ix.Callback(ctx)
	if err != nil {
		return nil, err
	}
	if cb.Type != CallbackAutocompleteResult {
		return nil, fmt.Errorf("%w: %d, not an autocomplete result", ErrWrongAnswerType, cb.Type)
	}
	return cb.Choices, nil
}

// Modal waits for a modal answer and returns the modal.
func (ix *Interaction) Modal(ctx context.Context) (Modal, error) {
	cb, err := ix.Callback(ctx)
	if err != nil {
		return Modal{}, err
	}
	if cb.Type != CallbackModal || cb.Modal == nil {
		return Modal{}, fmt.Errorf("%w: %d, not a modal", ErrWrongAnswerType, cb.Type)
	}
	return *cb.Modal, nil
}

// UnansweredInteractions lists interactions the bot has not answered yet.
func (s *Server) UnansweredInteractions() []*Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Interaction
	for _, id := range s.ixOrder {
		ix := s.ixByID[id]
		if ix.callback == nil {
			out = append(out, s.handleOf(ix))
		}
	}
	return out
}

func (s *Server) handleOf(ix *interaction) *Interaction {
	return &Interaction{s: s, ID: ix.id, Token: ix.token, Type: ix.typ, UserID: ix.userID,
		ChannelID: ix.channelID, GuildID: ix.guildID}
}
