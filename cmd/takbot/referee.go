package main

import (
	"log/slog"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/outbox"
)

// refereeOptions are the referee's options from the configuration.
func refereeOptions(cfg config, log *slog.Logger) bot.Options {
	return bot.Options{
		DefaultDays:             cfg.DaysPerMove,
		ReminderFraction:        cfg.ReminderFraction,
		ChallengeDays:           cfg.ChallengeDays,
		ChallengeGrace:          challengeGrace(cfg.ChallengeGrace),
		LeaderboardMinGames:     cfg.LeaderboardMinGames,
		LeaderboardMaxDeviation: cfg.LeaderboardMaxDeviation,
		Retention:               time.Duration(cfg.Retention),
		Logger:                  log,
		WebURL:                  cfg.Web.PublicURL,
		Delivery: outbox.Policy{
			MinBackoff:  time.Duration(cfg.Delivery.MinBackoff),
			MaxBackoff:  time.Duration(cfg.Delivery.MaxBackoff),
			GiveUpAfter: time.Duration(cfg.Delivery.GiveUpAfter),
			Concurrency: cfg.Delivery.Concurrency,
		},
		Quotas: bot.Quotas{
			OpenChallenges:     cfg.Limits.OpenChallenges,
			ChallengesTo:       cfg.Limits.ChallengesToPlayer,
			CommandsPerMessage: cfg.Limits.CommandsPerMessage,
			MessagesPerHour:    cfg.Limits.MessagesPerHour,
			AnalysesPerHour:    cfg.Limits.AnalysesPerHour,
		},
		ChatPerHour:        cfg.Limits.ChatPerHour,
		EventsPerOrganiser: cfg.Limits.EventsPerOrganiser,
	}
}

// challengeGrace is the referee's grace period of a challenge to someone
// who never wrote: challenge_grace, where 0s is none.
func challengeGrace(d duration) time.Duration {
	if d <= 0 {
		return -1
	}
	return time.Duration(d)
}
