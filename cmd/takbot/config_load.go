package main

import (
	"flag"
	"fmt"
	"os"
)

// loadConfig reads the configuration file at path ("" keeps the
// defaults), decodes it strictly, resolves the values that depend on
// others and validates it. Its error is a *configError listing every
// problem found, or the error reading the file.
func loadConfig(path string, o decodeOptions) (config, error) {
	if path == "" {
		return defaultConfig(), nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return defaultConfig(), &configReadError{err}
	}
	cfg, lines, problems := decodeConfig(data, o)
	if cfg.Email != nil {
		cfg.Email.resolve()
	}
	c := newChecker(lines, problems)
	cfg.check(c)
	if o.requireBuiltIn {
		checkTransports(&cfg, c)
	}
	problems = append(problems, c.problems...)
	if len(problems) > 0 {
		sortProblems(problems)
		return cfg, &configError{File: path, Problems: problems}
	}
	return cfg, nil
}

// configFlags declares -config, -db and -log-level on fs for the
// subcommands that only need the database (console, backup, export), and
// returns a function that loads the file (without reading its secrets)
// and applies the flags given.
func configFlags(fs *flag.FlagSet, e *env) func() (config, error) {
	path := fs.String("config", "", "YAML configuration `file` (see config.example.yaml)")
	db := fs.String("db", "", "database `file` (default from the config, else takbot.db)")
	level := fs.String("log-level", "", "log level: debug, info, warn or error")
	return func() (config, error) {
		c, err := loadConfig(*path, decodeOptions{lookupEnv: e.lookupEnv})
		if err != nil {
			return c, err
		}
		if *db != "" {
			c.DB = *db
		}
		if *level != "" {
			if err := c.LogLevel.set(*level); err != nil {
				return c, fmt.Errorf("-log-level %w", err)
			}
		}
		return c, nil
	}
}
