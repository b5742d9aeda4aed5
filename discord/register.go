package discord

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// registerCommands overwrites the application's commands with /tak (its
// texts stating Options.Limits), in each configured guild (and clears the
// global ones, so that nothing lingers) or globally. A refusal (4xx) is a configuration error; other
// failures are retried.
func (t *Transport) registerCommands(ctx context.Context) error {
	cmds, err := SlashCommandsWith(t.opts.Limits)
	if err != nil {
		return err
	}
	app := t.appID.Load().(string)
	if app == "" {
		return fmt.Errorf("%w: no application id (set application_id)", ErrConfig)
	}
	former, err := t.recordGuilds(ctx)
	if ctx.Err() != nil {
		return nil // shutting down before the commands were settled
	}
	if err != nil {
		return err
	}
	targets := t.cfg.Guilds
	if len(targets) == 0 {
		targets = []string{""}
	}
	for _, g := range targets {
		if err := t.overwrite(ctx, app, g, cmds); err != nil {
			return err
		}
	}
	if len(t.cfg.Guilds) > 0 {
		if err := t.overwrite(ctx, app, "", []*discordgo.ApplicationCommand{}); err != nil {
			t.log.Warn("discord: could not clear the global commands", "err", err)
		}
	}
	t.clearFormerGuilds(ctx, app, former)
	return nil
}

// clearGuildsTimeout bounds the removal of /tak from former guilds.
const clearGuildsTimeout = 30 * time.Second

// recordGuilds records the guilds /tak is about to be registered in, before
// it is, and returns those it was registered in before that the
// configuration no longer lists (guilds emptied for global commands, or a
// guild taken off the list).
func (t *Transport) recordGuilds(ctx context.Context) ([]string, error) {
	current := map[string]bool{}
	for _, g := range t.cfg.Guilds {
		current[g] = true
	}
	var former []string
	err := t.ref.UpdateState(ctx, Name, func(tx record.StateTx) error {
		former = former[:0]
		if err := tx.Scan(keyGuildCommands, func(k string, _ []byte) error {
			if g := strings.TrimPrefix(k, keyGuildCommands); !current[g] {
				former = append(former, g)
			}
			return nil
		}); err != nil {
			return err
		}
		for g := range current {
			if err := tx.Put(keyGuildCommands+g, []byte{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("discord: adapter state: %w", err)
	}
	return former, nil
}

// clearFormerGuilds removes /tak from guilds it is no longer configured
// for, so that players do not see it twice, and forgets them. It happens
// once after a configuration change, so a shutdown lets it finish (within
// clearGuildsTimeout) rather than leave a guild cleared but remembered.
func (t *Transport) clearFormerGuilds(ctx context.Context, app string, former []string) {
	if len(former) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), clearGuildsTimeout)
	defer cancel()
	for _, g := range former {
		_, err := t.s.ApplicationCommandBulkOverwrite(app, g, []*discordgo.ApplicationCommand{}, discordgo.WithContext(ctx))
		switch status := httpStatus(err); {
		case err == nil:
			t.log.Info("discord: slash commands removed from a guild no longer configured", "guild", g)
		case ctx.Err() != nil:
			return
		case status >= 400 && status < 500:
			// The bot left that guild, or lost the scope: nothing to clear.
			t.log.Info("discord: could not remove the slash commands of a guild no longer configured", "guild", g, "err", err)
		default:
			t.log.Warn("discord: could not remove the slash commands of a guild no longer configured; trying at the next start", "guild", g, "err", err)
			continue
		}
		if err := t.putState(ctx, bot.StateWrite{Key: keyGuildCommands + g, Delete: true}); err != nil && ctx.Err() == nil {
			t.log.Warn("discord: adapter state", "err", err)
		}
	}
}

func (t *Transport) overwrite(ctx context.Context, app, guild string, cmds []*discordgo.ApplicationCommand) error {
	where := "globally"
	if guild != "" {
		where = "in guild " + guild
	}
	wait := time.Second
	for {
		_, err := t.s.ApplicationCommandBulkOverwrite(app, guild, cmds, discordgo.WithContext(ctx))
		if err == nil {
			t.log.Info("discord: slash commands registered", "where", where, "commands", len(cmds))
			return nil
		}
		if ctx.Err() != nil {
			return nil
		}
		if status := httpStatus(err); status >= 400 && status < 500 {
			return fmt.Errorf("%w: registering the slash commands %s failed (%v); is the bot in that server, invited with the applications.commands scope?", ErrConfig, where, err)
		}
		t.log.Warn("discord: registering the slash commands failed; trying again", "where", where, "err", err, "in", wait)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(2*wait, time.Minute)
	}
}
