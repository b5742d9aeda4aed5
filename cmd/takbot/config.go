package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/takbymail/takbot/storage"
)

// fileConfig is the YAML configuration file (see config.example.yaml).
// Command-line flags override it.
type fileConfig struct {
	DB               string  `yaml:"db"`
	DaysPerMove      int     `yaml:"days_per_move"`
	ReminderFraction float64 `yaml:"reminder_fraction"`
	ImagesDir        string  `yaml:"images_dir"`
	LogLevel         string  `yaml:"log_level"`
	TickInterval     string  `yaml:"tick_interval"`
	ControlSocket    string  `yaml:"control_socket"`
}

func defaultConfig() fileConfig {
	return fileConfig{DB: "takbot.db", DaysPerMove: 3, ReminderFraction: 0.75, LogLevel: "info", TickInterval: "1m"}
}

// loadConfig reads a YAML file over the defaults; path "" keeps them.
func loadConfig(path string) (fileConfig, error) {
	c := defaultConfig()
	if path == "" {
		return c, nil
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return c, fmt.Errorf("config: %w", err)
	}
	var f map[string]any
	if err := yaml.Unmarshal(raw, &f); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	if err := yaml.Unmarshal(raw, &c); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	if c.DaysPerMove < 1 || c.DaysPerMove > 60 {
		return c, fmt.Errorf("config %s: days_per_move must be from 1 to 60, not %d", path, c.DaysPerMove)
	}
	if c.ReminderFraction <= 0 || c.ReminderFraction >= 1 {
		return c, fmt.Errorf("config %s: reminder_fraction must be between 0 and 1, not %g", path, c.ReminderFraction)
	}
	if _, err := time.ParseDuration(c.TickInterval); err != nil {
		return c, fmt.Errorf("config %s: tick_interval: %w", path, err)
	}
	if _, err := parseLevel(c.LogLevel); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}

func parseLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(strings.ToUpper(s))); err != nil {
		return 0, fmt.Errorf("log_level %q: use debug, info, warn or error", s)
	}
	return l, nil
}

// configFlags declares -config, -db and -log-level on fs and returns a
// function that loads the file and applies the flags given.
func configFlags(fs *flag.FlagSet) func() (fileConfig, error) {
	path := fs.String("config", "", "YAML configuration `file` (see config.example.yaml)")
	db := fs.String("db", "", "database `file` (default from the config, else takbot.db)")
	level := fs.String("log-level", "", "log level: debug, info, warn or error")
	return func() (fileConfig, error) {
		c, err := loadConfig(*path)
		if err != nil {
			return c, err
		}
		if *db != "" {
			c.DB = *db
		}
		if *level != "" {
			if _, err := parseLevel(*level); err != nil {
				return c, err
			}
			c.LogLevel = *level
		}
		return c, nil
	}
}

// openDB loads the configuration and opens its database for subcommand
// name; on failure it reports on stderr and returns the exit code.
func openDB(name string, load func() (fileConfig, error), o storage.Options, stderr io.Writer) (*storage.DB, fileConfig, int) {
	cfg, err := load()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, cfg, 2
	}
	db, err := storage.Open(cfg.DB, o)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		if errors.Is(err, storage.ErrInUse) {
			fmt.Fprintf(stderr, "%s: stop the takbot using %s first (\"takbot backup\" and \"takbot export\" work while it runs)\n", name, cfg.DB)
		}
		return nil, cfg, 1
	}
	return db, cfg, 0
}

func newLogger(w io.Writer, level string) *slog.Logger {
	l, _ := parseLevel(level)
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}
