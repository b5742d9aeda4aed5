package discord

import (
	"errors"
	"fmt"
	"net/url"
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

// Config is the Discord transport's configuration, secrets resolved: the
// discord section of takbot's configuration file (token or token_file,
// application_id, guilds, message_content, threads, channel, api_url), as
// cmd/takbot decodes it.
type Config struct {
	Token          string // the bot token ("Bot " before it is taken off)
	ApplicationID  string // "" to take it from READY
	Guilds         []string
	MessageContent bool // read plain text; needs the privileged Message Content intent
	Threads        ThreadKind
	Channel        string // fallback channel for games started elsewhere; "" for none
	Lobby          string // the channel where open challenges are posted (lobby.go); "" for none
	APIURL         string // another Discord-compatible server; "" or https://discord.com for Discord itself
}

// discordURL is Discord's own API, the default of api_url.
const discordURL = "https://discord.com"

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

// Check normalises the configuration and says what is wrong with it.
func (c *Config) Check() error {
	c.Token = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.Token), "Bot "))
	c.ApplicationID = strings.TrimSpace(c.ApplicationID)
	c.Channel = strings.TrimSpace(c.Channel)
	c.APIURL = strings.TrimSpace(c.APIURL)
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
	c.Lobby = strings.TrimSpace(c.Lobby)
	if c.Lobby != "" && !IsSnowflake(c.Lobby) {
		return &ConfigError{"lobby_channel", fmt.Sprintf("%q is not a Discord id", c.Lobby)}
	}
	switch c.Threads {
	case "":
		c.Threads = PublicThreads
	case PublicThreads, PrivateThreads:
	default:
		return &ConfigError{"threads", fmt.Sprintf("\"public\" or \"private\", not %q", c.Threads)}
	}
	if strings.TrimSuffix(strings.ToLower(c.APIURL), "/") == discordURL {
		c.APIURL = "" // Discord itself: no rewriting (which would also send its CDN there)
	}
	if c.APIURL != "" {
		u, err := url.Parse(c.APIURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return &ConfigError{"api_url", fmt.Sprintf("%q is not an http(s) URL such as https://discord.example.org", c.APIURL)}
		}
	}
	return nil
}
