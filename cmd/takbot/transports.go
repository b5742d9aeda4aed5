package main

import (
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/takbymail/takbot/bot"
	cmdtable "github.com/takbymail/takbot/command" // the command table; app.go has a type command
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/discord"
	"github.com/takbymail/takbot/mailplay"
)

// transportSpec is a transport that takbot serve runs when its
// configuration section is present.
type transportSpec struct {
	section string // the configuration section, also the transport's name
	enabled func(cfg *config) bool
	// check validates what the adapter itself requires of an enabled
	// section, beyond the keys' own checks.
	check func(cfg *config, c *checker)
	// build makes the running transport from the configuration.
	build func(cfg *config, ref *bot.Referee, log *slog.Logger) (bot.Transport, error)
	// info describes the transport, announced to the referee (Know) when
	// it is not enabled, so that challenging its players is refused with
	// the reason.
	info func() bot.TransportInfo
}

// transportSpecs lists the transports serve knows.
func transportSpecs() []transportSpec {
	return []transportSpec{
		{
			section: "email",
			enabled: func(c *config) bool { return c.Email != nil },
			check:   checkEmail,
			build:   buildEmail,
			info:    mailplay.Info,
		},
		{
			section: "discord",
			enabled: func(c *config) bool { return c.Discord != nil },
			check:   checkDiscord,
			build:   buildDiscord,
			info:    discord.Info,
		},
	}
}

// mailplayConfig is the email section as the mail transport takes it.
func mailplayConfig(e *emailConfig) mailplay.Config {
	server := func(host string, port int, sec security, user string, pw secret, insecure bool) mailplay.Server {
		return mailplay.Server{Host: host, Port: port, Security: mailplay.Security(sec), Username: user,
			Password: pw.Value, AllowInsecure: insecure}
	}
	return mailplay.Config{
		Address: e.Address,
		Name:    e.Name,
		IMAP: mailplay.IMAP{
			Server:           server(e.IMAP.Host, e.IMAP.Port, e.IMAP.Security, e.IMAP.Username, e.IMAP.Password, e.IMAP.AllowInsecure),
			Mailbox:          e.IMAP.Mailbox,
			ProcessedMailbox: e.IMAP.ProcessedMailbox,
		},
		SMTP:                        server(e.SMTP.Host, e.SMTP.Port, e.SMTP.Security, e.SMTP.Username, e.SMTP.Password, e.SMTP.AllowInsecure),
		TrustedAuthServID:           e.TrustedAuthServID,
		PollInterval:                time.Duration(e.IMAP.PollInterval),
		MaxRepliesPerHour:           e.MaxRepliesPerHour,
		MaxUnverifiedRepliesPerHour: e.MaxUnverifiedRepliesPerHour,
	}
}

// checkEmail reports what the mail transport refuses in the email section.
func checkEmail(cfg *config, c *checker) {
	_, err := mailplayConfig(cfg.Email).Checked()
	var ce *mailplay.ConfigError
	switch {
	case err == nil:
	case errors.As(err, &ce):
		if !c.reported(ce.Field) {
			c.bad(ce.Field, errors.New(ce.Reason))
		}
	default:
		c.bad("email", err)
	}
}

func buildEmail(cfg *config, ref *bot.Referee, log *slog.Logger) (bot.Transport, error) {
	return mailplay.New(mailplayConfig(cfg.Email), ref, mailplay.Options{Logger: log, UnsubscribeURL: unsubscribeURL(cfg)})
}

// discordTransportConfig is the discord section as the Discord transport takes it.
func discordTransportConfig(d *discordConfig) discord.Config {
	return discord.Config{Token: d.Token.Value, ApplicationID: d.ApplicationID, Guilds: d.Guilds,
		MessageContent: d.MessageContent, Threads: discord.ThreadKind(d.Threads), Channel: d.Channel, Lobby: d.LobbyChannel, APIURL: d.APIURL}
}

// checkDiscord reports what the Discord transport refuses in the discord
// section.
func checkDiscord(cfg *config, c *checker) {
	dc := discordTransportConfig(cfg.Discord)
	err := dc.Check()
	var ce *discord.ConfigError
	switch {
	case err == nil:
	case errors.As(err, &ce):
		if key := "discord." + ce.Key; !c.reported(key) {
			c.bad(key, errors.New(ce.Reason))
		}
	default:
		c.bad("discord", err)
	}
}

func buildDiscord(cfg *config, ref *bot.Referee, log *slog.Logger) (bot.Transport, error) {
	return discord.New(discordTransportConfig(cfg.Discord), ref, discordOptions(cfg, log))
}

// discordOptions are the Discord transport's options: its slash commands
// state the limits the referee is given.
func discordOptions(cfg *config, log *slog.Logger) discord.Options {
	return discord.Options{Logger: log, Limits: commandLimits(cfg)}
}

// commandLimits are the limits the command table's texts state, from the
// settings refereeOptions gives the referee (days_per_move,
// limits.events_per_organiser).
func commandLimits(cfg *config) cmdtable.Limits {
	return cmdtable.Limits{DaysPerMove: cfg.DaysPerMove, EventsPerOrganiser: cfg.Limits.EventsPerOrganiser}
}

// checkTransports records the problems the adapters find in the enabled
// sections.
func checkTransports(cfg *config, c *checker) {
	for _, s := range transportSpecs() {
		if s.enabled(cfg) && s.check != nil {
			s.check(cfg, c)
		}
	}
}

// knowTransports announces to the referee every transport this binary
// has, so that a challenge to a player on one that is not running is
// refused with the reason ("email is not enabled on this takbot").
func knowTransports(ref *bot.Referee) {
	ref.Know(console.Info())
	for _, s := range transportSpecs() {
		ref.Know(s.info())
	}
}

// buildTransports builds and registers the transports the configuration
// enables, after announcing every transport the binary has (Register
// replaces the announcement of the ones running). It returns the running
// transports.
func buildTransports(cfg *config, ref *bot.Referee, log *slog.Logger) ([]bot.Transport, error) {
	knowTransports(ref)
	var out []bot.Transport
	for _, s := range transportSpecs() {
		if !s.enabled(cfg) {
			continue
		}
		// The adapters add the "transport" attribute to their logger
		// themselves: adding it here too wrote it twice on every line.
		t, err := s.build(cfg, ref, log)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.section, err)
		}
		ref.Register(t)
		out = append(out, t)
	}
	return out, nil
}
