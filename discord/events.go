package discord

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
)

// Gateway events other than interactions and messages: the connection's
// state, and threads deleted under the bot.

func (t *Transport) onReady(_ *discordgo.Session, r *discordgo.Ready) {
	if r.User != nil {
		t.botID.Store(r.User.ID)
	}
	if app, _ := t.appID.Load().(string); app == "" && r.Application != nil {
		t.appID.Store(r.Application.ID)
	}
	t.health.set(true, fmt.Sprintf("gateway session %s, %d servers", r.SessionID, len(r.Guilds)), t.clock.Now())
	t.log.Info("discord: connected", "session", r.SessionID, "servers", len(r.Guilds), "message_content", t.cfg.MessageContent)
	if t.cfg.MessageContent {
		for thread, game := range t.mem.threadGames() {
			thread, game := thread, game
			t.lanes.run(thread, func() { t.catchUp(thread, game) })
		}
	}
}

func (t *Transport) onResumed(*discordgo.Session, *discordgo.Resumed) {
	t.health.set(true, "gateway session resumed", t.clock.Now())
	t.log.Info("discord: gateway session resumed")
}

func (t *Transport) onDisconnect(*discordgo.Session, *discordgo.Disconnect) {
	t.health.set(false, "gateway disconnected; reconnecting", t.clock.Now())
	t.log.Info("discord: gateway disconnected; reconnecting")
}

// onThreadUpdate notes nothing: discordgo's state keeps each thread's
// archived flag, which posting reads.
func (t *Transport) onThreadUpdate(_ *discordgo.Session, e *discordgo.ThreadUpdate) {
	if t.opts.observe != nil && e.Channel != nil {
		t.opts.observe("THREAD_UPDATE " + e.ID)
	}
}

// onThreadDelete forgets a deleted game thread; the game's next reply
// opens a new one.
func (t *Transport) onThreadDelete(_ *discordgo.Session, e *discordgo.ThreadDelete) {
	if e.Channel != nil {
		t.forgetThread(e.ID)
	}
}

func (t *Transport) onChannelDelete(_ *discordgo.Session, e *discordgo.ChannelDelete) {
	if e.Channel != nil {
		t.forgetThread(e.ID)
	}
}

// forgetThread drops the place of the game a thread stood for.
func (t *Transport) forgetThread(thread string) {
	game, ok := t.mem.gameOf(thread)
	if !ok {
		return
	}
	t.mem.forgetPlace(game)
	ctx, cancel := context.WithTimeout(t.jobCtx, t.opts.JobTimeout)
	defer cancel()
	if err := t.putState(ctx, bot.StateWrite{Key: keyGame + game, Delete: true}, bot.StateWrite{Key: keyThread + thread, Delete: true}); err != nil {
		t.log.Warn("discord: forget a deleted thread", "thread", thread, "game", game, "err", err)
	}
	t.log.Info("discord: a game thread was deleted; the game's next reply opens a new one", "thread", thread, "game", game)
}
