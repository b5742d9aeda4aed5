package main

import (
	"fmt"
	"time"
)

// httpConfig tunes the health and metrics listener (http_listen): its
// timeouts, how many connections it holds at once, and the token that
// shows /healthz's details. The web pages' listener takes its timeouts
// too.
type httpConfig struct {
	// ReadTimeout bounds reading a request, headers and body.
	ReadTimeout duration `config:"read_timeout"`
	// HeaderTimeout bounds reading a request's headers: a client that
	// sends them slowly holds a connection this long at most.
	HeaderTimeout duration `config:"header_timeout"`
	// WriteTimeout bounds writing a response.
	WriteTimeout duration `config:"write_timeout"`
	// IdleTimeout closes a keep-alive connection idle this long.
	IdleTimeout duration `config:"idle_timeout"`
	// MaxConnections is the most connections open at once. At that
	// count, a new connection takes the place of the one idle longest,
	// or is answered 503 at once when none is idle (internal/connlimit).
	MaxConnections int `config:"max_connections"`
	// MaxConnectionsPerClient is the most connections one client address
	// (an IPv4 address, an IPv6 /64) holds at once; beyond, its own idle
	// connection makes room, or it is answered 503.
	MaxConnectionsPerClient int `config:"max_connections_per_client"`
	// HealthToken, when given, shows the details of /healthz to a request
	// that carries it (Authorization: Bearer TOKEN); without it /healthz
	// says ok or degraded and nothing more.
	HealthToken secret `config:"health_token"`
}

// Bounds of http.max_connections.
const maxHTTPConnections = 1024

// defaultHTTPConfig is the http section of an empty file.
func defaultHTTPConfig() httpConfig {
	return httpConfig{
		ReadTimeout:             duration(10 * time.Second),
		HeaderTimeout:           duration(5 * time.Second),
		WriteTimeout:            duration(30 * time.Second),
		IdleTimeout:             duration(60 * time.Second),
		MaxConnections:          16,
		MaxConnectionsPerClient: 8,
	}
}

// check validates the section.
func (h *httpConfig) check(c *checker) {
	positive(c, "http.read_timeout", h.ReadTimeout, time.Millisecond)
	positive(c, "http.header_timeout", h.HeaderTimeout, time.Millisecond)
	positive(c, "http.write_timeout", h.WriteTimeout, time.Millisecond)
	positive(c, "http.idle_timeout", h.IdleTimeout, time.Millisecond)
	if h.MaxConnections < 1 || h.MaxConnections > maxHTTPConnections {
		c.bad("http.max_connections", fmt.Errorf("must be from 1 to %d, not %d", maxHTTPConnections, h.MaxConnections))
	}
	if h.MaxConnectionsPerClient < 1 || h.MaxConnectionsPerClient > maxHTTPConnections {
		c.bad("http.max_connections_per_client", fmt.Errorf("must be from 1 to %d, not %d", maxHTTPConnections, h.MaxConnectionsPerClient))
	}
}
