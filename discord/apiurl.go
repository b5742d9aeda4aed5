package discord

import (
	"net/http"
	"net/url"
	"strings"
	"time"
)

// requestTimeout bounds one REST request.
const requestTimeout = 30 * time.Second

// newHTTPClient returns the client discordgo uses: with apiURL set, every
// request for Discord's hosts goes to apiURL instead, keeping its path
// (below apiURL's own path) and query. discordgo computes its Endpoint*
// URLs once at init, so rewriting requests is the one way to move them
// all. The gateway follows: discordgo asks GET /api/v9/gateway for its
// URL, and the other server answers with its own.
func newHTTPClient(apiURL string, next http.RoundTripper) *http.Client {
	if next == nil {
		next = http.DefaultTransport
	}
	if apiURL == "" {
		return &http.Client{Transport: next, Timeout: requestTimeout}
	}
	u, _ := url.Parse(apiURL) // Config.Check parsed it
	return &http.Client{Transport: &rewriter{base: u, next: next}, Timeout: requestTimeout}
}

// rewriter sends requests for Discord's hosts to another server.
type rewriter struct {
	base *url.URL
	next http.RoundTripper
}

// RoundTrip rewrites the scheme, host and path of Discord's hosts.
func (t *rewriter) RoundTrip(r *http.Request) (*http.Response, error) {
	if !isDiscordHost(r.URL.Hostname()) {
		return t.next.RoundTrip(r)
	}
	out := r.Clone(r.Context())
	out.URL.Scheme = t.base.Scheme
	out.URL.Host = t.base.Host
	out.Host = t.base.Host
	if prefix := strings.TrimSuffix(t.base.Path, "/"); prefix != "" {
		out.URL.Path = prefix + r.URL.Path
		if r.URL.RawPath != "" {
			out.URL.RawPath = prefix + r.URL.RawPath
		}
	}
	return t.next.RoundTrip(out)
}

// isDiscordHost reports whether a host is one of Discord's: the API, the
// CDN and the gateway.
func isDiscordHost(host string) bool {
	host = strings.ToLower(host)
	for _, domain := range []string{"discord.com", "discordapp.com", "discordapp.net", "discord.gg"} {
		if host == domain || strings.HasSuffix(host, "."+domain) {
			return true
		}
	}
	return false
}
