package discord

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// ThreadKind says whether game threads are public or private.
type ThreadKind string

// The kinds of game threads.
const (
	// PublicThreads: everyone who sees the channel can follow a game.
	PublicThreads ThreadKind = "public"
	// PrivateThreads: only the two players (and moderators) see a game.
	PrivateThreads ThreadKind = "private"
)

// Settings is the "discord" section of takbot's configuration file, as
// written (secrets not yet read).
type Settings struct {
	// Token is the bot token; TokenFile, a file holding it, is preferred
	// so that the configuration file holds no secret.
	Token     string `yaml:"token"`
	TokenFile string `yaml:"token_file"`
	// ApplicationID is the application's id; empty: taken from the
	// gateway's READY.
	ApplicationID string `yaml:"application_id"`
	// Guilds are the servers to register the slash commands in (at once);
	// empty: register them globally (Discord may take up to an hour to
	// show them everywhere).
	Guilds []string `yaml:"guilds"`
	// MessageContent reads plain-text moves in game threads. It needs the
	// privileged Message Content intent, switched on in the developer
	// portal.
	MessageContent bool `yaml:"message_content"`
	// Threads is "public" (default) or "private".
	Threads string `yaml:"threads"`
	// Channel is the channel where games that did not start on Discord
	// (a challenge by email) get their thread when the Discord player has
	// never used the bot in a server; empty: such games go by direct
	// message.
	Channel string `yaml:"channel"`
	// APIURL replaces https://discord.com for every request: another
	// Discord-compatible server (self-hosted, or a test double). The
	// gateway is the one that server announces.
	APIURL string `yaml:"api_url"`
}

// Config is the Discord transport's configuration, secrets resolved.
type Config struct {
	Token          string // the bot token, without "Bot "
	ApplicationID  string // "" to take it from READY
	Guilds         []string
	MessageContent bool
	Threads        ThreadKind
	Channel        string // fallback channel for games started elsewhere; "" for none
	APIURL         string // "" for Discord itself
}

// ErrConfig is wrapped by errors about a configuration the transport
// cannot run with.
var ErrConfig = errors.New("discord: bad configuration")

// ConfigError is a key of the configuration the transport cannot run
// with. It matches ErrConfig with errors.Is.
type ConfigError struct {
	Key    string // the key in the discord section: "token", "guilds"
	Reason string
}

// Error names the key and the problem.
func (e *ConfigError) Error() string { return "discord: bad configuration: " + e.Key + ": " + e.Reason }

// Is makes a ConfigError an ErrConfig.
func (e *ConfigError) Is(target error) bool { return target == ErrConfig }

// Config resolves the settings: it reads the token file (relative paths
// from dir, the configuration file's directory) and checks every key.
func (s Settings) Config(dir string) (Config, error) {
	c := Config{Token: s.Token, ApplicationID: strings.TrimSpace(s.ApplicationID), Guilds: s.Guilds,
		MessageContent: s.MessageContent, Threads: ThreadKind(s.Threads), Channel: strings.TrimSpace(s.Channel),
		APIURL: strings.TrimSpace(s.APIURL)}
	if s.TokenFile != "" {
		path := s.TokenFile
		if !filepath.IsAbs(path) && dir != "" {
			path = filepath.Join(dir, path)
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return c, fmt.Errorf("%w: token_file: %w", ErrConfig, err)
		}
		c.Token = string(raw)
	}
	return c, c.Check()
}

// Check normalises the configuration and says what is wrong with it.
func (c *Config) Check() error {
	c.Token = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.Token), "Bot "))
	switch {
	case c.Token == "":
		return &ConfigError{"token", "missing: set token_file (or token) to the bot token from the developer portal"}
	case strings.ContainsAny(c.Token, " \t\r\n"):
		return &ConfigError{"token", "the token has spaces or line breaks in it"}
	}
	if c.ApplicationID != "" && !IsSnowflake(c.ApplicationID) {
		return &ConfigError{"application_id", fmt.Sprintf("%q is not a Discord id", c.ApplicationID)}
	}
	for _, g := range c.Guilds {
		if !IsSnowflake(g) {
			return &ConfigError{"guilds", fmt.Sprintf("%q is not a Discord id (copy it with Developer Mode on: right-click the server, Copy Server ID)", g)}
		}
	}
	if c.Channel != "" && !IsSnowflake(c.Channel) {
		return &ConfigError{"channel", fmt.Sprintf("%q is not a Discord id", c.Channel)}
	}
	switch c.Threads {
	case "":
		c.Threads = PublicThreads
	case PublicThreads, PrivateThreads:
	default:
		return &ConfigError{"threads", fmt.Sprintf("\"public\" or \"private\", not %q", c.Threads)}
	}
	if c.APIURL != "" {
		u, err := url.Parse(c.APIURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return &ConfigError{"api_url", fmt.Sprintf("%q is not an http(s) URL such as https://discord.example.org", c.APIURL)}
		}
	}
	return nil
}
