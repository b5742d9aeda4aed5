package discord

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

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
	// Short: a game's posts, not the answer to a message of the reader's
	// own (a "board" typed in a direct message shows the boards).
	opts := renderOptions{Header: pingHeader(d.user, pings), Pictures: pictures, ButtonsFor: d.user, Game: d.r.Game, Note: note,
		Short: d.r.Game != "" && replyTo == ""}
	if opts.Short && pictures {
		opts.Deadline = d.t.deadlineOf(ctx, d.r.Game)
	}
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
		posted, err := d.t.s.ChannelMessageSendComplex(channel, send, discordgo.WithContext(ctx))
		if err == nil {
			d.posting(posted, len(m.Components), "", "")
		}
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
		return "", outbox.Permanent("Discord refuses direct messages to this user, and the game has no thread they are in", err)
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
	// Short: a game's events, not what the reader asked for or their
	// private answers (privately, below, comes here too).
	opts := renderOptions{Pictures: true, ButtonsFor: d.user, Game: d.r.Game, Short: d.r.Game != "" && !d.r.Private && !d.bySelf()}
	if opts.Short {
		opts.Deadline = d.t.deadlineOf(ctx, d.r.Game)
	}
	msgs := renderReply(d.r, opts)
	return ch.ID, d.sendAll(ctx, ch.ID, msgs, func(m outMessage) error {
		posted, err := d.t.s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: m.Content, Files: m.files(),
			Components: m.Components, AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(ctx))
		if err == nil {
			d.posting(posted, len(m.Components), "", "")
		}
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
func hasImages(r *record.Reply) bool { return len(r.Images) > 0 }

// mentionAll writes the mentions of users.
// pingHeader mentions the players a thread post notifies. The post is the
// reply written for reader, in the second person ("you ran out of
// time"), so when it notifies others too the reader is named first and
// the others after "cc", and "you" reads as the first mention.
func pingHeader(reader string, pings []string) string {
	if len(pings) < 2 || !slices.Contains(pings, reader) {
		return mentionAll(pings)
	}
	var others []string
	for _, u := range pings {
		if u != reader {
			others = append(others, u)
		}
	}
	return mention(reader) + " (cc " + mentionAll(others) + ")"
}

func mentionAll(users []string) string {
	var out []string
	for _, u := range users {
		out = append(out, mention(u))
	}
	return strings.Join(out, " ")
}
