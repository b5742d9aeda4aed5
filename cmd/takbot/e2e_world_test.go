package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/internal/localmail"
	"github.com/takbymail/takbot/ops"
)

// The people and addresses of the end-to-end world.
const (
	e2eBotAddr     = "takbot@example.test"
	e2eBotPassword = "bot-secret"
	e2eAnnAddr     = "ann@example.test"
	e2eAnnPassword = "ann-secret"
	// e2eWaitLimit guards every wait of the end-to-end tests against a
	// hang; a green run is far from it.
	e2eWaitLimit = 60 * time.Second
)

// crossWorld is a `takbot serve` subprocess with both transports on, the
// mail system and the fake Discord it talks to, and the two players: Ann
// by mail, Bob on Discord.
type crossWorld struct {
	t        *testing.T
	ctx      context.Context // bounded by e2eWaitLimit
	mail     *localmail.System
	fake     *discordfake.Server
	guild    string
	channel  string
	lobby    string // the lobby channel, where open challenges are posted
	bob      discordfake.User
	ann      *demo.Player
	proc     *process
	httpAddr string
	seen     map[string]bool // posts postSaying returned
}

// startCrossWorld starts localmail (the bot's and Ann's mailboxes), the
// fake Discord (a server with a channel and Bob), and takbot serve on
// both, and connects Ann's mail client. It returns once both transports
// logged that they are connected and the slash command is registered.
// extraConfig is appended to the configuration file (top-level keys).
func startCrossWorld(t *testing.T, extraConfig ...string) *crossWorld {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), e2eWaitLimit)
	t.Cleanup(cancel)
	w := &crossWorld{t: t, ctx: ctx}

	mail, err := localmail.Start(ctx, localmail.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = mail.Close() })
	w.mail = mail
	for addr, pw := range map[string]string{e2eBotAddr: e2eBotPassword, e2eAnnAddr: e2eAnnPassword} {
		if err := mail.AddUser(addr, pw); err != nil {
			t.Fatal(err)
		}
	}

	fake, err := discordfake.Start(discordfake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := fake.Close(); err != nil {
			t.Errorf("fake Discord: close: %v", err)
		}
	})
	w.fake = fake
	w.guild = fake.AddGuild("Tak Club")
	if w.channel, err = fake.AddTextChannel(w.guild, "games"); err != nil {
		t.Fatal(err)
	}
	if w.lobby, err = fake.AddTextChannel(w.guild, "lobby"); err != nil {
		t.Fatal(err)
	}
	w.bob = fake.AddUser(discordfake.User{Username: "bob", GlobalName: "Bob"})
	if err := fake.AddMember(w.guild, w.bob.ID, ""); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	cfg := writeConfig(t, dir, w.config(filepath.Join(dir, "takbot.db"))+strings.Join(extraConfig, ""))
	w.proc = startTakbot(t, "serve", "-config", cfg)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("takbot's standard error:\n%s", w.proc.output())
		}
	})
	w.httpAddr = w.proc.waitLog(t, e2eWaitLimit, "http listening", nil).str("addr")
	w.proc.waitLog(t, e2eWaitLimit, "mailbox connected", nil)
	w.proc.waitLog(t, e2eWaitLimit, "discord: connected", nil)
	w.proc.waitLog(t, e2eWaitLimit, "discord: slash commands registered", nil)

	if w.ann, err = demo.Connect(ctx, demo.Servers{IMAPAddr: mail.IMAPAddr(), SMTPAddr: mail.SMTPAddr()},
		e2eAnnAddr, "Ann", e2eAnnPassword, nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = w.ann.Close() })
	return w
}

// config is serve's configuration: the database in the test's folder,
// the email section towards localmail in plain text on loopback, the
// discord section towards the fake. A challenge to ann, who never wrote,
// goes out at once (challenge_grace: 0s): its grace period has tests of
// its own.
func (w *crossWorld) config(db string) string {
	imapHost, imapPort := splitHostPort(w.t, w.mail.IMAPAddr())
	smtpHost, smtpPort := splitHostPort(w.t, w.mail.SMTPAddr())
	d := w.fake.BotConfig()
	return fmt.Sprintf(`db: %s
http_listen: 127.0.0.1:0
http:
  health_token: `+e2eHealthToken+`
log_format: json
shutdown_timeout: 10s
challenge_grace: 0s
engine:
  max_think: 200ms
  review_time: 10ms
email:
  address: %s
  name: Takbot
  imap:
    host: %s
    port: %s
    security: none
    username: %s
    password: %s
    poll_interval: 1s
  smtp:
    host: %s
    port: %s
    security: none
    username: %s
    password: %s
discord:
  token: %s
  application_id: "%s"
  guilds: ["%s"]
  message_content: true
  lobby_channel: "%s"
  api_url: %s
`, db, e2eBotAddr, imapHost, imapPort, e2eBotAddr, e2eBotPassword, smtpHost, smtpPort, e2eBotAddr, e2eBotPassword,
		d.Token, d.ApplicationID, w.guild, w.lobby, d.APIURL)
}

func splitHostPort(t *testing.T, addr string) (host, port string) {
	t.Helper()
	i := strings.LastIndexByte(addr, ':')
	if i < 0 {
		t.Fatalf("address %q has no port", addr)
	}
	return addr[:i], addr[i+1:]
}

// e2eHealthToken is the token that shows /healthz's details.
const e2eHealthToken = "e2e-health-token"

// health reads /healthz with the token.
func (w *crossWorld) health() (int, ops.HealthReport) {
	w.t.Helper()
	req, err := http.NewRequestWithContext(w.ctx, http.MethodGet, "http://"+w.httpAddr+"/healthz", nil)
	if err != nil {
		w.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+e2eHealthToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var rep ops.HealthReport
	if err := json.NewDecoder(resp.Body).Decode(&rep); err != nil {
		w.t.Fatalf("/healthz: %v", err)
	}
	return resp.StatusCode, rep
}

// annNext returns Ann's next mail, which must say every one of want: the
// bot writes her one mail per event, in order.
func (w *crossWorld) annNext(want ...string) *demo.Mail {
	w.t.Helper()
	m, err := w.ann.Next(w.ctx)
	if err != nil {
		w.t.Fatalf("Ann's next mail, saying %q: %v", want, err)
	}
	for _, s := range want {
		if !strings.Contains(m.Text(), s) {
			w.t.Errorf("Ann's mail %q does not say %q:\n%s", m.In.Subject, s, m.Text())
		}
	}
	return m
}

// annReply answers a mail as Gmail does.
func (w *crossWorld) annReply(m *demo.Mail, text string) {
	w.t.Helper()
	if _, err := w.ann.Reply(w.ctx, m, text, demo.Gmail, demo.Plain); err != nil {
		w.t.Fatalf("Ann's reply %q: %v", text, err)
	}
}

// bobSlash sends /tak SUB as Bob in a channel.
func (w *crossWorld) bobSlash(channel, sub string, opts ...discordfake.Option) *discordfake.Interaction {
	w.t.Helper()
	ix, err := w.fake.Slash(w.ctx, w.bob.ID, channel, "tak", discordfake.Sub(sub, opts...))
	if err != nil {
		w.t.Fatalf("/tak %s: %v", sub, err)
	}
	return ix
}

// reply waits for the first message an interaction shows Bob.
func (w *crossWorld) reply(ix *discordfake.Interaction) discordfake.Message {
	w.t.Helper()
	m, err := ix.Reply(w.ctx)
	if err != nil {
		w.t.Fatalf("the answer to interaction %s: %v (violations %v)", ix.ID, err, w.fake.Violations())
	}
	return m
}

// bobSay posts a plain message as Bob.
func (w *crossWorld) bobSay(channel, text string) {
	w.t.Helper()
	if _, err := w.fake.Say(w.bob.ID, channel, text); err != nil {
		w.t.Fatalf("Bob says %q: %v", text, err)
	}
}

// posts returns the bot's messages in a channel, other than the answers
// to interactions (a deferred answer, deleted once the move is posted).
func (w *crossWorld) posts(channel string) []discordfake.Message {
	var out []discordfake.Message
	for _, m := range w.fake.Messages(channel) {
		if m.Author.ID == w.fake.Bot().ID && m.InteractionID == "" && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// nextPost waits for the bot's visible message number n (from 0) in a
// channel and returns it.
func (w *crossWorld) nextPost(channel string, n int) discordfake.Message {
	w.t.Helper()
	var got []discordfake.Message
	if err := w.fake.Await(w.ctx, func() bool { got = w.posts(channel); return len(got) > n }); err != nil {
		w.t.Fatalf("waiting for post %d in %s: %v; posts so far:\n%s", n, channel, err, postContents(got))
	}
	return got[n]
}

// thread waits for the game thread (the first) and returns it.
func (w *crossWorld) thread() discordfake.Channel {
	w.t.Helper()
	if err := w.fake.Await(w.ctx, func() bool { return len(w.fake.Threads()) > 0 }); err != nil {
		w.t.Fatalf("no game thread: %v", err)
	}
	return w.fake.Threads()[0]
}

func postContents(ms []discordfake.Message) string {
	var b strings.Builder
	for i, m := range ms {
		fmt.Fprintf(&b, "--- post %d (%d files):\n%s\n", i, len(m.Attachments), m.Content)
	}
	return b.String()
}

// mailPictures returns the PNG images of a mail (inline or attached),
// each checked to decode as a PNG.
func mailPictures(t *testing.T, raw []byte) []string {
	t.Helper()
	var names []string
	walkMail(t, raw, func(e *message.Entity) {
		mediaType, params, _ := e.Header.ContentType()
		if mediaType != "image/png" {
			return
		}
		data, err := io.ReadAll(e.Body)
		if err != nil {
			t.Errorf("picture %s: %v", params["name"], err)
			return
		}
		if _, err := png.DecodeConfig(bytes.NewReader(data)); err != nil {
			t.Errorf("picture %s is no PNG: %v", params["name"], err)
			return
		}
		names = append(names, params["name"])
	})
	return names
}

// walkMail calls fn for every leaf part of a mail (not for the multipart
// parts that hold others), in order.
func walkMail(t *testing.T, raw []byte, fn func(e *message.Entity)) {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("reading a mail: %v", err)
	}
	var walk func(e *message.Entity)
	walk = func(e *message.Entity) {
		if mr := e.MultipartReader(); mr != nil {
			for {
				p, err := mr.NextPart()
				if err != nil {
					return
				}
				walk(p)
			}
		}
		fn(e)
	}
	walk(e)
}

// duplicateKeys returns the keys a JSON object (a log line) has more
// than once, at its top level.
func duplicateKeys(line string) []string {
	dec := json.NewDecoder(strings.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	seen := map[string]bool{}
	var dup []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return dup
		}
		key, _ := tok.(string)
		if seen[key] {
			dup = append(dup, key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return dup
		}
	}
	return dup
}
