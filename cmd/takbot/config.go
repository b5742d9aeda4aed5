package main

import (
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/event"
	cmdtable "github.com/takbymail/takbot/command" // the command table; app.go has a type command
)

// config is takbot's configuration file; config.example.yaml documents
// every key with its default, and the README's configuration table lists
// them (a test holds the three together). Keys are decoded strictly by
// decodeConfig: the config tags name them.
type config struct {
	DB               string  `config:"db"`
	DaysPerMove      int     `config:"days_per_move"`
	ReminderFraction float64 `config:"reminder_fraction"`
	ChallengeDays    int     `config:"challenge_days"`
	// ChallengeGrace is bot.Options.ChallengeGrace; 0 is none.
	ChallengeGrace duration `config:"challenge_grace"`
	// LeaderboardMinGames is bot.Options.LeaderboardMinGames.
	LeaderboardMinGames int `config:"leaderboard_min_games"`
	// LeaderboardMaxDeviation is bot.Options.LeaderboardMaxDeviation.
	LeaderboardMaxDeviation float64   `config:"leaderboard_max_deviation"`
	Retention               duration  `config:"retention"`
	TickInterval            duration  `config:"tick_interval"`
	LogLevel                logLevel  `config:"log_level"`
	LogFormat               logFormat `config:"log_format"`
	// HTTPListen is the address of the health and metrics listener, ""
	// for none.
	HTTPListen string `config:"http_listen"`
	// HTTP tunes that listener.
	HTTP httpConfig `config:"http"`
	// Web is the spectators' pages, on a listener of their own.
	Web webConfig `config:"web"`
	// ControlSocket is the control socket's path; "" derives it from DB.
	ControlSocket   string         `config:"control_socket"`
	ShutdownTimeout duration       `config:"shutdown_timeout"`
	ImagesDir       string         `config:"images_dir"`
	Delivery        deliveryConfig `config:"delivery"`
	Limits          limitsConfig   `config:"limits"`
	Engine          engineConfig   `config:"engine"`
	// Email and Discord are nil when their section is absent: the
	// transport is off.
	Email   *emailConfig   `config:"email"`
	Discord *discordConfig `config:"discord"`

	// Database chooses the store: the bbolt file of DB, or PostgreSQL.
	Database databaseConfig `config:"database"`
}

// deliveryConfig tunes the delivery pipeline (outbox.Policy).
type deliveryConfig struct {
	MinBackoff  duration `config:"min_backoff"`
	MaxBackoff  duration `config:"max_backoff"`
	GiveUpAfter duration `config:"give_up_after"`
	Concurrency int      `config:"concurrency"`
}

// limitsConfig bounds what one sender may do (bot.Quotas).
type limitsConfig struct {
	OpenChallenges     int `config:"open_challenges"`
	ChallengesToPlayer int `config:"challenges_to_player"`
	CommandsPerMessage int `config:"commands_per_message"`
	MessagesPerHour    int `config:"messages_per_hour"`
	ChatPerHour        int `config:"chat_per_hour"`
	AnalysesPerHour    int `config:"analyses_per_hour"`
	EventsPerOrganiser int `config:"events_per_organiser"`
}

// defaultConfig is the configuration of an empty file.
func defaultConfig() config {
	return config{
		DB:                      "takbot.db",
		Database:                defaultDatabaseConfig(),
		DaysPerMove:             cmdtable.DefaultDaysPerMove,
		ReminderFraction:        0.75,
		ChallengeDays:           14,
		ChallengeGrace:          duration(bot.ChallengeGrace),
		LeaderboardMinGames:     bot.DefaultLeaderboardMinGames,
		LeaderboardMaxDeviation: bot.DefaultLeaderboardMaxDeviation,
		Retention:               duration(90 * day),
		TickInterval:            duration(time.Minute),
		LogLevel:                "info",
		LogFormat:               "text",
		ShutdownTimeout:         duration(10 * time.Second),
		HTTP:                    defaultHTTPConfig(),
		Web:                     defaultWebConfig(),
		Delivery: deliveryConfig{
			MinBackoff:  duration(30 * time.Second),
			MaxBackoff:  duration(time.Hour),
			GiveUpAfter: duration(7 * day),
			Concurrency: 8,
		},
		Engine: defaultEngineConfig(),
		Limits: limitsConfig{
			OpenChallenges:     bot.DefaultOpenChallenges,
			ChallengesToPlayer: bot.DefaultChallengesTo,
			CommandsPerMessage: bot.DefaultCommandsPerMessage,
			MessagesPerHour:    60,
			ChatPerHour:        10,
			AnalysesPerHour:    bot.DefaultAnalysesPerHour,
			EventsPerOrganiser: event.DefaultMaxRunning,
		},
	}
}
