package ops

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/takbymail/takbot/internal/connlimit"
)

// connectionsCollector reads a listener's connlimit.Stats at each scrape.
type connectionsCollector struct {
	stats                          func() connlimit.Stats
	open, refused, evicted, closed *prometheus.Desc
}

// CollectConnections registers the metrics of the governed listener
// named listener ("http", "web"), read at each scrape from stats:
// takbot_http_connections_open, takbot_http_connections_refused_total
// {reason: client, listener} (answered 503),
// takbot_http_connections_evicted_total (idle or silent connections
// closed to make room) and takbot_http_connections_not_kept_alive_total
// (closed after their response, near the cap). Call it once per listener.
func (m *Metrics) CollectConnections(listener string, stats func() connlimit.Stats) {
	l := prometheus.Labels{"listener": listener}
	m.registry.MustRegister(&connectionsCollector{
		stats: stats,
		open: prometheus.NewDesc("takbot_http_connections_open",
			"Connections open on the listener.", nil, l),
		refused: prometheus.NewDesc("takbot_http_connections_refused_total",
			"Connections answered 503 at once: their client address (an IPv4 address, an IPv6 /64) held its cap (client), or the listener was full of busy connections (listener).",
			[]string{"reason"}, l),
		evicted: prometheus.NewDesc("takbot_http_connections_evicted_total",
			"Idle keep-alive connections, or connections silent since they were accepted, closed to make room for a new one.", nil, l),
		closed: prometheus.NewDesc("takbot_http_connections_not_kept_alive_total",
			"Connections closed once their response was written, rather than kept alive, because the listener was near its cap.", nil, l),
	})
}

func (c *connectionsCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.open
	ch <- c.refused
	ch <- c.evicted
	ch <- c.closed
}

func (c *connectionsCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stats()
	ch <- prometheus.MustNewConstMetric(c.open, prometheus.GaugeValue, float64(s.Open))
	ch <- prometheus.MustNewConstMetric(c.refused, prometheus.CounterValue, float64(s.RefusedClient), "client")
	ch <- prometheus.MustNewConstMetric(c.refused, prometheus.CounterValue, float64(s.RefusedListener), "listener")
	ch <- prometheus.MustNewConstMetric(c.evicted, prometheus.CounterValue, float64(s.Evicted))
	ch <- prometheus.MustNewConstMetric(c.closed, prometheus.CounterValue, float64(s.NotKeptAlive))
}
