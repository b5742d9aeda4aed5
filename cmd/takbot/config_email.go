package main

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"strings"
	"time"
)

// emailConfig is the email section: present, it turns the email
// transport on.
type emailConfig struct {
	Address           string     `config:"address"` // required
	Name              string     `config:"name"`
	IMAP              imapConfig `config:"imap"`
	SMTP              smtpConfig `config:"smtp"`
	TrustedAuthServID string     `config:"trusted_authserv_id"`
	MaxRepliesPerHour int        `config:"max_replies_per_hour"`
	// MaxUnverifiedRepliesPerHour caps the answered mails of one
	// unverified From address in an hour.
	MaxUnverifiedRepliesPerHour int `config:"max_unverified_replies_per_hour"`
}

// imapConfig is where the bot reads its mail.
type imapConfig struct {
	Host             string   `config:"host"` // required
	Port             int      `config:"port"` // 0: 993 with tls, 143 otherwise
	Security         security `config:"security"`
	Username         string   `config:"username"` // required
	Password         secret   `config:"password"`
	Mailbox          string   `config:"mailbox"`
	ProcessedMailbox string   `config:"processed_mailbox"`
	PollInterval     duration `config:"poll_interval"`
	AllowInsecure    bool     `config:"allow_insecure"`
}

// smtpConfig is where the bot sends its mail.
type smtpConfig struct {
	Host          string   `config:"host"` // required
	Port          int      `config:"port"` // 0: 465 with tls, 587 with starttls, 25 with none
	Security      security `config:"security"`
	Username      string   `config:"username"` // "": no AUTH
	Password      secret   `config:"password"`
	AllowInsecure bool     `config:"allow_insecure"`
}

// setDefaults fills a new email section before its keys are decoded.
func (e *emailConfig) setDefaults() {
	*e = emailConfig{
		Name: "takbot",
		IMAP: imapConfig{
			Security:         "tls",
			Mailbox:          "INBOX",
			ProcessedMailbox: "takbot/processed",
			PollInterval:     duration(time.Minute),
		},
		SMTP:                        smtpConfig{Security: "tls"},
		MaxRepliesPerHour:           30,
		MaxUnverifiedRepliesPerHour: 10,
	}
}

// resolve fills the values that depend on others: the ports.
func (e *emailConfig) resolve() {
	if e.IMAP.Port == 0 {
		e.IMAP.Port = 993
		if e.IMAP.Security != "tls" {
			e.IMAP.Port = 143
		}
	}
	if e.SMTP.Port == 0 {
		switch e.SMTP.Security {
		case "tls":
			e.SMTP.Port = 465
		case "starttls":
			e.SMTP.Port = 587
		default:
			e.SMTP.Port = 25
		}
	}
}

// errInsecure refuses a plain-text connection across the network.
var errInsecure = errors.New("security none sends the password and the mail in clear text: " +
	"use it only towards a loopback host, or set allow_insecure: true")

// check validates the section; c knows the lines of its keys.
func (e *emailConfig) check(c *checker) {
	if c.require("email.address", e.Address != "") {
		if a, err := mail.ParseAddress(e.Address); err != nil || a.Name != "" || a.Address != e.Address {
			c.bad("email.address", fmt.Errorf("%q is not a bare email address (user@example.org)", e.Address))
		}
	}
	if e.MaxRepliesPerHour < 1 {
		c.bad("email.max_replies_per_hour", fmt.Errorf("must be at least 1, not %d", e.MaxRepliesPerHour))
	}
	if e.MaxUnverifiedRepliesPerHour < 1 {
		c.bad("email.max_unverified_replies_per_hour", fmt.Errorf("must be at least 1, not %d", e.MaxUnverifiedRepliesPerHour))
	}
	e.IMAP.check(c)
	e.SMTP.check(c)
}

func (m *imapConfig) check(c *checker) {
	checkServer(c, "email.imap", m.Host, m.Port, m.Security, m.AllowInsecure, m.Username, m.Password)
	// IMAP has no anonymous login: both are required (checkServer asks
	// for the password once a username is given).
	if !c.require("email.imap.username", m.Username != "") {
		c.require("email.imap.password", m.Password.given())
	}
	if m.Mailbox == "" {
		c.bad("email.imap.mailbox", errors.New("must name a mailbox"))
	}
	if m.ProcessedMailbox == "" || m.ProcessedMailbox == m.Mailbox {
		c.bad("email.imap.processed_mailbox", errors.New("must name a mailbox other than the one read"))
	}
	if m.PollInterval <= 0 {
		c.bad("email.imap.poll_interval", fmt.Errorf("must be positive, not %s", m.PollInterval))
	}
}

func (m *smtpConfig) check(c *checker) {
	checkServer(c, "email.smtp", m.Host, m.Port, m.Security, m.AllowInsecure, m.Username, m.Password)
}

// checkServer validates the keys an IMAP and an SMTP server share.
func checkServer(c *checker, prefix, host string, port int, sec security, allowInsecure bool, username string, password secret) {
	if !c.require(prefix+".host", host != "") {
		return
	}
	if port < 1 || port > 65535 {
		c.bad(prefix+".port", fmt.Errorf("must be from 1 to 65535, not %d", port))
	}
	if sec == "none" && !allowInsecure && !isLoopback(host) {
		c.add(&configProblem{Line: c.line(prefix + ".security"), Key: prefix + ".security", Kind: problemInsecure, Err: errInsecure})
	}
	switch {
	case username != "" && !password.given():
		c.missing(prefix+".password", errors.New("or password_file, since username is set"))
	case username == "" && password.given():
		c.bad(prefix+".password", errors.New("given without a username (an empty username means no AUTH)"))
	}
}

// isLoopback reports whether host names this machine without a lookup:
// localhost or a loopback address.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
