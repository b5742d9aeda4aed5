package discordfake

import (
	"context"
	"fmt"
	"slices"
	"unicode/utf8"
)

// maxUserContentLength is what the client lets a (Nitro) user type.
const maxUserContentLength = 4000

// userInChannelLocked checks that a user can see and act in a channel.
func (s *Server) userInChannelLocked(userID, channelID string) (*User, *channel, error) {
	u, found := s.users[userID]
	if !found {
		return nil, nil, fmt.Errorf("%w: %s", ErrUnknownUser, userID)
	}
	c, found := s.channels[channelID]
	if !found {
		return nil, nil, fmt.Errorf("%w: %s", ErrUnknownChannel, channelID)
	}
	switch {
	case c.typ == ChannelDM:
		if c.recipientID != userID {
			return nil, nil, fmt.Errorf("%w: %s is not %s's DM channel", ErrUnknownChannel, channelID, userID)
		}
	default:
		if _, member := s.guilds[c.guildID].members[userID]; !member {
			return nil, nil, fmt.Errorf("%w: %s is not a member of the guild of %s", ErrUnknownChannel, userID, channelID)
		}
		if c.typ == ChannelPrivateThread {
			if _, member := c.threadMembers[userID]; !member {
				return nil, nil, fmt.Errorf("%w: %s is not in private thread %s", ErrUnknownChannel, userID, channelID)
			}
		}
	}
	return u, c, nil
}

// newInteractionLocked records an interaction and dispatches
// INTERACTION_CREATE to every session.
func (s *Server) newInteractionLocked(typ int, u *User, c *channel, data map[string]any, source *message) (*interaction, error) {
	if len(s.sessions) == 0 {
		return nil, ErrNotConnected
	}
	now := s.clock.Now()
	ix := &interaction{id: s.ids.next(now), token: newToken(), typ: typ, userID: u.ID, channelID: c.id,
		guildID: c.guildID, createdAt: now}
	if source != nil {
		ix.sourceID = source.id
	}
	payload := map[string]any{
		"id": ix.id, "application_id": s.appID, "type": typ, "data": data, "token": ix.token, "version": 1,
		"channel_id": c.id, "channel": s.partialChannelJSON(c), "locale": "en-US", "entitlements": []any{},
		"app_permissions": s.botPermissionsLocked(c).String(), "attachment_size_limit": maxFileBytes,
	}
	if c.guildID != "" {
		member := s.memberJSON(s.guilds[c.guildID].members[u.ID], true)
		member["permissions"] = s.memberPermissionsLocked(c).String()
		payload["guild_id"], payload["guild_locale"], payload["member"] = c.guildID, "en-US", member
		payload["context"], payload["authorizing_integration_owners"] = 0, map[string]any{"0": c.guildID}
	} else {
		payload["user"] = userJSON(u)
		payload["context"], payload["authorizing_integration_owners"] = 1, map[string]any{"0": "0"}
	}
	if source != nil {
		payload["message"] = s.messageJSON(source)
	}
	s.ixByID[ix.id] = ix
	s.ixByToken[ix.token] = ix
	s.ixOrder = append(s.ixOrder, ix.id)
	s.dispatchAllLocked(eventInteractionCreate, payload, dispatchScope{interactionID: ix.id})
	s.changedLocked()
	return ix, nil
}

// deliver waits until the interaction reached the bot's connection.
func (s *Server) deliver(ctx context.Context, ix *interaction) (*Interaction, error) {
	handle := s.handleOf(ix)
	if err := handle.Delivered(ctx); err != nil {
		return handle, err
	}
	return handle, nil
}

// commandForLocked finds the chat command a user can run in a channel: the
// guild's own commands first, then global ones (in DMs only global
// commands allowed there).
func (s *Server) commandForLocked(c *channel, name string) (*Command, error) {
	for _, cmd := range s.commands {
		if cmd.Type == CommandChatInput && cmd.Name == name && cmd.GuildID != "" && cmd.GuildID == c.guildID {
			return cmd, nil
		}
	}
	for _, cmd := range s.commands {
		if cmd.Type != CommandChatInput || cmd.Name != name || cmd.GuildID != "" {
			continue
		}
		if c.guildID == "" && ((cmd.DMPermission != nil && !*cmd.DMPermission) || (cmd.Contexts != nil && !slices.Contains(cmd.Contexts, 1))) {
			continue
		}
		if c.guildID != "" && cmd.Contexts != nil && !slices.Contains(cmd.Contexts, 0) {
			continue
		}
		return cmd, nil
	}
	return nil, fmt.Errorf("%w: /%s", ErrUnknownCommand, name)
}

// Slash sends a slash command (INTERACTION_CREATE of type 2) as the user in
// the channel and waits until it reached the bot. The command must be
// registered where the user is; options are checked against it.
func (s *Server) Slash(ctx context.Context, userID, channelID, name string, options ...Option) (*Interaction, error) {
	return s.command(ctx, InteractionApplicationCommand, userID, channelID, name, options)
}

// Autocomplete sends an autocomplete request (type 4) for the option marked
// with Focus; Choices on the handle awaits the answer.
func (s *Server) Autocomplete(ctx context.Context, userID, channelID, name string, options ...Option) (*Interaction, error) {
	return s.command(ctx, InteractionAutocomplete, userID, channelID, name, options)
}

func (s *Server) command(ctx context.Context, typ int, userID, channelID, name string, options []Option) (*Interaction, error) {
	s.mu.Lock()
	u, c, err := s.userInChannelLocked(userID, channelID)
	if err == nil && len(s.sessions) == 0 {
		err = ErrNotConnected
	}
	if err == nil && c.isThread() && c.archived {
		err = fmt.Errorf("%w: %s", ErrThreadArchived, channelID)
	}
	var cmd *Command
	if err == nil {
		cmd, err = s.commandForLocked(c, name)
	}
	b := &optionBuild{s: s, guildID: c.guildIDOrEmpty(), autocomplete: typ == InteractionAutocomplete,
		users: map[string]any{}, members: map[string]any{}, channels: map[string]any{}, roles: map[string]any{}}
	var wireOptions []any
	if err == nil {
		wireOptions, err = b.build(cmd.Options, options)
	}
	if err == nil && b.autocomplete && b.focused != 1 {
		err = badOptions("autocomplete needs exactly one Focus option, got %d", b.focused)
	}
	var ix *interaction
	if err == nil {
		data := map[string]any{"id": cmd.ID, "name": cmd.Name, "type": CommandChatInput, "options": wireOptions}
		if cmd.GuildID != "" {
			data["guild_id"] = cmd.GuildID
		}
		if r := b.resolved(); len(r) > 0 {
			data["resolved"] = r
		}
		ix, err = s.newInteractionLocked(typ, u, c, data, nil)
	}
	if err == nil {
		ix.commandName = cmd.Name
		ix.focusedType = b.focusedType
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return s.deliver(ctx, ix)
}

func (c *channel) guildIDOrEmpty() string {
	if c == nil {
		return ""
	}
	return c.guildID
}

// componentTargetLocked finds a message a user can act on and one of its
// components.
func (s *Server) componentTargetLocked(userID, messageID, customID string) (*User, *channel, *message, Component, error) {
	m, found := s.messages[messageID]
	if !found || m.deleted || (m.ephemeral() && m.visibleTo != userID) {
		return nil, nil, nil, Component{}, fmt.Errorf("%w: %s", ErrUnknownMessage, messageID)
	}
	u, c, err := s.userInChannelLocked(userID, m.channelID)
	if err != nil {
		return nil, nil, nil, Component{}, err
	}
	if c.isThread() && c.archived {
		return nil, nil, nil, Component{}, fmt.Errorf("%w: %s", ErrThreadArchived, c.id)
	}
	comp, found := Find(decodeComponents(m.components), customID)
	if !found || comp.Disabled {
		return nil, nil, nil, Component{}, fmt.Errorf("%w: %q on message %s", ErrUnknownComponent, customID, messageID)
	}
	return u, c, m, comp, nil
}

// Click presses a button (INTERACTION_CREATE of type 3) as the user and
// waits until it reached the bot. Link, premium and disabled buttons
// cannot be pressed.
func (s *Server) Click(ctx context.Context, userID, messageID, customID string) (*Interaction, error) {
	s.mu.Lock()
	u, c, m, comp, err := s.componentTargetLocked(userID, messageID, customID)
	if err == nil && (comp.Type != ComponentButton || comp.Style == ButtonLink || comp.Style == ButtonPremium) {
		err = fmt.Errorf("%w: %q is not a clickable button", ErrUnknownComponent, customID)
	}
	var ix *interaction
	if err == nil {
		ix, err = s.newInteractionLocked(InteractionMessageComponent, u, c,
			map[string]any{"custom_id": customID, "component_type": ComponentButton}, m)
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return s.deliver(ctx, ix)
}

// Select picks values in a string select menu (type 3 interaction).
func (s *Server) Select(ctx context.Context, userID, messageID, customID string, values ...string) (*Interaction, error) {
	s.mu.Lock()
	u, c, m, comp, err := s.componentTargetLocked(userID, messageID, customID)
	if err == nil {
		err = checkSelection(comp, values)
	}
	var ix *interaction
	if err == nil {
		ix, err = s.newInteractionLocked(InteractionMessageComponent, u, c,
			map[string]any{"custom_id": customID, "component_type": ComponentStringSelect, "values": values}, m)
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return s.deliver(ctx, ix)
}

func checkSelection(comp Component, values []string) error {
	if comp.Type != ComponentStringSelect {
		return fmt.Errorf("%w: %q is not a string select", ErrUnknownComponent, comp.CustomID)
	}
	minValues, maxValues := 1, 1
	if comp.MinValues != nil {
		minValues = *comp.MinValues
	}
	if comp.MaxValues != nil {
		maxValues = *comp.MaxValues
	}
	if len(values) < minValues || len(values) > maxValues {
		return fmt.Errorf("%w: %d values, the menu takes %d to %d", ErrBadOptions, len(values), minValues, maxValues)
	}
	for _, v := range values {
		if !slices.ContainsFunc(comp.Options, func(o SelectOption) bool { return o.Value == v }) {
			return fmt.Errorf("%w: %q is not an option of %q", ErrBadOptions, v, comp.CustomID)
		}
	}
	return nil
}

// SubmitModal submits the modal with the custom ID that the bot last showed
// the user (type 5 interaction), with values for its text inputs by custom
// ID, and waits until it reached the bot. Required inputs must be filled
// and lengths respected, as the client enforces.
func (s *Server) SubmitModal(ctx context.Context, userID, customID string, fields map[string]string) (*Interaction, error) {
	s.mu.Lock()
	ix, err := s.submitModalLocked(userID, customID, fields)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return s.deliver(ctx, ix)
}

func (s *Server) submitModalLocked(userID, customID string, fields map[string]string) (*interaction, error) {
	var open *openModal
	for i := len(s.modals) - 1; i >= 0; i-- {
		if m := s.modals[i]; m.userID == userID && m.modal.CustomID == customID && !m.submitted {
			open = m
			break
		}
	}
	if open == nil {
		return nil, fmt.Errorf("%w: %q for %s", ErrNoModal, customID, userID)
	}
	for key := range fields {
		if !slices.ContainsFunc(open.modal.Inputs, func(in Component) bool { return in.CustomID == key }) {
			return nil, fmt.Errorf("%w: no input %q", ErrBadModalInput, key)
		}
	}
	rows := []any{}
	for _, in := range open.modal.Inputs {
		value := fields[in.CustomID]
		n := utf8.RuneCountInString(value)
		required := in.Required == nil || *in.Required
		if n == 0 && required {
			return nil, fmt.Errorf("%w: %q is required", ErrBadModalInput, in.CustomID)
		}
		if n > 0 && ((in.MinLength != nil && n < *in.MinLength) || (in.MaxLength != nil && n > *in.MaxLength) || n > 4000) {
			return nil, fmt.Errorf("%w: %q has %d characters", ErrBadModalInput, in.CustomID, n)
		}
		rows = append(rows, map[string]any{"type": ComponentActionRow, "components": []any{
			map[string]any{"type": ComponentTextInput, "custom_id": in.CustomID, "value": value}}})
	}
	origin := open.origin
	u, c, err := s.userInChannelLocked(userID, origin.channelID)
	if err != nil {
		return nil, err
	}
	var source *message
	if origin.sourceID != "" {
		source = s.messages[origin.sourceID]
	}
	ix, err := s.newInteractionLocked(InteractionModalSubmit, u, c, map[string]any{"custom_id": customID, "components": rows}, source)
	if err != nil {
		return nil, err
	}
	open.submitted = true
	return ix, nil
}

// Say posts a message as the user (MESSAGE_CREATE); <@id> mentions are
// parsed. A message to an archived, unlocked thread unarchives it, as in
// the client. The event is queued for the bot and Say does not wait.
func (s *Server) Say(userID, channelID, content string) (Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, c, err := s.userInChannelLocked(userID, channelID)
	if err != nil {
		return Message{}, err
	}
	if n := utf8.RuneCountInString(content); n == 0 || n > maxUserContentLength {
		return Message{}, fmt.Errorf("%w: a user message has 1 to %d characters, not %d", ErrBadOptions, maxUserContentLength, n)
	}
	now := s.clock.Now()
	if c.isThread() && c.archived {
		if c.locked {
			return Message{}, fmt.Errorf("%w: %s", ErrThreadLocked, channelID)
		}
		c.archived = false
		c.archiveTimestamp = now
		s.dispatchAllLocked(eventThreadUpdate, s.channelJSON(c), dispatchScope{intent: IntentGuilds})
	}
	m := &message{id: s.ids.next(now), channelID: c.id, guildID: c.guildID, authorID: u.ID, content: content,
		typ: MessageDefault, mentions: s.parseMentionsLocked(content), timestamp: now}
	s.storeMessageLocked(m)
	s.dispatchMessageLocked(eventMessageCreate, m)
	s.changedLocked()
	return s.messageSnapshotLocked(m), nil
}

// WaitMessage waits until the channel has a message for which match
// returns true (evaluated on every change) and returns it.
func (s *Server) WaitMessage(ctx context.Context, channelID string, match func(Message) bool) (Message, error) {
	var found Message
	err := s.waitLocked(ctx, func() bool {
		c, ok := s.channels[channelID]
		if !ok {
			return false
		}
		for _, id := range c.messageIDs {
			if snap := s.messageSnapshotLocked(s.messages[id]); match(snap) {
				found = snap
				return true
			}
		}
		return false
	})
	return found, err
}
