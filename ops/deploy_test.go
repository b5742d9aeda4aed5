package ops_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/connlimit"
	"github.com/takbymail/takbot/ops"
)

// TestDeployNamesExistingMetrics: every takbot_ metric the alert rules
// (deploy/alerts.yml) and the dashboard (deploy/dashboard.json) query is
// one takbot exports, and every takbot metric is on the dashboard.
func TestDeployNamesExistingMetrics(t *testing.T) {
	m := ops.NewMetrics()
	m.SetBuildInfo("v1", "c", "4", "go")
	m.CollectTransports([]bot.Transport{plainTransport{"email"}})
	m.CollectUnverifiedDropped(func() uint64 { return 0 })
	m.CollectDMARCFailDropped(func() uint64 { return 0 })
	m.CollectAutoResponderDropped(func() uint64 { return 0 })
	m.CollectConnections("web", func() connlimit.Stats { return connlimit.Stats{} })
	m.CollectStats(func(context.Context) (bot.Stats, error) { return bot.Stats{}, nil }, nil)
	m.MessageHandled("email", "ok", 0)
	m.ReplySent("email", "delivered", 0)
	_, body := get(t, ops.NewMux(&ops.Health{}, m, nil), http.MethodGet, "/metrics")
	exported := map[string]bool{}
	for _, l := range strings.Split(body, "\n") {
		if name, ok := strings.CutPrefix(l, "# TYPE "); ok {
			f := strings.Fields(name)
			exported[f[0]] = true
			if f[1] == "histogram" {
				for _, s := range []string{"_bucket", "_sum", "_count"} {
					exported[f[0]+s] = true
				}
			}
		}
	}
	name := regexp.MustCompile(`\b(takbot|process|go)_[a-z_]+\b`)
	onDashboard := map[string]bool{}
	for _, file := range []string{"../deploy/alerts.yml", "../deploy/dashboard.json"} {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(file, ".json") {
			var v any
			if err := json.Unmarshal(raw, &v); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
		}
		found := name.FindAllString(string(raw), -1)
		if len(found) == 0 {
			t.Errorf("%s names no metric", file)
		}
		for _, n := range found {
			if !exported[n] {
				t.Errorf("%s queries %s, which takbot does not export", file, n)
			}
			if strings.HasSuffix(file, ".json") {
				onDashboard[strings.TrimSuffix(n, "_bucket")] = true
			}
		}
	}
	for n := range exported {
		if strings.HasPrefix(n, "takbot_") && !strings.HasSuffix(n, "_sum") && !strings.HasSuffix(n, "_count") &&
			!strings.HasSuffix(n, "_bucket") && !onDashboard[n] {
			t.Errorf("the dashboard lacks %s", n)
		}
	}
}
