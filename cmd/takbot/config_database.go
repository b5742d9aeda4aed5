package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// The database drivers (database.driver).
const (
	driverBbolt    = "bbolt"
	driverPostgres = "postgres"
)

// databaseConfig chooses the store: the bbolt file of the db key (the
// default), or PostgreSQL, on which two "takbot serve" processes may run,
// one leading and the other waiting to take over.
type databaseConfig struct {
	// Driver is "bbolt" or "postgres".
	Driver string `config:"driver"`
	// DSN is the PostgreSQL connection string (postgres://... or
	// "host=... dbname=..."), with its password: a secret (dsn_file).
	DSN secret `config:"dsn"`
	// LeaderPoll is how often a standby tries the leader lock and the
	// leader checks it still holds it.
	LeaderPoll duration `config:"leader_poll"`
}

// defaultDatabaseConfig is the database section of an empty file.
func defaultDatabaseConfig() databaseConfig {
	return databaseConfig{Driver: driverBbolt, LeaderPoll: duration(5 * time.Second)}
}

// postgres reports whether the store is PostgreSQL.
func (d *databaseConfig) postgres() bool { return d.Driver == driverPostgres }

// check validates the section.
func (d *databaseConfig) check(c *checker) {
	switch d.Driver {
	case driverBbolt:
	case driverPostgres:
		if c.require("database.dsn", d.DSN.given()) && d.DSN.Value != "" {
			if _, err := pgconn.ParseConfig(d.DSN.Value); err != nil {
				c.bad("database.dsn", errors.New("is not a PostgreSQL connection string (postgres://USER@HOST/DB or \"host=... dbname=...\")"))
			}
		}
	default:
		c.bad("database.driver", fmt.Errorf("%q is not a driver: bbolt or postgres", d.Driver))
	}
	positive(c, "database.leader_poll", d.LeaderPoll, 100*time.Millisecond)
	if time.Duration(d.LeaderPoll) > 10*time.Second {
		c.bad("database.leader_poll", errors.New("must be at most 10s, so that a standby takes over within 30s of the leader's death"))
	}
}

// databaseName names cfg's database for the logs and serve -check: the
// bbolt file, or PostgreSQL's user, host and database (never the
// password).
func databaseName(cfg config) string {
	if !cfg.Database.postgres() {
		return cfg.DB
	}
	c, err := pgconn.ParseConfig(cfg.Database.DSN.Value)
	if err != nil {
		return "postgres"
	}
	return fmt.Sprintf("postgres %s@%s/%s", c.User, c.Host, c.Database)
}
