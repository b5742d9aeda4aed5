package discord

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// registerCommands overwrites the application's commands with /tak, in
// each configured guild (and clears the global ones, so that nothing
// lingers) or globally. A refusal (4xx) is a configuration error; other
// failures are retried.
func (t *Transport) registerCommands(ctx context.Context) error {
	cmds, err := SlashCommands()
	if err != nil {
		return err
	}
	app := t.appID.Load().(string)
	if app == "" {
		return fmt.Errorf("%w: no application id (set application_id)", ErrConfig)
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
	return nil
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
