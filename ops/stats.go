package ops

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// statuses are the game statuses always exported, zero or not, so that a
// dashboard sees every series from the first scrape.
var statuses = []record.Status{record.Challenged, record.Active, record.Over, record.Declined, record.Cancelled, record.Expired, record.Aborted}

var (
	pendingDesc = prometheus.NewDesc("takbot_replies_pending",
		"Replies in the outbox waiting for delivery.", nil, nil)
	oldestDesc = prometheus.NewDesc("takbot_reply_oldest_pending_age_seconds",
		"Age of the oldest reply waiting for delivery (0 when none waits).", nil, nil)
	gamesDesc = prometheus.NewDesc("takbot_games",
		"Games by status (challenge, active, over, declined, cancelled, expired, aborted).", []string{"status"}, nil)
)

// statsCollector reads the referee's figures at scrape time.
type statsCollector struct {
	stats   func(context.Context) (bot.Stats, error)
	now     func() time.Time
	timeout time.Duration
}

// Describe sends the descriptors of the figures.
func (c *statsCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- pendingDesc
	ch <- oldestDesc
	ch <- gamesDesc
}

// Collect reads the figures; when they cannot be read, it reports an
// invalid metric, which the handler logs and leaves out.
func (c *statsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	st, err := c.stats(ctx)
	if err != nil {
		err = fmt.Errorf("read the referee's stats: %w", err)
		ch <- prometheus.NewInvalidMetric(pendingDesc, err)
		return
	}
	ch <- prometheus.MustNewConstMetric(pendingDesc, prometheus.GaugeValue, float64(st.Pending))
	age := 0.0
	if !st.OldestPending.IsZero() {
		age = max(0, c.now().Sub(st.OldestPending).Seconds())
	}
	ch <- prometheus.MustNewConstMetric(oldestDesc, prometheus.GaugeValue, age)
	seen := map[record.Status]bool{}
	for _, s := range statuses {
		seen[s] = true
		ch <- prometheus.MustNewConstMetric(gamesDesc, prometheus.GaugeValue, float64(st.Games[s]), string(s))
	}
	var others []string
	for s := range st.Games {
		if !seen[s] {
			others = append(others, string(s))
		}
	}
	sort.Strings(others)
	for _, s := range others {
		ch <- prometheus.MustNewConstMetric(gamesDesc, prometheus.GaugeValue, float64(st.Games[record.Status(s)]), s)
	}
}
