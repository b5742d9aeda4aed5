package main

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/control"
)

// checker collects the problems of a decoded configuration, placing each
// on the line of its key.
type checker struct {
	lines map[string]int // dotted key → line, for the keys the file gives
	// failed holds the keys whose decoding had a problem already: a key
	// under one of them is not reported missing again.
	failed   map[string]bool
	problems []*configProblem
}

// newChecker returns a checker for a file whose keys are on lines and
// whose decoding found problems.
func newChecker(lines map[string]int, problems []*configProblem) *checker {
	c := &checker{lines: lines, failed: map[string]bool{}}
	for _, p := range problems {
		if p.Key != "" {
			c.failed[p.Key] = true
		}
	}
	return c
}

// reported reports whether key (or its _file form), or a section holding
// it, already has a problem.
func (c *checker) reported(key string) bool {
	if c.failed[key+"_file"] {
		return true
	}
	for {
		if c.failed[key] {
			return true
		}
		i := strings.LastIndexByte(key, '.')
		if i < 0 {
			return false
		}
		key = key[:i]
	}
}

// line returns the line of key, or of its nearest enclosing section the
// file gives, or 0.
func (c *checker) line(key string) int {
	for {
		if l, ok := c.lines[key]; ok {
			return l
		}
		i := strings.LastIndexByte(key, '.')
		if i < 0 {
			return 0
		}
		key = key[:i]
	}
}

// add records a problem; later checks of the same key (an adapter's, say)
// then report nothing more about it: each mistake is reported once.
func (c *checker) add(p *configProblem) {
	c.problems = append(c.problems, p)
	if p.Key != "" {
		c.failed[p.Key] = true
	}
}

// bad records a value that is out of range or inconsistent.
func (c *checker) bad(key string, err error) {
	c.add(&configProblem{Line: c.line(key), Key: key, Kind: problemBadValue, Err: err})
}

// missing records a required key that is absent, unless a problem was
// reported about it already.
func (c *checker) missing(key string, why error) {
	if !c.reported(key) {
		c.add(&configProblem{Line: c.line(key), Key: key, Kind: problemMissingKey, Err: why})
	}
}

// require records key as missing unless present, and returns present.
func (c *checker) require(key string, present bool) bool {
	if !present {
		c.missing(key, nil)
	}
	return present
}

// check validates the core keys and each enabled section.
func (cfg *config) check(c *checker) {
	if cfg.DB == "" {
		c.bad("db", errors.New("must name the database file"))
	}
	if cfg.DaysPerMove < 1 || cfg.DaysPerMove > 60 {
		c.bad("days_per_move", fmt.Errorf("must be from 1 to 60, not %d", cfg.DaysPerMove))
	}
	if cfg.ReminderFraction <= 0 || cfg.ReminderFraction >= 1 {
		c.bad("reminder_fraction", fmt.Errorf("must be between 0 and 1, not %g", cfg.ReminderFraction))
	}
	if cfg.ChallengeDays < 1 || cfg.ChallengeDays > 365 {
		c.bad("challenge_days", fmt.Errorf("must be from 1 to 365, not %d", cfg.ChallengeDays))
	}
	if cfg.ChallengeGrace < 0 || time.Duration(cfg.ChallengeGrace) > time.Hour {
		c.bad("challenge_grace", fmt.Errorf("must be from 0s to 1h, not %s", time.Duration(cfg.ChallengeGrace)))
	}
	if cfg.LeaderboardMinGames < 1 || cfg.LeaderboardMinGames > 1000 {
		c.bad("leaderboard_min_games", fmt.Errorf("must be from 1 to 1000, not %d", cfg.LeaderboardMinGames))
	}
	if !(cfg.LeaderboardMaxDeviation >= 30 && cfg.LeaderboardMaxDeviation <= 350) {
		c.bad("leaderboard_max_deviation", fmt.Errorf("must be from 30 to 350, not %g", cfg.LeaderboardMaxDeviation))
	}
	positive(c, "retention", cfg.Retention, day)
	positive(c, "tick_interval", cfg.TickInterval, time.Millisecond)
	positive(c, "shutdown_timeout", cfg.ShutdownTimeout, time.Second)
	if cfg.HTTPListen != "" {
		if err := checkListenAddress(cfg.HTTPListen); err != nil {
			c.bad("http_listen", err)
		}
	}
	cfg.HTTP.check(c)
	cfg.Database.check(c)
	cfg.Engine.check(c)
	cfg.Web.check(c, cfg.HTTPListen)
	if len(cfg.ControlSocket) > control.MaxSocketPath {
		c.bad("control_socket", fmt.Errorf("a socket path has at most %d bytes, not %d", control.MaxSocketPath, len(cfg.ControlSocket)))
	}
	d := cfg.Delivery
	positive(c, "delivery.min_backoff", d.MinBackoff, time.Millisecond)
	positive(c, "delivery.max_backoff", d.MaxBackoff, time.Millisecond)
	if d.MaxBackoff > 0 && d.MaxBackoff < d.MinBackoff {
		c.bad("delivery.max_backoff", fmt.Errorf("%s is shorter than min_backoff %s", d.MaxBackoff, d.MinBackoff))
	}
	positive(c, "delivery.give_up_after", d.GiveUpAfter, time.Minute)
	if d.Concurrency < 1 || d.Concurrency > 256 {
		c.bad("delivery.concurrency", fmt.Errorf("must be from 1 to 256, not %d", d.Concurrency))
	}
	cfg.Limits.check(c)
	if cfg.Email != nil {
		cfg.Email.check(c)
	}
	if cfg.Discord != nil {
		cfg.Discord.check(c)
	}
}

// check validates the limits section.
func (l limitsConfig) check(c *checker) {
	for _, k := range []struct {
		key     string
		v, most int
	}{
		{"limits.open_challenges", l.OpenChallenges, 1000},
		{"limits.challenges_to_player", l.ChallengesToPlayer, 1000},
		{"limits.commands_per_message", l.CommandsPerMessage, bot.MaxCommands},
		{"limits.messages_per_hour", l.MessagesPerHour, 100000},
		{"limits.chat_per_hour", l.ChatPerHour, 1000},
		{"limits.analyses_per_hour", l.AnalysesPerHour, 1000},
		{"limits.events_per_organiser", l.EventsPerOrganiser, 100},
	} {
		if k.v < 1 || k.v > k.most {
			c.bad(k.key, fmt.Errorf("must be from 1 to %d, not %d", k.most, k.v))
		}
	}
}

// positive records a duration shorter than least.
func positive(c *checker, key string, d duration, least time.Duration) {
	if time.Duration(d) < least {
		c.bad(key, fmt.Errorf("must be at least %s, not %s", duration(least), d))
	}
}

// checkListenAddress validates a HOST:PORT to listen on (port 0: any).
func checkListenAddress(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not HOST:PORT (127.0.0.1:8080, [::1]:8080, :8080)", addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q: the port must be a number from 0 to 65535", addr)
	}
	return nil
}
