package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/ops"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// fakeReceiver is a transport that receives: Run hands the referee the
// messages of its script, then waits for the end of its context.
type fakeReceiver struct {
	ref    *bot.Referee
	script []bot.Message
	runErr error // returned by Run at once when set

	mu      sync.Mutex
	handled chan struct{} // closed once the script is handled
	stopped bool          // Run has returned
	sent    []*record.Reply
}

func (f *fakeReceiver) Info() bot.TransportInfo {
	return bot.TransportInfo{Name: "fake", ParseAddress: func(s string) (string, bool) { return s, s != "" }}
}

func (f *fakeReceiver) Send(_ context.Context, r *record.Reply) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent = append(f.sent, r)
	return nil
}

func (f *fakeReceiver) Run(ctx context.Context) error {
	if f.runErr != nil {
		return f.runErr
	}
	for _, m := range f.script {
		if _, err := f.ref.Handle(ctx, m); err != nil {
			return err
		}
	}
	close(f.handled)
	<-ctx.Done()
	f.mu.Lock()
	f.stopped = true
	f.mu.Unlock()
	return nil
}

func (f *fakeReceiver) Health() bot.Health { return bot.Health{Connected: true, Detail: "fake"} }

// newTestServer returns a server over a new database with the fake
// transport registered.
func newTestServer(t testing.TB, f *fakeReceiver) (*server, *syncBuffer) {
	t.Helper()
	cfg := defaultConfig()
	cfg.DB = filepath.Join(t.TempDir(), "t.db")
	db, err := storage.Open(cfg.DB, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	metrics := ops.NewMetrics()
	opts := refereeOptions(cfg, log)
	opts.Observer = metrics
	f.ref = bot.New(db, bot.SystemClock{}, opts)
	f.ref.Register(f)
	return newServer(cfg, log, db, f.ref, metrics, []bot.Transport{f}), logs
}

// TestServerStopsInOrder: a transport's messages are handled while the
// server runs; on shutdown its Run returns, every reply is delivered and
// the database is closed.
func TestServerStopsInOrder(t *testing.T) {
	f := &fakeReceiver{handled: make(chan struct{}), script: []bot.Message{
		{ID: "1", From: record.Identity{Transport: "fake", Address: "alice"}, Text: "new bob color=white"},
		{ID: "2", From: record.Identity{Transport: "fake", Address: "bob"}, Text: "accept"},
		{ID: "3", From: record.Identity{Transport: "fake", Address: "alice"}, Text: "ps a1"},
	}}
	s, logs := newTestServer(t, f)
	if err := s.launch(); err != nil {
		t.Fatal(err)
	}
	<-f.handled
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if code := s.wait(ctx); code != 0 {
		t.Fatalf("exit %d; logs:\n%s", code, logs)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.stopped || len(f.sent) < 3 {
		t.Fatalf("stopped %v, %d replies sent; logs:\n%s", f.stopped, len(f.sent), logs)
	}
	db, err := storage.Open(s.cfg.DB, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("the database is still held: %v", err)
	}
	defer db.Close()
	var pending int
	db.View(context.Background(), func(tx record.Tx) error {
		pending, _, err = tx.OutboxStats()
		return err
	})
	if pending != 0 {
		t.Errorf("%d replies left pending; logs:\n%s", pending, logs)
	}
}

// TestServerTransportFails: a transport that cannot go on ends the server
// with exit code 1, cleanly.
func TestServerTransportFails(t *testing.T) {
	f := &fakeReceiver{runErr: errors.New("bad credentials")}
	s, logs := newTestServer(t, f)
	if err := s.launch(); err != nil {
		t.Fatal(err)
	}
	if code := s.wait(context.Background()); code != 1 {
		t.Fatalf("exit %d, want 1; logs:\n%s", code, logs)
	}
	for _, want := range []string{`msg="shutting down after a failure" component=serve err="transport fake: bad credentials"`, "msg=stopped"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("logs lack %s:\n%s", want, logs)
		}
	}
}

// dropCounter is a transport that counts dropped unverified mail, as the
// email transport does.
type dropCounter struct {
	*fakeReceiver
	dropped uint64
}

func (d dropCounter) UnverifiedDropped() uint64 { return d.dropped }

// DMARCFailDropped counts forged mail dropped, as the email transport does.
func (d dropCounter) DMARCFailDropped() uint64 { return d.dropped + 1 }

// AutoResponderDropped counts mail from auto-responders left unanswered,
// as the email transport does.
func (d dropCounter) AutoResponderDropped() uint64 { return d.dropped + 2 }

// TestServerCountsDroppedUnverifiedMail: the server's /metrics has
// takbot_mail_unverified_dropped_total from a transport that counts it.
func TestServerCountsDroppedUnverifiedMail(t *testing.T) {
	f := &fakeReceiver{handled: make(chan struct{})}
	s, _ := newTestServer(t, f)
	t.Cleanup(func() { s.db.Close() })
	s2 := newServer(s.cfg, s.base, s.db, s.ref, ops.NewMetrics(), []bot.Transport{dropCounter{f, 290}})
	rec := httptest.NewRecorder()
	s2.metrics.Handler(nil).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	body := rec.Body.String()
	for _, want := range []string{"\ntakbot_mail_unverified_dropped_total 290\n", "\ntakbot_mail_dmarc_fail_dropped_total 291\n", "\ntakbot_mail_autoresponder_dropped_total 292\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s:\n%s", strings.TrimSpace(want), body)
		}
	}
}
