package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/privacy"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

// Game threads: a game gets a thread at its first reply that needs one,
// in the channel the challenge came from (or, for a game started by
// email, the channel its Discord player last used the bot in, else the
// configured channel; without any, the game goes by direct messages). Its
// Discord players are added as members.

const (
	threadArchiveMinutes = 10080 // a week: a correspondence game is quiet for days
	maxThreadName        = 100
)

// placeOf returns where a game is played, opening its thread if needed.
func (t *Transport) placeOf(ctx context.Context, game string, o *liveOrigin) (placeRecord, error) {
	unlock := t.locks.lock("place:" + game)
	defer unlock()
	if p, ok := t.mem.place(game); ok {
		return p, nil
	}
	var stored placeRecord
	if found, err := t.getState(ctx, keyGame+game, &stored); err != nil {
		return placeRecord{}, err
	} else if found {
		t.mem.setPlace(game, stored)
		return stored, nil
	}
	g, err := t.ref.Game(ctx, game)
	if errors.Is(err, record.ErrNotFound) {
		return placeRecord{}, outbox.Permanent("the game does not exist", fmt.Errorf("discord: game %s: %w", game, err))
	}
	if err != nil {
		return placeRecord{}, fmt.Errorf("discord: read game %s: %w", game, err)
	}
	players := discordPlayers(g)
	parent := ""
	if o != nil && o.Guild != "" {
		parent = o.Parent
	}
	// A game taken in the lobby (lobby.go) gets its thread elsewhere when
	// the bot knows another channel: the lobby keeps to its posts.
	inLobby := ""
	if t.cfg.Lobby != "" && parent == t.cfg.Lobby {
		parent, inLobby = "", t.cfg.Lobby
	}
	for _, p := range players {
		if home := t.mem.pref(keyHome + p); parent == "" && home != t.cfg.Lobby {
			parent = home
		}
	}
	if parent == "" {
		parent = t.cfg.Channel
	}
	if parent == "" {
		parent = inLobby
	}
	if parent == "" {
		return t.savePlace(ctx, game, placeRecord{})
	}
	p, err := t.openThread(ctx, g, parent, players)
	var pe *errPermission
	if errors.As(err, &pe) {
		// The game goes on by direct messages until the permission is
		// granted; the place is not stored, so the next reply tries again.
		return placeRecord{}, nil
	}
	if err != nil {
		return placeRecord{}, err
	}
	return t.savePlace(ctx, game, p)
}

// discordPlayers lists the Discord user ids of a game's players.
func discordPlayers(g *record.Game) []string {
	var out []string
	for _, k := range g.Players {
		if id, ok := record.ParseIdentity(k); ok && id.Transport == Name && IsSnowflake(id.Address) {
			if len(out) == 0 || out[0] != id.Address {
				out = append(out, id.Address)
			}
		}
	}
	return out
}

func (t *Transport) savePlace(ctx context.Context, game string, p placeRecord) (placeRecord, error) {
	ws := []bot.StateWrite{write(keyGame+game, p)}
	if p.Thread != "" {
		ws = append(ws, bot.StateWrite{Key: keyThread + p.Thread, Value: []byte(game)})
	}
	if err := t.putState(ctx, ws...); err != nil {
		return placeRecord{}, err
	}
	t.mem.setPlace(game, p)
	return p, nil
}

// threadName names a game's thread: "g7 Alice vs Bob", and an event's
// game its event and round.
func threadName(g *record.Game) string {
	name := fmt.Sprintf("%s %s vs %s", g.ID, cleanName(g.Names[0]), cleanName(g.Names[1]))
	if g.Event != nil { // "g7 Alice vs Bob, event Spring round 2"
		name += fmt.Sprintf(", event %s round %d", g.Event.Name, g.Event.Round)
	}
	return cutRunes(strings.Join(strings.Fields(name), " "), maxThreadName)
}

func cleanName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}

// openThread creates a game's thread under a server channel and adds the
// game's Discord players.
func (t *Transport) openThread(ctx context.Context, g *record.Game, parent string, players []string) (placeRecord, error) {
	kind := discordgo.ChannelTypeGuildPublicThread
	if t.cfg.Threads == PrivateThreads || !privacy.Public.SeesGame(g) {
		// A private game (private=yes) is its players' only
		// (bot/privacy): its thread is private whatever the
		// server's setting.
		kind = discordgo.ChannelTypeGuildPrivateThread
	}
	th, err := t.s.ThreadStartComplex(parent, &discordgo.ThreadStart{Name: threadName(t.named(g)), AutoArchiveDuration: threadArchiveMinutes,
		Type: kind, Invitable: false}, discordgo.WithContext(ctx))
	if err != nil {
		if f := failureOf(err); f.Code == codeMissingPermissions || f.Code == codeMissingAccess {
			need := t.threadPermissions()
			lacks := "Create Public Threads"
			if kind == discordgo.ChannelTypeGuildPrivateThread {
				lacks = "Create Private Threads"
			}
			if have, ok := t.botPermissions(parent); ok {
				if m := missingNames(have, need); m != "" {
					lacks = m
				}
			}
			pe := &errPermission{Missing: lacks, Channel: t.channelName(parent), Err: err}
			t.reportPermission(ctx, parent, pe, fmt.Sprintf("Game %s cannot get its thread here: the bot lacks the %s permission in this channel, so the game goes on by direct message. A server admin can grant it.", g.ID, lacks))
			return placeRecord{}, pe
		}
		return placeRecord{}, fmt.Errorf("discord: open the thread of game %s: %w", g.ID, err)
	}
	p := placeRecord{Thread: th.ID, Parent: parent, Guild: th.GuildID}
	_ = t.s.State.ChannelAdd(th) // from here on the state owns th: gateway events change it
	for _, user := range players {
		if err := t.s.ThreadMemberAdd(p.Thread, user, discordgo.WithContext(ctx)); err != nil {
			t.log.Info("discord: a player could not join a game thread; they get its replies by direct message", "thread", p.Thread, "game", g.ID, "user", user, "err", err)
			continue
		}
		p.Members = append(p.Members, user)
	}
	t.log.Info("discord: game thread opened", "game", g.ID, "thread", p.Thread, "channel", t.channelName(parent), "members", len(p.Members))
	return p, nil
}

// reportPermission logs a missing permission clearly, and tells the
// channel once when the bot may write there.
func (t *Transport) reportPermission(ctx context.Context, channel string, pe *errPermission, tell string) {
	if !t.warned.first(channel + "\x00" + pe.Missing) {
		return
	}
	t.log.Error("discord: missing permission", "permission", pe.Missing, "channel", pe.Channel,
		"fix", "grant it to the bot's role in the channel's or server's settings")
	if tell == "" {
		return
	}
	if _, err := t.s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: escapeMarkdown(tell),
		AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(ctx)); err != nil {
		t.log.Debug("discord: could not tell the channel about the missing permission", "channel", channel, "err", err)
	}
}

// readyThread makes sure a thread takes messages: an archived thread
// (Discord archives a thread after a week without messages) is
// unarchived first.
func (t *Transport) readyThread(ctx context.Context, thread string) error {
	ch, ok := t.stateChannel(thread)
	if !ok {
		got, err := t.s.Channel(thread, discordgo.WithContext(ctx))
		if err != nil {
			return err
		}
		ch = *got
		_ = t.s.State.ChannelAdd(got)
	}
	if !ch.IsThread() || ch.ThreadMetadata == nil || !ch.ThreadMetadata.Archived {
		return nil
	}
	open := false
	got, err := t.s.ChannelEdit(thread, &discordgo.ChannelEdit{Archived: &open}, discordgo.WithContext(ctx))
	if err != nil {
		if f := failureOf(err); f.Code == codeMissingPermissions || f.Code == codeMissingAccess {
			return &errPermission{Missing: "Manage Threads (the thread is locked)", Channel: t.channelName(thread), Err: err}
		}
		return err
	}
	_ = t.s.State.ChannelAdd(got)
	t.log.Info("discord: unarchived a game thread", "thread", thread)
	return nil
}

// replaceThread forgets a game's deleted thread and opens another.
func (t *Transport) replaceThread(ctx context.Context, game string, o *liveOrigin) (placeRecord, error) {
	if p, ok := t.mem.place(game); ok && p.Thread != "" {
		t.mem.forgetPlace(game)
		if err := t.putState(ctx, bot.StateWrite{Key: keyGame + game, Delete: true}, bot.StateWrite{Key: keyThread + p.Thread, Delete: true}); err != nil {
			return placeRecord{}, err
		}
		if o == nil || o.Guild == "" {
			o = &liveOrigin{originRecord: originRecord{Guild: p.Guild, Parent: p.Parent}}
		}
	}
	t.log.Info("discord: a game's thread is gone; opening a new one", "game", game)
	return t.placeOf(ctx, game, o)
}
