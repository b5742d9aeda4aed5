package discord

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

// tokenLife is how long the adapter answers with an interaction's token
// (Discord's limit is 15 minutes; the margin covers a slow send).
const tokenLife = 14 * time.Minute

// Send delivers one reply:
//
//   - A private reply (a refusal, a question, what only its reader asked
//     for) answers where its reader asked: an ephemeral follow-up of their
//     interaction, or a reply to their message in its channel; without
//     either, a direct message (and failing that, the game's thread).
//   - A reply about a game goes to the game's thread. When both players
//     are in the thread, each event is posted once: the reply written for
//     the player who did not cause it (the one who must act next, with
//     their buttons), mentioning the players to notify; the player who
//     caused it sees their own reply as an ephemeral answer.
//   - Players who asked for direct messages get their replies about
//     events they did not cause by DM as well, and are not mentioned.
func (t *Transport) Send(ctx context.Context, r *record.Reply) error {
	if r.To.Transport == Name && r.To.Address == lobbyAddress && t.cfg.Lobby != "" {
		return t.sendLobby(ctx, r)
	}
	if r.To.Transport != Name || !IsSnowflake(r.To.Address) {
		return outbox.Permanent("not a Discord user", fmt.Errorf("discord: reply %s is for %s", r.ID, r.To.Key()))
	}
	// A send under way finishes even when takbot shuts down (within its
	// deadline): cut off, a message Discord took could not be recorded as
	// sent, and would be posted again after the restart.
	if deadline, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(context.WithoutCancel(ctx), deadline)
		defer cancel()
	} else {
		ctx = context.WithoutCancel(ctx)
	}
	d := &delivery{t: t, r: r, user: r.To.Address}
	if _, err := t.getState(ctx, keySent+r.ID, &d.sent); err != nil {
		return outbox.Temporary(err, 0)
	}
	if d.sent.Done {
		return nil // posted before; the pipeline had not recorded it
	}
	o, err := t.originOf(ctx, r.Cause)
	if err != nil {
		return outbox.Temporary(err, 0)
	}
	d.origin = o
	deliver := d.deliver
	if r.Game != "" {
		deliver = d.deliverLive
	}
	if err := deliver(ctx); err != nil {
		return deliveryError(err, "deliver reply "+r.ID)
	}
	t.noteEnding(ctx, r.Game)
	return nil
}

// originOf returns the Discord interaction or message that caused a
// reply; nil for other causes (a mail, a clock) or one forgotten.
func (t *Transport) originOf(ctx context.Context, cause string) (*liveOrigin, error) {
	id, ok := strings.CutPrefix(cause, Name+":")
	if !ok || id == "" {
		return nil, nil
	}
	if o, ok := t.mem.origin(id); ok {
		return o, nil
	}
	var rec originRecord
	found, err := t.getState(ctx, keyOrigin+id, &rec)
	if err != nil || !found {
		return nil, err
	}
	return t.mem.setOrigin(id, rec), nil
}

// delivery is one reply being delivered.
type delivery struct {
	t      *Transport
	r      *record.Reply
	user   string
	origin *liveOrigin
	sent   sentRecord
	// track notes the messages posted with buttons (live.go) in posted.
	track  bool
	posted []livePost
}

// bySelf reports whether the reply answers its reader's own action.
func (d *delivery) bySelf() bool { return d.origin != nil && d.origin.User == d.user }

// canAnswer reports whether the reader's interaction can still be
// answered with its token.
func (d *delivery) canAnswer() bool {
	o := d.origin
	return d.bySelf() && (o.Kind == originCommand || o.Kind == originButton) && o.Token != "" &&
		d.t.clock.Now().Sub(o.At) < tokenLife
}

func (d *delivery) deliver(ctx context.Context) error {
	if d.r.Private || d.r.Game == "" {
		return d.private(ctx)
	}
	place, err := d.t.placeOf(ctx, d.r.Game, d.origin)
	if err != nil {
		return err
	}
	if place.Thread == "" || !place.member(d.user) {
		// The game goes by direct messages for this player.
		channel, err := d.direct(ctx, placeRecord{})
		if err == nil && d.canAnswer() && d.origin.Kind == originCommand {
			d.finish(ctx, channel, "Done: the game goes on in your direct messages with the bot.")
		}
		return err
	}
	sender := ""
	if d.origin != nil {
		sender = d.origin.User
	}
	sibs := d.t.siblings(ctx, d.r, place)
	if chosen(sibs, sender).ID != d.r.ID {
		switch {
		case d.canAnswer():
			return d.ephemeral(ctx)
		case d.bySelf() && d.origin.Kind == originMessage && d.origin.ShowOwn:
			if d.origin.Guild == "" {
				return d.post(ctx, d.origin.Channel, nil, "", d.origin.Message)
			}
			// What the sender's own reply says beyond the thread's post
			// (several commands, one of them perhaps refused; an rs
			// comparison) is theirs: by DM, as a private reply.
			return d.privately(ctx, d.origin.Channel, d.origin.Message)
		case !d.bySelf() && d.t.wantsDM(d.user):
			_, err := d.direct(ctx, place)
			return err
		}
		return nil // the thread post of the other player's reply covers it
	}
	pings := d.t.pings(sibs, sender)
	note := ""
	if !d.bySelf() && d.t.wantsDM(d.user) {
		_, err := d.dm(ctx)
		if !hasCode(err, codeCannotMessageUser) {
			if err != nil {
				return err
			}
		} else {
			d.t.dmRefused(ctx, d.user)
			pings = append(pings, d.user)
			note = dmRefusedNote
		}
	}
	if err := d.inThread(ctx, place, pings, note); err != nil {
		return err
	}
	if d.canAnswer() && d.origin.Kind == originCommand {
		d.finish(ctx, place.Thread, "Done: see <#"+place.Thread+">.")
	}
	return nil
}

// private delivers a reply meant for its reader only.
func (d *delivery) private(ctx context.Context) error {
	if d.canAnswer() {
		err := d.ephemeral(ctx)
		if f := failureOf(err); err == nil || (f.Code != codeUnknownWebhook && f.Code != codeInvalidWebhookToken && f.Code != codeUnknownInteraction) {
			return err
		}
	}
	if d.bySelf() && d.origin.Kind == originMessage {
		if d.origin.Guild == "" { // a direct message: the answer is as private
			return d.post(ctx, d.origin.Channel, nil, "", d.origin.Message)
		}
		// A message typed in a server channel has no ephemeral answer:
		// the reply goes by DM, never to the channel.
		return d.privately(ctx, d.origin.Channel, d.origin.Message)
	}
	place := placeRecord{}
	if d.r.Game != "" {
		var err error
		if place, err = d.t.placeOf(ctx, d.r.Game, d.origin); err != nil {
			return err
		}
	}
	pointer := ""
	if place.Thread != "" && place.member(d.user) {
		pointer = place.Thread
	}
	return d.privately(ctx, pointer, "")
}

// privately sends a private reply by direct message. When Discord
// refuses the bot's DMs to its reader, the reply is not shown anywhere
// else: channel (when set) gets a line for the reader, as a reply to
// replyTo when set, that says only that an answer could not be given
// privately and how to get one.
func (d *delivery) privately(ctx context.Context, channel, replyTo string) error {
	_, err := d.dm(ctx)
	if !hasCode(err, codeCannotMessageUser) {
		return err
	}
	d.t.dmRefused(ctx, d.user)
	if channel == "" {
		return outbox.Permanent("Discord refuses direct messages to this user, and a private reply is shown nowhere else", err)
	}
	line := outMessage{Content: mention(d.user) + " " + privateRefusedNote}
	return d.sendAll(ctx, channel, []outMessage{line}, func(m outMessage) error {
		send := &discordgo.MessageSend{Content: m.Content, AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{d.user}}}
		if replyTo != "" {
			no := false
			send.Reference = &discordgo.MessageReference{MessageID: replyTo, ChannelID: channel, FailIfNotExists: &no}
		}
		if err := d.t.readyThread(ctx, channel); err != nil {
			return d.t.explain(ctx, err, channel, false)
		}
		_, err := d.t.s.ChannelMessageSendComplex(channel, send, discordgo.WithContext(ctx))
		return d.t.explain(ctx, err, channel, false)
	})
}

// privateRefusedNote is all a channel sees of a private reply that
// Discord would not let the bot send by DM.
const privateRefusedNote = "the bot has an answer for you that only you should see, but Discord refuses its direct messages to you. Allow direct messages from this server's members in your privacy settings, or use /tak here: its answers show to you alone."

// ephemeral answers the reader's interaction with follow-ups only they
// see (the first fills the deferred answer).
func (d *delivery) ephemeral(ctx context.Context) error {
	o := d.origin
	ix := &discordgo.Interaction{AppID: o.App, Token: o.Token}
	msgs := renderReply(d.r, renderOptions{Pictures: true, ButtonsFor: d.user, Game: d.r.Game})
	err := d.sendAll(ctx, "interaction", msgs, func(m outMessage) error {
		posted, err := d.t.s.FollowupMessageCreate(ix, true, &discordgo.WebhookParams{Content: m.Content, Files: m.files(),
			Components: m.Components, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}},
			discordgo.WithContext(ctx))
		if err == nil {
			d.posting(posted, len(m.Components), o.Token, o.App)
		}
		return err
	})
	if err == nil {
		d.t.mem.fill(o)
	}
	return err
}

// finish takes the reader's deferred answer away once their command's
// reply is posted where the game is played (they see it there), or, from
// another channel, says where it went.
func (d *delivery) finish(ctx context.Context, channel, elsewhere string) {
	o := d.origin
	if !d.t.mem.fill(o) {
		return
	}
	ix := &discordgo.Interaction{AppID: o.App, Token: o.Token}
	var err error
	if o.Channel == channel {
		err = d.t.s.InteractionResponseDelete(ix, discordgo.WithContext(ctx))
	} else {
		_, err = d.t.s.InteractionResponseEdit(ix, &discordgo.WebhookEdit{Content: &elsewhere}, discordgo.WithContext(ctx))
	}
	if err != nil {
		d.t.log.Debug("discord: finish an interaction's answer", "reply", d.r.ID, "err", err)
	}
}

// inThread posts the reply in the game's thread with the pings, opening
// a new thread once if the old one was deleted.
func (d *delivery) inThread(ctx context.Context, place placeRecord, pings []string, note string) error {
	err := d.post(ctx, place.Thread, pings, note, "")
	if hasCode(err, codeUnknownChannel) {
		if place, err = d.t.replaceThread(ctx, d.r.Game, d.origin); err != nil {
			return err
		}
		if place.Thread == "" || !place.member(d.user) {
			_, err := d.direct(ctx, place)
			return err
		}
		return d.post(ctx, place.Thread, pings, note, "")
	}
	return err
}
