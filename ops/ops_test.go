package ops_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/connlimit"
	"github.com/takbymail/takbot/ops"
	"github.com/takbymail/takbot/record"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// plainTransport is a transport that does not report its health.
type plainTransport struct{ name string }

func (p plainTransport) Info() bot.TransportInfo                 { return bot.TransportInfo{Name: p.name} }
func (plainTransport) Send(context.Context, *record.Reply) error { return nil }

// reportingTransport reports a fixed health.
type reportingTransport struct {
	plainTransport
	health bot.Health
}

func (r reportingTransport) Health() bot.Health { return r.health }

// get serves one request and returns the status and body.
func get(t *testing.T, h http.Handler, method, path string) (int, string) {
	t.Helper()
	return getWith(t, h, method, path, "")
}

// getWith is get with an Authorization header (none if empty).
func getWith(t *testing.T, h http.Handler, method, path, authorization string) (int, string) {
	t.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

func TestHealth(t *testing.T) {
	since := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	open := func(context.Context) error { return nil }
	closed := func(context.Context) error { return errors.New("database not open") }
	for _, tc := range []struct {
		name   string
		health ops.Health
		status int
	}{
		{"no-transport", ops.Health{Database: open}, http.StatusOK},
		{"connected", ops.Health{Database: open, Transports: []bot.Transport{
			plainTransport{"console"},
			reportingTransport{plainTransport{"email"}, bot.Health{Connected: true, Detail: "IMAP imap.example.org:993 idling", Since: since}},
		}}, http.StatusOK},
		{"disconnected", ops.Health{Database: open, Transports: []bot.Transport{
			reportingTransport{plainTransport{"discord"}, bot.Health{Detail: "gateway: connection refused", Since: since}},
		}}, http.StatusServiceUnavailable},
		{"database-closed", ops.Health{Database: closed}, http.StatusServiceUnavailable},
		{"problems", ops.Health{Database: open, Problems: []func() []string{
			func() []string { return nil },
			func() []string {
				return []string{"the database cannot record since 2026-11-23T10:00:00Z (3 failures in a row: write takbot.db: no space left on device); replies wait"}
			},
		}}, http.StatusServiceUnavailable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.health.Token = testToken
			status, body := getWith(t, ops.NewMux(&tc.health, ops.NewMetrics(), nil), http.MethodGet, "/healthz", "Bearer "+testToken)
			if status != tc.status {
				t.Errorf("status %d, want %d", status, tc.status)
			}
			golden(t, "healthz-"+tc.name+".json", body)
		})
	}
}

const testToken = "s3cret-health-token"

// TestHealthWithoutToken: without the token, /healthz says ok or degraded
// and nothing more (no host, user name or error text), whatever the
// request carries instead of the token and whether a token is configured.
func TestHealthWithoutToken(t *testing.T) {
	detailed := ops.Health{
		Database: func(context.Context) error { return nil },
		Transports: []bot.Transport{reportingTransport{plainTransport{"email"},
			bot.Health{Connected: true, Detail: "IMAP imap.example.org:993 as takbot@example.org idling"}}},
	}
	degraded := ops.Health{
		Database: func(context.Context) error {
			return errors.New("open /var/lib/takbot/takbot.db: no space left on device")
		},
		Transports: []bot.Transport{reportingTransport{plainTransport{"email"},
			bot.Health{Detail: "IMAP imap.example.org:993: login as takbot@example.org: authentication failed"}}},
	}
	for _, tc := range []struct {
		name          string
		health        ops.Health
		token         string // configured
		authorization string // sent
		status        int
		body          string
	}{
		{"no-token-configured", detailed, "", "", http.StatusOK, `{"status":"ok"}`},
		{"no-token-configured-empty-bearer", detailed, "", "Bearer ", http.StatusOK, `{"status":"ok"}`},
		{"no-token-configured-degraded", degraded, "", "", http.StatusServiceUnavailable, `{"status":"degraded"}`},
		{"none-sent", detailed, testToken, "", http.StatusOK, `{"status":"ok"}`},
		{"wrong-token", detailed, testToken, "Bearer guess", http.StatusOK, `{"status":"ok"}`},
		{"token-prefix", detailed, testToken, "Bearer " + testToken[:len(testToken)-1], http.StatusOK, `{"status":"ok"}`},
		{"token-longer", detailed, testToken, "Bearer " + testToken + "x", http.StatusOK, `{"status":"ok"}`},
		{"basic-scheme", detailed, testToken, "Basic " + testToken, http.StatusOK, `{"status":"ok"}`},
		{"bare-token", detailed, testToken, testToken, http.StatusOK, `{"status":"ok"}`},
		{"wrong-token-degraded", degraded, testToken, "Bearer guess", http.StatusServiceUnavailable, `{"status":"degraded"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.health.Token = tc.token
			status, body := getWith(t, ops.NewMux(&tc.health, ops.NewMetrics(), nil), http.MethodGet, "/healthz", tc.authorization)
			if status != tc.status {
				t.Errorf("status %d, want %d", status, tc.status)
			}
			if got := strings.Join(strings.Fields(body), ""); got != tc.body {
				t.Errorf("body %s, want %s", body, tc.body)
			}
		})
	}
	// The same health with the token shows the details (the scheme's case
	// does not matter).
	h := detailed
	h.Token = testToken
	_, body := getWith(t, ops.NewMux(&h, ops.NewMetrics(), nil), http.MethodGet, "/healthz", "bearer "+testToken)
	if !strings.Contains(body, "imap.example.org") {
		t.Errorf("with the token, /healthz lacks the details: %s", body)
	}
}

func TestMetrics(t *testing.T) {
	m := ops.NewMetrics()
	m.MessageHandled("email", "ok", 30*time.Millisecond)
	m.MessageHandled("email", "ok", 2*time.Second)
	m.MessageHandled("discord", "refused", 4*time.Millisecond)
	m.ReplySent("email", "delivered", 700*time.Millisecond)
	m.ReplySent("email", "retry", 45*time.Second)
	m.ReplySent("discord", "failed", 20*time.Millisecond)
	m.ReplySent("email", "held", time.Millisecond)
	m.CollectUnverifiedDropped(func() uint64 { return 290 })
	m.CollectConnections("http", func() connlimit.Stats { return connlimit.Stats{Open: 16, RefusedClient: 84, Evicted: 9} })
	m.CollectConnections("web", func() connlimit.Stats {
		return connlimit.Stats{Open: 224, RefusedClient: 2, RefusedListener: 1, Evicted: 76, NotKeptAlive: 40}
	})
	m.StoreError()
	m.StoreError()
	m.StoreFailing(true)
	m.RecordDamaged("game")
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	m.CollectStats(func(context.Context) (bot.Stats, error) {
		return bot.Stats{
			Pending:       3,
			OldestPending: now.Add(-90 * time.Second),
			Games:         map[record.Status]int{record.Active: 5, record.Over: 12, record.Challenged: 1},
		}, nil
	}, func() time.Time { return now })
	status, body := get(t, ops.NewMux(&ops.Health{}, m, nil), http.MethodGet, "/metrics")
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	// The Go and process collectors are there; their values vary, so the
	// golden file keeps takbot's own metrics only.
	for _, want := range []string{"\ngo_goroutines ", "\ngo_memstats_alloc_bytes ", "\nprocess_open_fds "} {
		if !strings.Contains(body, want) {
			t.Errorf("the exposition lacks %q", strings.TrimSpace(want))
		}
	}
	golden(t, "metrics.txt", takbotLines(body))
}

// TestMailDropMetrics: the counters of forged mail and of mail from
// auto-responders left unanswered read their transport's figures.
func TestMailDropMetrics(t *testing.T) {
	m := ops.NewMetrics()
	m.CollectDMARCFailDropped(func() uint64 { return 7 })
	m.CollectAutoResponderDropped(func() uint64 { return 3 })
	_, body := get(t, ops.NewMux(&ops.Health{}, m, nil), http.MethodGet, "/metrics")
	for _, want := range []string{"\ntakbot_mail_dmarc_fail_dropped_total 7\n", "\ntakbot_mail_autoresponder_dropped_total 3\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("the exposition lacks %q:\n%s", strings.TrimSpace(want), takbotLines(body))
		}
	}
}

// takbotLines keeps the lines of the exposition about takbot's metrics.
func takbotLines(body string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(body, "\n") {
		if strings.HasPrefix(l, "takbot_") || strings.HasPrefix(l, "# HELP takbot_") || strings.HasPrefix(l, "# TYPE takbot_") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// TestMetricsWithoutStats: when the referee's figures cannot be read (the
// database is closed), the scrape still serves the other metrics.
func TestMetricsWithoutStats(t *testing.T) {
	m := ops.NewMetrics()
	m.MessageHandled("console", "ok", time.Millisecond)
	m.CollectStats(func(context.Context) (bot.Stats, error) { return bot.Stats{}, errors.New("database not open") }, nil)
	status, body := get(t, ops.NewMux(&ops.Health{}, m, nil), http.MethodGet, "/metrics")
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	if !strings.Contains(body, `takbot_messages_handled_total{outcome="ok",transport="console"} 1`) {
		t.Errorf("the counters are missing:\n%s", takbotLines(body))
	}
	if strings.Contains(body, "takbot_replies_pending") {
		t.Errorf("a figure that could not be read was served:\n%s", takbotLines(body))
	}
}

func TestMuxRoutes(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	mux := ops.NewMux(&ops.Health{Database: func(context.Context) error { return nil }}, ops.NewMetrics(), log)
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, "/healthz", http.StatusOK},
		{http.MethodHead, "/healthz", http.StatusOK},
		{http.MethodPost, "/healthz", http.StatusMethodNotAllowed},
		{http.MethodGet, "/metrics", http.StatusOK},
		{http.MethodGet, "/", http.StatusNotFound},
		{http.MethodGet, "/debug/pprof/", http.StatusNotFound},
	} {
		logs.Reset()
		if status, _ := get(t, mux, tc.method, tc.path); status != tc.status {
			t.Errorf("%s %s: status %d, want %d", tc.method, tc.path, status, tc.status)
		}
		if want := fmt.Sprintf("msg=\"http request\" method=%s path=%s", tc.method, tc.path); !strings.Contains(logs.String(), want) {
			t.Errorf("%s %s: the log %q lacks %q", tc.method, tc.path, logs.String(), want)
		}
	}
}
