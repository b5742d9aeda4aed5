package mailplay

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// installation is a transport on its own bbolt file, as one takbot
// installation has; reopen starts it again on the same file.
type installation struct {
	t    *testing.T
	path string
	db   *storage.DB
	tr   *Transport
}

func newInstallation(t *testing.T) *installation {
	t.Helper()
	in := &installation{t: t, path: filepath.Join(t.TempDir(), "takbot.db")}
	in.open()
	return in
}

func (in *installation) open() {
	in.t.Helper()
	db, err := storage.Open(in.path, storage.Options{NoSync: true})
	if err != nil {
		in.t.Fatal(err)
	}
	in.t.Cleanup(func() { _ = db.Close() })
	ref := bot.New(db, nil, bot.Options{})
	tr, err := New(testConfig(), ref, Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		in.t.Fatal(err)
	}
	ref.Register(tr)
	in.db, in.tr = db, tr
}

func (in *installation) reopen() {
	in.t.Helper()
	if err := in.db.Close(); err != nil {
		in.t.Fatal(err)
	}
	in.open()
}

// prepare prepares a reply to ann as Send does, and returns its headers,
// hash and ann's token.
func (in *installation) prepare(r *record.Reply) (sentRecord, string, string) {
	in.t.Helper()
	rec, hash, token, err := in.tr.prepare(context.Background(), r, "ann@example.org")
	if err != nil {
		in.t.Fatal(err)
	}
	return rec, hash, token
}

// moveReply is the reply to ann that a move mail of her opponent caused:
// its id follows the referee's public scheme.
func moveReply() *record.Reply {
	return &record.Reply{ID: "email:mid:move-1@opponent.example/2", Cause: "email:mid:move-1@opponent.example",
		To: record.Identity{Transport: TransportName, Address: "ann@example.org"}, Game: "g7", Subject: "[Tak g7] ann vs bo, 6x6"}
}

// TestKeyedIdentifiers: the Message-ID of a reply and a player's reply
// token come from the installation's secret, kept in its database: two
// installations give the same reply different Message-IDs (and the same
// player different tokens), neither is the unkeyed hash anyone can
// compute, and an installation started again on its database (or on a
// backup of it) gives the same ones.
func TestKeyedIdentifiers(t *testing.T) {
	one, two := newInstallation(t), newInstallation(t)
	r := moveReply()
	rec1, hash1, token1 := one.prepare(r)
	rec2, hash2, token2 := two.prepare(r)
	if rec1.MessageID == rec2.MessageID || hash1 == hash2 {
		t.Errorf("two installations give reply %s the same Message-ID %s", r.ID, rec1.MessageID)
	}
	if token1 == token2 {
		t.Errorf("two installations give ann the same reply token %s", token1)
	}
	unkeyed := MessageIDFor(messageLocal(r.Game, legacyReplyHash(r.ID)), "example.org")
	for _, rec := range []sentRecord{rec1, rec2} {
		if !rec.Keyed || strings.EqualFold(rec.MessageID, unkeyed) {
			t.Errorf("Message-ID %s (keyed %v) is not keyed; the unkeyed one is %s", rec.MessageID, rec.Keyed, unkeyed)
		}
		if game, _, ok := one.tr.ourMessage(rec.MessageID); !ok || game != "g7" {
			t.Errorf("ourMessage(%s) = %q, %v; want g7", rec.MessageID, game, ok)
		}
	}
	one.reopen()
	again, hash, token := one.prepare(r)
	if again.MessageID != rec1.MessageID || hash != hash1 || token != token1 {
		t.Errorf("started again on its database: %s, %s, %s; want %s, %s, %s", again.MessageID, hash, token, rec1.MessageID, hash1, token1)
	}
	other := &record.Reply{ID: "email:mid:move-2@opponent.example/2", To: r.To, Game: "g7"}
	if rec, _, _ := one.prepare(other); rec.MessageID == rec1.MessageID {
		t.Errorf("two replies share the Message-ID %s", rec.MessageID)
	}
}

// TestSecretMadeAtStart: the secret is in the database once the
// transport has started (Run's first connection attempt), before any mail
// was sent or read, even when the mail server cannot be reached.
func TestSecretMadeAtStart(t *testing.T) {
	in := newInstallation(t)
	if _, err := in.tr.serve(context.Background()); err == nil {
		t.Fatal("connected to an IMAP server that does not exist")
	}
	in.reopen() // read it from the file, not from the transport's memory
	var stored []byte
	if err := in.tr.ref.ViewState(context.Background(), TransportName, func(tx record.StateTx) error {
		var err error
		stored, err = tx.Get(keySecret)
		return err
	}); err != nil {
		t.Fatalf("no secret in the database after a start: %v", err)
	}
	if len(stored) != 32 {
		t.Errorf("secret of %d bytes, want 32", len(stored))
	}
}

// TestLegacyMessageIDs: a reply prepared before the ids were keyed is
// sent again with its old headers; an answer to such a mail still finds
// its game; a bounce of it is not believed (its id cannot be verified),
// while a bounce of a keyed id is.
func TestLegacyMessageIDs(t *testing.T) {
	in := newInstallation(t)
	ctx := context.Background()
	r := moveReply()
	old := sentRecord{Reply: r.ID, Game: r.Game, To: "ann@example.org", Subject: r.Subject,
		MessageID: MessageIDFor(messageLocal(r.Game, legacyReplyHash(r.ID)), "example.org")}
	if err := in.tr.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		return putJSON(tx, prefixSent+legacyReplyHash(r.ID), old)
	}); err != nil {
		t.Fatal(err)
	}
	rec, hash, _ := in.prepare(r)
	if rec.MessageID != old.MessageID || hash != legacyReplyHash(r.ID) || rec.Keyed {
		t.Errorf("a reply prepared before is prepared again as %+v (hash %s), want its old Message-ID %s", rec, hash, old.MessageID)
	}
	if game := in.tr.gameOf(&Inbound{InReplyTo: []string{old.MessageID}}); game != "g7" {
		t.Errorf("an answer to an old mail finds game %q, want g7", game)
	}

	fresh, _, _ := in.prepare(&record.Reply{ID: "email:mid:move-3@opponent.example/2", To: r.To, Game: "g7", Subject: r.Subject})
	bounce := func(ids ...string) *Inbound {
		return &Inbound{MessageID: "dsn@mx.example", References: ids, Bounce: &Bounce{Standard: true, OriginalMessageID: ids[0],
			Recipients: []BounceRecipient{{FinalRecipient: "ann@example.org", Action: ActionFailed, Status: "5.1.1", Severity: SeverityHard}}}}
	}
	for _, tc := range []struct {
		name   string
		in     *Inbound
		detail string
	}{
		{"an old id", bounce(old.MessageID), "an old Message-ID, which cannot be verified"},
		{"a keyed id with another hash", bounce(MessageIDFor(messageLocal("g7", legacyReplyHash("email:mid:move-3@opponent.example/2")), "example.org")), "not a mail of the bot"},
		{"a keyed id in another domain", bounce(strings.Replace(fresh.MessageID, "example.org", "example.net", 1)), "not a mail of the bot"},
		{"the keyed id", bounce(old.MessageID, fresh.MessageID), "ann@example.org: the address does not exist"},
	} {
		detail, err := in.tr.bounced(ctx, tc.in)
		if err != nil || detail != tc.detail {
			t.Errorf("bounce of %s: %q, %v; want %q", tc.name, detail, err, tc.detail)
		}
	}
}
