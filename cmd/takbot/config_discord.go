package main

import (
	"errors"
	"fmt"
	"net/url"
)

// discordConfig is the discord section: present, it turns the Discord
// transport on.
type discordConfig struct {
	Token          secret     `config:"token"`          // required (or token_file)
	ApplicationID  string     `config:"application_id"` // required
	Guilds         []string   `config:"guilds"`         // empty: global commands
	MessageContent bool       `config:"message_content"`
	Threads        threadKind `config:"threads"`
	Channel        string     `config:"channel"`       // "": games begun elsewhere go by direct message
	LobbyChannel   string     `config:"lobby_channel"` // "": open challenges are not posted on Discord
	APIURL         string     `config:"api_url"`
}

// setDefaults fills a new discord section before its keys are decoded.
func (d *discordConfig) setDefaults() {
	*d = discordConfig{MessageContent: true, Threads: "public", APIURL: "https://discord.com"}
}

// check validates the section; c knows the lines of its keys.
func (d *discordConfig) check(c *checker) {
	c.require("discord.token", d.Token.given())
	if c.require("discord.application_id", d.ApplicationID != "") && !isSnowflake(d.ApplicationID) {
		c.bad("discord.application_id", fmt.Errorf("%q is not a Discord id (digits only)", d.ApplicationID))
	}
	for _, g := range d.Guilds {
		if !isSnowflake(g) {
			c.bad("discord.guilds", fmt.Errorf("%q is not a Discord guild id (digits only)", g))
		}
	}
	if d.Channel != "" && !isSnowflake(d.Channel) {
		c.bad("discord.channel", fmt.Errorf("%q is not a Discord channel id (digits only)", d.Channel))
	}
	if d.LobbyChannel != "" && !isSnowflake(d.LobbyChannel) {
		c.bad("discord.lobby_channel", fmt.Errorf("%q is not a Discord channel id (digits only)", d.LobbyChannel))
	}
	if u, err := url.Parse(d.APIURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		c.bad("discord.api_url", errors.New("must be an http or https URL such as https://discord.com"))
	}
}

// isSnowflake reports whether s is a Discord id: 1 to 20 digits.
func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
