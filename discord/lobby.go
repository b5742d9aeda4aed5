package discord

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

// The lobby. With lobby_channel configured, the transport's
// bot.TransportInfo.Lobby is lobbyAddress: the referee posts each open
// challenge ("new anyone") to it, with an Accept button that anyone may
// press (its custom_id names anyoneUser), and sends it a reply about the
// same game when the challenge is taken, withdrawn or expires. The first
// reply about a game is posted in the lobby channel and its message id
// kept (keyLobby + game); the later ones edit that post, which then says
// what became of the challenge and loses its button. A click on Accept is
// answered privately (deferred), like a slash command: the referee takes
// the seat or says why not (taken already, out of the rating range), and
// the game's thread opens where the game is played.

// lobbyAddress is the address of the lobby in the referee's replies.
const lobbyAddress = "lobby"

// anyoneUser, as a button's user, lets anyone press it (a lobby's Accept).
const anyoneUser = "any"

// keyLobby keys a game's lobby post: "lobby/g12" → lobbyRecord.
const keyLobby = "lobby/"

// lobbyRetention is how long a lobby post's record is kept, from the
// post's time (its message id's): well beyond an open challenge's life,
// after which a late word about it would be posted anew.
const lobbyRetention = 180 * 24 * time.Hour

// lobbyRecord is where a game's lobby post is.
type lobbyRecord struct {
	Channel string
	Message string
}

// sendLobby posts an open challenge to the lobby channel, or edits its
// post with what became of it.
func (t *Transport) sendLobby(ctx context.Context, r *record.Reply) error {
	var sent sentRecord
	if _, err := t.getState(ctx, keySent+r.ID, &sent); err != nil {
		return outbox.Temporary(err, 0)
	}
	if sent.Done {
		return nil
	}
	var rec lobbyRecord
	found, err := t.getState(ctx, keyLobby+r.Game, &rec)
	if err != nil {
		return outbox.Temporary(err, 0)
	}
	msgs := renderReply(r, renderOptions{ButtonsFor: anyoneUser, Game: r.Game})
	if len(msgs) == 0 {
		return nil
	}
	m := msgs[0] // a lobby post is short: one message
	none := &discordgo.MessageAllowedMentions{}
	if found {
		content := m.Content
		components := []discordgo.MessageComponent{} // the Accept button goes
		_, err := t.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: rec.Message, Channel: rec.Channel,
			Content: &content, Components: &components, AllowedMentions: none}, discordgo.WithContext(ctx))
		if hasCode(err, codeUnknownMessage) || hasCode(err, codeUnknownChannel) {
			err = nil // the post was deleted: nothing left to edit
		}
		if err != nil {
			return deliveryError(t.explain(ctx, err, rec.Channel, false), "edit lobby post of "+r.Game)
		}
		return t.putState(ctx, write(keySent+r.ID, sentRecord{Posted: 1, Target: rec.Channel, Done: true, At: t.clock.Now()}))
	}
	msg, err := t.s.ChannelMessageSendComplex(t.cfg.Lobby, &discordgo.MessageSend{Content: m.Content, Components: m.Components, AllowedMentions: none},
		discordgo.WithContext(ctx))
	if err != nil {
		return deliveryError(t.explain(ctx, err, t.cfg.Lobby, false), "post to the lobby "+r.Game)
	}
	if err := t.putState(ctx, write(keyLobby+r.Game, lobbyRecord{Channel: t.cfg.Lobby, Message: msg.ID}),
		write(keySent+r.ID, sentRecord{Posted: 1, Target: t.cfg.Lobby, Done: true, At: t.clock.Now()})); err != nil {
		return outbox.Temporary(fmt.Errorf("discord: record lobby post of %s: %w", r.Game, err), 0)
	}
	return nil
}
