package main

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// webConfig is the spectators' web pages (package web): their own
// listener, the address the world reaches them at, and their bounds.
type webConfig struct {
	// Listen is the pages' address, "" for none.
	Listen string `config:"listen"`
	// PublicURL is the pages' address as players and spectators reach
	// them ("https://tak.example.org"); with it, every move's mail and
	// thread post links to its game's page.
	PublicURL string `config:"public_url"`
	// MaxConnections is the most connections the pages' listener holds
	// at once (live pages hold one each). At that count, a new connection
	// takes the place of the one idle longest, or is answered 503 at once
	// when none is idle.
	MaxConnections int `config:"max_connections"`
	// MaxConnectionsPerClient is the most connections one client address
	// (an IPv4 address, an IPv6 /64) holds at once; not applied with
	// ClientIPHeader, where every connection comes from the proxy.
	MaxConnectionsPerClient int `config:"max_connections_per_client"`
	// StreamsPerClient is the most live pages one client address (an
	// IPv4 address, an IPv6 /64) follows at once.
	StreamsPerClient int `config:"streams_per_client"`
	// ClientIPHeader is the header a reverse proxy in front of the
	// pages sets to the client's address, "" for none.
	ClientIPHeader string `config:"client_ip_header"`
}

// defaultWebConfig is the web section of an empty file.
func defaultWebConfig() webConfig {
	return webConfig{MaxConnections: 256, MaxConnectionsPerClient: 32, StreamsPerClient: 4}
}

// check validates the section.
func (w *webConfig) check(c *checker, httpListen string) {
	if w.Listen != "" {
		if err := checkListenAddress(w.Listen); err != nil {
			c.bad("web.listen", err)
		} else if w.Listen == httpListen {
			c.bad("web.listen", fmt.Errorf("%q is http_listen's address already; the pages need one of their own", w.Listen))
		}
	}
	if w.PublicURL != "" {
		u, err := url.Parse(w.PublicURL)
		switch {
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			c.bad("web.public_url", fmt.Errorf("%q is not an http or https address, such as https://tak.example.org", w.PublicURL))
		case u.RawQuery != "" || u.Fragment != "" || u.User != nil:
			c.bad("web.public_url", errors.New("must be a plain address: no user, query or fragment"))
		case w.Listen == "":
			c.bad("web.public_url", errors.New("is set but web.listen is not: the pages are served only with web.listen"))
		case strings.ContainsAny(w.PublicURL, " \t\n\"'<>"):
			c.bad("web.public_url", errors.New("must not contain spaces or quotes"))
		}
	}
	if h := w.ClientIPHeader; h != "" && strings.ContainsFunc(h, func(r rune) bool {
		return !(r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) {
		c.bad("web.client_ip_header", fmt.Errorf("%q is not a header name, such as X-Real-IP", h))
	}
	if w.MaxConnections < 1 || w.MaxConnections > 65536 {
		c.bad("web.max_connections", fmt.Errorf("must be from 1 to 65536, not %d", w.MaxConnections))
	}
	if w.MaxConnectionsPerClient < 1 || w.MaxConnectionsPerClient > 65536 {
		c.bad("web.max_connections_per_client", fmt.Errorf("must be from 1 to 65536, not %d", w.MaxConnectionsPerClient))
	}
	if w.StreamsPerClient < 1 || w.StreamsPerClient > 64 {
		c.bad("web.streams_per_client", fmt.Errorf("must be from 1 to 64, not %d", w.StreamsPerClient))
	}
}
