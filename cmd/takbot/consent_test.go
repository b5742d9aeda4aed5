package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
)

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

// TestServeOneClickUnsubscribe: takbot serve with the web pages gives
// the mail to an address that never wrote a one-click link under
// web.public_url, and serves it on web.listen: a GET changes nothing, a
// POST stops the mail to the address, so the withdrawal of the challenge
// that follows is not sent (logged, counted).
func TestServeOneClickUnsubscribe(t *testing.T) {
	w := startCrossWorld(t, "web:\n  listen: localhost:0\n  public_url: https://tak.test\n")
	// (localhost: http_listen has 127.0.0.1:0 already, and serve wants
	// the pages on an address of their own; it resolves to 127.0.0.1)
	webAddr := w.proc.waitLog(t, e2eWaitLimit, "web pages listening", nil).str("addr")
	if !strings.HasPrefix(webAddr, "127.0.0.1:") {
		t.Fatalf("the pages listen on %s, want 127.0.0.1", webAddr)
	}
	o := discordfake.Opt
	w.reply(w.bobSlash(w.channel, "challenge", o("opponent", e2eAnnAddr), o("size", 3)))
	challenge := w.annNext("Bob challenges you to a game of Tak (g1)")
	if !strings.Contains(challenge.Text(), "reply with the one word stop") {
		t.Errorf("the challenge to ann, who never wrote, has no opt-out:\n%s", challenge.Text())
	}
	v := challenge.In.Header.Get("List-Unsubscribe")
	const base = "<https://tak.test/unsubscribe/"
	i := strings.Index(v, base)
	if i < 0 || challenge.In.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Fatalf("List-Unsubscribe %q, List-Unsubscribe-Post %q", v, challenge.In.Header.Get("List-Unsubscribe-Post"))
	}
	token, _, _ := strings.Cut(v[i+len(base):], ">")
	link := "http://" + webAddr + "/unsubscribe/" + token
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET %s: %d, want 405", link, resp.StatusCode)
	}
	resp, err = http.Post(link, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s: %d", link, resp.StatusCode)
	}
	w.reply(w.bobSlash(w.channel, "cancel"))
	w.proc.waitLog(t, e2eWaitLimit, "mail not sent: the address does not accept mail from takbot; later ones are dropped without a log line until one goes out", nil)
	msgs, err := w.mail.Messages(e2eAnnAddr, "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 {
		t.Errorf("ann received %d mails, want 1 (the challenge, not its withdrawal)", len(msgs))
	}
}
