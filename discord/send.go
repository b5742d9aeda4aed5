package discord

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
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
func (t *Transport) Send(ctx context.Context, r *bot.Reply) error {
	if r.To.Transport != Name || !IsSnowflake(r.To.Address) {
		return bot.Permanent("not a Discord user", fmt.Errorf("discord: reply %s is for %s", r.ID, r.To.Key()))
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
		return bot.Temporary(err, 0)
	}
	if d.sent.Done {
		return nil // posted before; the pipeline had not recorded it
	}
	o, err := t.originOf(ctx, r.Cause)
	if err != nil {
		return bot.Temporary(err, 0)
	}
	d.origin = o
	return deliveryError(d.deliver(ctx), "deliver reply "+r.ID)
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
	r      *bot.Reply
	user   string
	origin *liveOrigin
	sent   sentRecord
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
			return d.post(ctx, d.origin.Channel, nil, "", d.origin.Message)
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
		return d.post(ctx, d.origin.Channel, nil, "", d.origin.Message)
	}
	place := placeRecord{}
	if d.r.Game != "" {
		var err error
		if place, err = d.t.placeOf(ctx, d.r.Game, d.origin); err != nil {
			return err
		}
	}
	_, err := d.direct(ctx, place)
	return err
}

// ephemeral answers the reader's interaction with follow-ups only they
// see (the first fills the deferred answer).
func (d *delivery) ephemeral(ctx context.Context) error {
	o := d.origin
	ix := &discordgo.Interaction{AppID: o.App, Token: o.Token}
	msgs := renderReply(d.r, renderOptions{Pictures: true, ButtonsFor: d.user, Game: d.r.Game})
	err := d.sendAll(ctx, "interaction", msgs, func(m outMessage) error {
		_, err := d.t.s.FollowupMessageCreate(ix, true, &discordgo.WebhookParams{Content: m.Content, Files: m.files(),
			Components: m.Components, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}},
			discordgo.WithContext(ctx))
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

// post sends the reply to a server channel or thread: with its pictures
// when the bot may attach files there (else the text boards, and a note
// saying why), its buttons, the pings, and as a reply to a message when
// replyTo is set.
func (d *delivery) post(ctx context.Context, channel string, pings []string, note, replyTo string) error {
	if err := d.t.readyThread(ctx, channel); err != nil {
		return d.t.explain(ctx, err, channel, false)
	}
	pictures := true
	if have, ok := d.t.botPermissions(channel); ok && have&discordgo.PermissionAttachFiles == 0 {
		pictures = false
	}
	err := d.postWith(ctx, channel, pings, note, replyTo, pictures)
	var pe *errPermission
	if pictures && errors.As(err, &pe) && strings.Contains(pe.Missing, "Attach Files") && hasImages(d.r) {
		err = d.postWith(ctx, channel, pings, note, replyTo, false)
	}
	return err
}

func (d *delivery) postWith(ctx context.Context, channel string, pings []string, note, replyTo string, pictures bool) error {
	opts := renderOptions{Header: mentionAll(pings), Pictures: pictures, ButtonsFor: d.user, Game: d.r.Game, Note: note}
	if !pictures && hasImages(d.r) {
		opts.Note = strings.TrimSpace(note + "\n(No board picture: the bot lacks the Attach Files permission here.)")
		d.t.reportPermission(ctx, channel, &errPermission{Missing: "Attach Files", Channel: d.t.channelName(channel)}, "")
	}
	allowed := &discordgo.MessageAllowedMentions{Users: pings}
	msgs := renderReply(d.r, opts)
	first := true
	return d.sendAll(ctx, channel, msgs, func(m outMessage) error {
		send := &discordgo.MessageSend{Content: m.Content, Files: m.files(), Components: m.Components, AllowedMentions: allowed}
		if replyTo != "" && first {
			no := false
			send.Reference = &discordgo.MessageReference{MessageID: replyTo, ChannelID: channel, FailIfNotExists: &no}
		}
		first = false
		_, err := d.t.s.ChannelMessageSendComplex(channel, send, discordgo.WithContext(ctx))
		return d.t.explain(ctx, err, channel, len(m.Files) > 0)
	})
}

// direct sends the reply by direct message and returns the channel it
// went to; when Discord refuses (the reader does not take DMs) it falls
// back to the game's thread with a mention, and says so once.
func (d *delivery) direct(ctx context.Context, place placeRecord) (string, error) {
	channel, err := d.dm(ctx)
	if !hasCode(err, codeCannotMessageUser) {
		return channel, err
	}
	first := d.t.dmRefused(ctx, d.user)
	if place.Thread == "" || !place.member(d.user) {
		return "", bot.Permanent("Discord refuses direct messages to this user, and the game has no thread they are in", err)
	}
	note := ""
	if first {
		note = dmRefusedNote
	}
	return place.Thread, d.inThread(ctx, place, []string{d.user}, note)
}

// dm sends the reply to the reader's direct message channel and returns
// the channel.
func (d *delivery) dm(ctx context.Context) (string, error) {
	ch, err := d.t.s.UserChannelCreate(d.user, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	msgs := renderReply(d.r, renderOptions{Pictures: true, ButtonsFor: d.user, Game: d.r.Game})
	return ch.ID, d.sendAll(ctx, ch.ID, msgs, func(m outMessage) error {
		_, err := d.t.s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: m.Content, Files: m.files(),
			Components: m.Components, AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(ctx))
		return err
	})
}

const dmRefusedNote = "(Discord refuses the bot's direct messages to you, so you are mentioned here instead. To get direct messages, allow them from this server's members in your privacy settings and send /tak notify dm; /tak notify thread keeps you on mentions.)"

// dmRefused records that Discord refused a DM to a player and reports
// whether this is news (the player is told once).
func (t *Transport) dmRefused(ctx context.Context, user string) bool {
	if t.mem.pref(keyDMFail+user) != "" {
		return false
	}
	now := t.clock.Now()
	t.mem.setPref(keyDMFail+user, now.Format(time.RFC3339))
	if err := t.putState(ctx, bot.StateWrite{Key: keyDMFail + user, Value: []byte(now.Format(time.RFC3339))}); err != nil {
		t.log.Warn("discord: record a refused DM", "user", user, "err", err)
	}
	t.log.Info("discord: direct messages to a player are refused (50007); mentioning them in the thread instead", "user", user)
	return true
}

// wantsDM reports whether a player asked for DMs and Discord takes them.
func (t *Transport) wantsDM(user string) bool {
	return t.mem.pref(keyNotify+user) == "dm" && t.mem.pref(keyDMFail+user) == ""
}

// sendAll sends a reply's messages to one target, continuing after the
// ones a previous attempt posted there.
func (d *delivery) sendAll(ctx context.Context, target string, msgs []outMessage, send func(outMessage) error) error {
	start := 0
	if d.sent.Target == target {
		start = min(d.sent.Posted, len(msgs))
	}
	for i := start; i < len(msgs); i++ {
		if err := send(msgs[i]); err != nil {
			return err
		}
		d.sent = sentRecord{Posted: i + 1, Target: target, Done: i+1 == len(msgs), At: d.t.clock.Now()}
		if err := d.t.putState(ctx, write(keySent+d.r.ID, d.sent)); err != nil {
			d.t.log.Warn("discord: record a sent message", "reply", d.r.ID, "err", err)
		}
	}
	return nil
}

// explain names the permission a 403 is about, logs it clearly, and
// returns it as a permission error.
func (t *Transport) explain(ctx context.Context, err error, channel string, withFiles bool) error {
	if f := failureOf(err); err == nil || (f.Code != codeMissingPermissions && f.Code != codeMissingAccess) {
		return err
	}
	var pe *errPermission
	if errors.As(err, &pe) {
		t.reportPermission(ctx, channel, pe, "")
		return err
	}
	need := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages)
	if ch, ok := t.stateChannel(channel); ok && ch.IsThread() {
		need = discordgo.PermissionViewChannel | discordgo.PermissionSendMessagesInThreads
	}
	if withFiles {
		need |= discordgo.PermissionAttachFiles
	}
	lacks := missingNames(0, need)
	if have, ok := t.botPermissions(channel); ok {
		if m := missingNames(have, need); m != "" {
			lacks = m
		}
	}
	pe = &errPermission{Missing: lacks, Channel: t.channelName(channel), Err: err}
	t.reportPermission(ctx, channel, pe, "")
	return pe
}

// hasImages reports whether a reply has rendered pictures.
func hasImages(r *bot.Reply) bool { return len(r.Images) > 0 }

// mentionAll writes the mentions of users.
func mentionAll(users []string) string {
	var out []string
	for _, u := range users {
		out = append(out, mention(u))
	}
	return strings.Join(out, " ")
}

// siblings returns the replies of one event about one game to the
// Discord players in its thread (the reply itself first). A reply's id is
// its event's id, "/", and its index among the event's replies.
func (t *Transport) siblings(ctx context.Context, r *bot.Reply, place placeRecord) []bot.Reply {
	out := []bot.Reply{*r}
	if len(place.Members) < 2 {
		return out
	}
	base, idx, ok := splitReplyID(r.ID)
	if !ok {
		return out
	}
	for i := 1; i <= min(idx+12, 64); i++ {
		if i == idx {
			continue
		}
		rp, err := t.ref.Reply(ctx, base+"/"+strconv.Itoa(i))
		if errors.Is(err, bot.ErrNotFound) {
			continue
		}
		if err != nil {
			t.log.Warn("discord: read a reply's siblings", "reply", r.ID, "err", err)
			return out
		}
		if rp.Game == r.Game && rp.To.Transport == Name && rp.To.Address != r.To.Address && !rp.Private && place.member(rp.To.Address) {
			out = append(out, *rp)
		}
	}
	return out
}

// splitReplyID splits "EVENT/N".
func splitReplyID(id string) (string, int, bool) {
	i := strings.LastIndexByte(id, '/')
	if i <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(id[i+1:])
	if err != nil || n < 1 {
		return "", 0, false
	}
	return id[:i], n, true
}

// chosen picks the reply of an event that the thread shows: the one for
// a player who did not cause the event, then one that asks its reader to
// act, then the first written.
func chosen(sibs []bot.Reply, sender string) bot.Reply {
	best := append([]bot.Reply(nil), sibs...)
	sort.SliceStable(best, func(i, j int) bool {
		a, b := best[i], best[j]
		if (a.To.Address == sender) != (b.To.Address == sender) {
			return b.To.Address == sender
		}
		if a.Attention != b.Attention {
			return a.Attention
		}
		if a.Seq != b.Seq {
			return a.Seq < b.Seq
		}
		return a.ID < b.ID
	})
	return best[0]
}

// pings lists the players an event's thread post mentions: those who did
// not cause it (a clock event or a mail concerns every Discord player),
// except the ones who get it by DM.
func (t *Transport) pings(sibs []bot.Reply, sender string) []string {
	var out []string
	for _, r := range sibs {
		u := r.To.Address
		if u == sender || t.wantsDM(u) {
			continue
		}
		out = append(out, u)
	}
	sort.Strings(out)
	return out
}
