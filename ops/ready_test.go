package ops_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/ops"
)

// TestLiveAndReady: /livez answers 200 whatever the transports and the
// database; /readyz is 503 when a transport is disconnected or the
// database closed, and names a transport only to a request with the
// token.
func TestLiveAndReady(t *testing.T) {
	open := func(context.Context) error { return nil }
	closed := func(context.Context) error {
		return errors.New("open /var/lib/takbot/takbot.db: no space left on device")
	}
	up := reportingTransport{plainTransport{"email"}, bot.Health{Connected: true, Detail: "IMAP imap.example.org:993 idling"}}
	down := reportingTransport{plainTransport{"discord"}, bot.Health{Detail: "gateway: connection refused"}}
	for _, tc := range []struct {
		name      string
		health    ops.Health
		ready     int
		anonymous string // /readyz's body without the token, spaces removed
		withToken string // and with it
	}{
		{"all connected", ops.Health{Database: open, Transports: []bot.Transport{up, plainTransport{"console"}}},
			http.StatusOK, `{"ready":true}`, `{"ready":true,"database":true,"transports":{"console":true,"email":true}}`},
		{"a transport down", ops.Health{Database: open, Transports: []bot.Transport{up, down}},
			http.StatusServiceUnavailable, `{"ready":false}`, `{"ready":false,"database":true,"transports":{"discord":false,"email":true}}`},
		{"database closed", ops.Health{Database: closed},
			http.StatusServiceUnavailable, `{"ready":false}`, `{"ready":false,"database":false,"transports":{}}`},
		{"a problem is no unreadiness", ops.Health{Database: open, Problems: []func() []string{func() []string { return []string{"damaged game g1"} }}},
			http.StatusOK, `{"ready":true}`, `{"ready":true,"database":true,"transports":{}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.health.Token = testToken
			mux := ops.NewMux(&tc.health, ops.NewMetrics(), nil)
			if status, body := get(t, mux, http.MethodGet, "/livez"); status != http.StatusOK || compact(body) != `{"alive":true}` {
				t.Errorf("/livez: %d %s; want 200 {\"alive\":true}", status, body)
			}
			status, body := get(t, mux, http.MethodGet, "/readyz")
			if status != tc.ready || compact(body) != tc.anonymous {
				t.Errorf("/readyz without the token: %d %s; want %d %s", status, body, tc.ready, tc.anonymous)
			}
			status, body = getWith(t, mux, http.MethodGet, "/readyz", "Bearer "+testToken)
			if status != tc.ready || compact(body) != tc.withToken {
				t.Errorf("/readyz with the token: %d %s; want %d %s", status, body, tc.ready, tc.withToken)
			}
			if _, body := getWith(t, mux, http.MethodGet, "/readyz", "Bearer guess"); strings.Contains(body, "email") || strings.Contains(body, "discord") {
				t.Errorf("/readyz with a wrong token names a transport: %s", body)
			}
		})
	}
}

// compact removes the white space of an indented JSON body.
func compact(body string) string { return strings.Join(strings.Fields(body), "") }

// TestMetricsFromTheStart: takbot_records_damaged_total is exported for
// every kind at 0 before any damage, takbot_build_info is 1 with the
// binary's labels, and takbot_transport_connected follows each
// transport's state.
func TestMetricsFromTheStart(t *testing.T) {
	m := ops.NewMetrics()
	m.SetBuildInfo("v1.4.0", "0123abcd", "4", "go1.26.0")
	m.CollectTransports([]bot.Transport{
		reportingTransport{plainTransport{"email"}, bot.Health{Connected: true}},
		reportingTransport{plainTransport{"discord"}, bot.Health{}},
		plainTransport{"console"},
	})
	_, body := get(t, ops.NewMux(&ops.Health{}, m, nil), http.MethodGet, "/metrics")
	for _, want := range []string{
		`takbot_records_damaged_total{kind="game"} 0`,
		`takbot_records_damaged_total{kind="player"} 0`,
		`takbot_records_damaged_total{kind="reply"} 0`,
		`takbot_records_damaged_total{kind="processed message"} 0`,
		`takbot_build_info{commit="0123abcd",go="go1.26.0",schema="4",version="v1.4.0"} 1`,
		`takbot_transport_connected{transport="email"} 1`,
		`takbot_transport_connected{transport="discord"} 0`,
		`takbot_transport_connected{transport="console"} 1`,
	} {
		if !strings.Contains(body, "\n"+want+"\n") {
			t.Errorf("the exposition lacks %s:\n%s", want, takbotLines(body))
		}
	}
}
