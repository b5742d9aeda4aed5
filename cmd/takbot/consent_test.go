package main

import "testing"

// TestUnsubscribeURL: the one-click links of mail to strangers live
// under web.public_url, only when the pages run and say where they are.
func TestUnsubscribeURL(t *testing.T) {
	for _, c := range []struct{ listen, public, want string }{
		{"127.0.0.1:8080", "https://tak.example.org", "https://tak.example.org/unsubscribe"},
		{"127.0.0.1:8080", "https://tak.example.org/", "https://tak.example.org/unsubscribe"},
		{"127.0.0.1:8080", "", ""},
		{"", "https://tak.example.org", ""},
	} {
		cfg := defaultConfig()
		cfg.Web.Listen, cfg.Web.PublicURL = c.listen, c.public
		if got := unsubscribeURL(&cfg); got != c.want {
			t.Errorf("listen %q, public_url %q: %q, want %q", c.listen, c.public, got, c.want)
		}
	}
}
