package mailplay

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// testConfig is a valid configuration on loopback.
func testConfig() Config {
	return Config{
		Address: "Takbot@Example.ORG",
		IMAP:    IMAP{Server: Server{Host: "127.0.0.1", Security: SecurityNone, Username: "takbot", Password: "p"}},
		SMTP:    Server{Host: "localhost", Security: SecuritySTARTTLS},
	}
}

// testTransport is a transport over an in-memory referee (no servers).
func testTransport(t *testing.T, cfg Config) *Transport {
	t.Helper()
	ref := bot.New(memstore.New(), nil, bot.Options{})
	tr, err := New(cfg, ref, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref.Register(tr)
	return tr
}

func TestConfigDefaults(t *testing.T) {
	c, err := testConfig().withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if c.Address != "takbot@example.org" || c.Name != DefaultName || c.IMAP.Port != 143 || c.SMTP.Port != 587 ||
		c.IMAP.Mailbox != "INBOX" || c.IMAP.ProcessedMailbox != "takbot/processed" || c.PollInterval != time.Minute || c.MaxRepliesPerHour != 30 ||
		c.MaxUnverifiedRepliesPerHour != 10 {
		t.Errorf("defaults: %+v", c)
	}
	ports := []struct {
		security           Security
		imapPort, smtpPort int
	}{
		{SecurityTLS, 993, 465},
		{SecuritySTARTTLS, 143, 587},
		{SecurityNone, 143, 25},
	}
	for _, p := range ports {
		cfg := testConfig()
		cfg.IMAP.Security, cfg.SMTP.Security = p.security, p.security
		if c, err := cfg.withDefaults(); err != nil || c.IMAP.Port != p.imapPort || c.SMTP.Port != p.smtpPort {
			t.Errorf("%s ports: IMAP %d, SMTP %d (%v); want %d, %d", p.security, c.IMAP.Port, c.SMTP.Port, err, p.imapPort, p.smtpPort)
		}
	}
	insecure := testConfig()
	insecure.IMAP.Host, insecure.IMAP.AllowInsecure = "imap.example.org", true
	if _, err := insecure.withDefaults(); err != nil {
		t.Errorf("security none to a remote host with allow_insecure: %v", err)
	}
}

func TestConfigRefused(t *testing.T) {
	for _, tc := range []struct {
		field  string
		change func(*Config)
	}{
		{"email.address", func(c *Config) { c.Address = "not an address" }},
		{"email.address", func(c *Config) { c.Address = "takbot+x@example.org" }},
		{"email.address", func(c *Config) { c.Address = "Takbot <takbot@example.org>" }},
		{"email.name", func(c *Config) { c.Name = "Tak\nbot" }},
		{"email.imap.host", func(c *Config) { c.IMAP.Host = "" }},
		{"email.imap.security", func(c *Config) { c.IMAP.Security = "" }},
		{"email.imap.security", func(c *Config) { c.IMAP.Security = "ssl" }},
		{"email.imap.security", func(c *Config) { c.IMAP.Host = "imap.example.org" }}, // none to a remote host
		{"email.smtp.security", func(c *Config) { c.SMTP.Security = SecurityNone; c.SMTP.Host = "10.0.0.1" }},
		{"email.imap.port", func(c *Config) { c.IMAP.Port = 70000 }},
		{"email.imap.username", func(c *Config) { c.IMAP.Username = "" }},
		{"email.imap.processed_mailbox", func(c *Config) { c.IMAP.ProcessedMailbox = "INBOX/" }},
	} {
		c := testConfig()
		tc.change(&c)
		_, err := c.withDefaults()
		var ce *ConfigError
		if !errors.As(err, &ce) || ce.Field != tc.field {
			t.Errorf("%s: got %v", tc.field, err)
		}
	}
	c := testConfig()
	c.IMAP.Host, c.IMAP.AllowInsecure = "imap.example.org", true
	if _, err := c.withDefaults(); err != nil {
		t.Errorf("allow_insecure: %v", err)
	}
}

func TestParseAddress(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"ann@example.org", "ann@example.org", true},
		{"Ann@Example.ORG", "ann@example.org", true},
		{"  Ann Lee <Ann.Lee@example.org> ", "ann.lee@example.org", true},
		{`"Lee, Ann" <ann@example.org>`, "ann@example.org", true},
		{"ann+tak@example.org", "ann+tak@example.org", true},
		{"ann", "", false},
		{"ann@", "", false},
		{"@example.org", "", false},
		{"ann@example..org", "", false},
		{"ann@-example.org", "", false},
		{"ann@[192.0.2.1]", "", false},
		{`"a b"@example.org`, "", false},
		{"ann@example.org, bob@example.org", "", false},
		{"group: ann@example.org;", "", false},
		{"<@1234>", "", false},
		{strings.Repeat("a", 250) + "@example.org", "", false},
	} {
		got, ok := ParseAddress(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseAddress(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
	tr := testTransport(t, testConfig())
	for _, own := range []string{"takbot@example.org", "TAKBOT+x@example.org"} {
		if _, ok := tr.Info().ParseAddress(own); ok {
			t.Errorf("the bot's own address %q is a player", own)
		}
	}
	if info := Info(); info.Name != "email" || !info.Limits.Pictures || !info.Limits.Monospace {
		t.Errorf("Info %+v", info)
	}
}

func TestCommandText(t *testing.T) {
	for _, tc := range []struct {
		subject, text string
		thread        bool
		want          string
	}{
		{"ps b4", "", false, "ps b4"},
		{"[Tak g7] c3", "Thanks!", false, "c3\nThanks!"},
		{"Re: [Tak g7] alice vs bob, 6x6", "", true, ""},
		{"ps b4", "ps c3", false, "ps c3"}, // the body's command wins
		{"A game of Tak?", "new bob@x.example", false, "new bob@x.example"},
		{"ps b4", "", true, ""}, // a reply's subject is the thread's
		{"Hello there", "", false, ""},
	} {
		in := &Inbound{Subject: tc.subject, Text: tc.text}
		if tc.thread {
			in.InReplyTo = []string{"x@example.org"}
		}
		if got := commandText(in); got != tc.want {
			t.Errorf("commandText(%q, %q) = %q, want %q", tc.subject, tc.text, got, tc.want)
		}
	}
}

func TestDeliveryError(t *testing.T) {
	smtpFail := func(stage SMTPStage, code int, enhanced [3]int, msg string) error {
		return smtpErr(stage, &smtp.SMTPError{Code: code, EnhancedCode: enhanced, Message: msg})
	}
	for _, tc := range []struct {
		err       error
		permanent bool
		reason    string
	}{
		{smtpFail(StageRcpt, 550, [3]int{5, 1, 1}, "no such user"), true, "the address does not exist"},
		{smtpFail(StageRcpt, 550, smtp.NoEnhancedCode, "no such user"), true, "the address does not exist"},
		{smtpFail(StageRcpt, 554, [3]int{5, 7, 1}, "relay denied"), true, "the mail server refused it: relay denied"},
		{smtpFail(StageData, 552, [3]int{5, 3, 4}, "too big"), true, "the mail server refused it: too big"},
		{smtpFail(StageRcpt, 450, [3]int{4, 2, 0}, "try later"), false, ""},
		{smtpFail(StageMail, 553, [3]int{5, 7, 1}, "sender refused"), false, ""}, // the bot's own configuration
		{smtpFail(StageAuth, 535, [3]int{5, 7, 8}, "bad password"), false, ""},
		{smtpErr(StageConnect, errors.New("connection refused")), false, ""},
		{context.DeadlineExceeded, false, ""},
	} {
		err := deliveryError(tc.err)
		var de *outbox.DeliveryError
		if !errors.As(err, &de) || de.Permanent != tc.permanent || (tc.permanent && de.Reason != tc.reason) {
			t.Errorf("deliveryError(%v) = %v; want permanent %v %q", tc.err, err, tc.permanent, tc.reason)
		}
	}
}

func TestOurMessageIDs(t *testing.T) {
	tr := testTransport(t, testConfig())
	hash := keyedReplyHash([]byte("a secret of the test"), "email:mid:CAH4@mail.gmail.com/2")
	for _, game := range []string{"g7", "", "g12-b"} {
		id := MessageIDFor(messageLocal(game, hash), tr.domain)
		g, hh, ok := tr.ourMessage("<" + id + ">")
		if !ok || g != game || hh != hash {
			t.Errorf("ourMessage(%s) = %q, %q, %v", id, g, hh, ok)
		}
	}
	for _, id := range []string{"g7.abc@example.org", "g7." + hash + "@other.example", "CAH4@mail.gmail.com", "confirm.abcdefgh@example.org"} {
		if _, _, ok := tr.ourMessage(id); ok {
			t.Errorf("ourMessage(%s) accepted", id)
		}
	}
}

// stateMap is an in-memory record.StateTx.
type stateMap map[string][]byte

func (m stateMap) Get(k string) ([]byte, error) {
	if v, ok := m[k]; ok {
		return v, nil
	}
	return nil, record.ErrNotFound
}
func (m stateMap) Put(k string, v []byte) error { m[k] = v; return nil }
func (m stateMap) Delete(k string) error        { delete(m, k); return nil }
func (m stateMap) Scan(p string, fn func(string, []byte) error) error {
	for k, v := range m {
		if strings.HasPrefix(k, p) {
			if err := fn(k, v); err != nil {
				return err
			}
		}
	}
	return nil
}

func TestCountSend(t *testing.T) {
	cfg := testConfig()
	cfg.MaxRepliesPerHour = 2
	tr := testTransport(t, cfg)
	tx := stateMap{}
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for i, h := range []string{"a", "b", "a"} { // "a" again counts once
		if err := tr.countSend(tx, "ann@example.org", h, t0.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	err := tr.countSend(tx, "ann@example.org", "c", t0.Add(10*time.Minute))
	var rl *RateLimitError
	if !errors.As(err, &rl) || rl.Wait != 51*time.Minute {
		t.Fatalf("third mail within the hour: %v, want a wait of 51m (until b's hour ends)", err)
	}
	if err := tr.countSend(tx, "bob@example.org", "c", t0.Add(10*time.Minute)); err != nil {
		t.Errorf("another address: %v", err)
	}
	if err := tr.countSend(tx, "ann@example.org", "c", t0.Add(62*time.Minute)); err != nil {
		t.Errorf("after the hour: %v", err)
	}
}

// renderReply is a move's reply with every kind of part.
func renderReply() *record.Reply {
	pic := &record.Picture{Name: "g7-t7-9f2c1a-ptn.png", Config: tak.Config{Size: 5}, TPS: "x5/x5/x5/x5/1,x4 2 2",
		Orientation: notation.PTN}
	return &record.Reply{
		ID: "email:mid:CAH4@mail.gmail.com/2", To: record.Identity{Transport: "email", Address: "ann@example.org"}, ToName: "Ann",
		Game: "g7", Subject: "[Tak g7] Ann vs Bob, 5x5", Created: time.Date(2026, 11, 23, 11, 0, 0, 0, time.UTC),
		Parts: []record.Part{
			{Kind: record.Prose, Text: "Turn 3 (PTN move 2, white) of game g7: Ann (white) played a1 (mail ps a5).\nTak & <tags> stay text."},
			{Kind: record.Image, Picture: pic, Caption: "After turn 3"},
			{Kind: record.Block, Caption: "The board in PTN coordinates:", Text: "   +---+\n 1 | w |", Fallback: true},
			{Kind: record.Block, Caption: "Sync board:", Text: "0 0 0 0 0\ns 0 0 0 0"},
			{Kind: record.Actions, Actions: []record.Action{{Label: "Offer a draw", Command: "draw", Game: "g7"}, {Label: "Resign", Command: "resign", Game: "g7", Confirm: "Resign game g7?"}}},
		},
		Images: []record.Attachment{{Name: "g7-t7-9f2c1a-ptn.png", PNG: []byte("\x89PNG fake"), Alt: "x5/x5/x5/x5/1,x4 2 2"}},
		Gist: &record.Gist{Move: &record.GistMove{Game: "g7", Turn: 3, By: tak.White, Name: "Ann", PTN: "a1", Mail: "ps a5",
			Line: "Turn 3 (PTN move 2, white) of game g7: Ann (white) played a1 (mail ps a5)."}},
	}
}

func TestComposeGolden(t *testing.T) {
	tr := testTransport(t, testConfig())
	r := renderReply()
	c := tr.compose(r, legacyReplyHash(r.ID), replyLinks{replyTo: "takbot+tok@example.org", subject: r.Subject, game: r.Game})
	if len(c.Pictures) != 1 || c.Pictures[0].Name != "g7-turn-7.png" || !strings.Contains(c.HTML, `alt="`+r.Images[0].Alt+`"`) || !strings.Contains(c.HTML, `src="cid:`+c.Pictures[0].ContentID+`"`) {
		t.Errorf("pictures %+v", c.Pictures)
	}
	if strings.Contains(c.HTML, "+---+") || !strings.Contains(c.Text, "+---+") {
		t.Error("the text board belongs in the text part only, when the picture is shown")
	}
	checkGolden(t, "testdata/render/move.txt", c.Text)
	checkGolden(t, "testdata/render/move.html", c.HTML)

	r.Images = nil // the picture failed to render: the HTML keeps the text board
	c = tr.compose(r, legacyReplyHash(r.ID), replyLinks{})
	if !strings.Contains(c.HTML, "+---+") || strings.Contains(c.Text, "attached") || strings.Contains(c.HTML, "mailto:") {
		t.Errorf("without the picture:\n%s", c.HTML)
	}
}
