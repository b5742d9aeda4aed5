package ops

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/outbox"
)

// Metrics holds takbot's Prometheus metrics in a private registry. It is
// a bot.Observer: pass it in bot.Options.Observer.
type Metrics struct {
	registry        *prometheus.Registry
	handled         *prometheus.CounterVec
	deliveries      *prometheus.CounterVec
	handleSeconds   *prometheus.HistogramVec
	deliverySeconds *prometheus.HistogramVec
	storeErrors     prometheus.Counter
	storeFailing    prometheus.Gauge
	damaged         *prometheus.CounterVec
}

var (
	_ outbox.StoreObserver  = (*Metrics)(nil)
	_ outbox.DamageObserver = (*Metrics)(nil)
)

var _ bot.Observer = (*Metrics)(nil)

// deliveryBuckets cover sends from a local console write to a slow mail
// server (outbox.Policy.SendTimeout is 2 minutes by default).
var deliveryBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120}

// NewMetrics returns the metrics, with the Go runtime and process
// collectors registered.
func NewMetrics() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		handled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "takbot_messages_handled_total",
			Help: "Messages handled, by transport and outcome (ok, refused, duplicate, invalid, error).",
		}, []string{"transport", "outcome"}),
		deliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "takbot_deliveries_total",
			Help: "Delivery attempts of replies, by transport and result (delivered, retry, held, failed).",
		}, []string{"transport", "result"}),
		handleSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "takbot_handle_seconds",
			Help:    "Time to handle one message, from reading it to committing its effects.",
			Buckets: prometheus.DefBuckets,
		}, []string{"transport"}),
		deliverySeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "takbot_delivery_seconds",
			Help:    "Time of one delivery attempt (the transport's send).",
			Buckets: deliveryBuckets,
		}, []string{"transport"}),
		storeErrors: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "takbot_store_errors_total",
			Help: "Writes of the database that failed (a full disk, a file system gone read-only).",
		}),
		storeFailing: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "takbot_store_failing",
			Help: "1 while the database cannot record (delivery backs off), else 0.",
		}),
		damaged: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "takbot_records_damaged_total",
			Help: "Damaged records set aside, by kind (game, player, reply, processed message).",
		}, []string{"kind"}),
	}
	// Every kind from the first scrape, so that an alert on its increase
	// sees the series start at 0.
	for _, kind := range DamagedKinds {
		m.damaged.WithLabelValues(kind)
	}
	m.registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.handled, m.deliveries, m.handleSeconds, m.deliverySeconds,
		m.storeErrors, m.storeFailing, m.damaged,
	)
	return m
}

// DamagedKinds are the kinds of records takbot_records_damaged_total
// counts, each exported from the start.
var DamagedKinds = []string{"game", "player", "reply", "processed message"}

// SetBuildInfo registers takbot_build_info{version,commit,schema,go}, a
// gauge of value 1 whose labels say what binary runs. Call it once.
func (m *Metrics) SetBuildInfo(version, commit, schema, goVersion string) {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "takbot_build_info",
		Help: "Always 1; the labels are the running binary's module version, commit, database schema and Go release.",
	}, []string{"version", "commit", "schema", "go"})
	g.WithLabelValues(version, commit, schema, goVersion).Set(1)
	m.registry.MustRegister(g)
}

// CollectTransports registers takbot_transport_connected{transport}, read
// at each scrape from each transport's bot.HealthReporter (1 connected, 0
// not; a transport without one counts as connected). Call it once.
func (m *Metrics) CollectTransports(transports []bot.Transport) {
	m.registry.MustRegister(&transportCollector{transports: transports})
}

var connectedDesc = prometheus.NewDesc("takbot_transport_connected",
	"1 while the transport is connected to its service (the IMAP and SMTP servers, Discord's gateway), else 0.",
	[]string{"transport"}, nil)

// transportCollector reads the transports' connection state at scrape
// time.
type transportCollector struct{ transports []bot.Transport }

// Describe sends the descriptor of takbot_transport_connected.
func (c *transportCollector) Describe(ch chan<- *prometheus.Desc) { ch <- connectedDesc }

// Collect reads each transport's state.
func (c *transportCollector) Collect(ch chan<- prometheus.Metric) {
	for _, t := range c.transports {
		v := 1.0
		if r, ok := t.(bot.HealthReporter); ok && !r.Health().Connected {
			v = 0
		}
		ch <- prometheus.MustNewConstMetric(connectedDesc, prometheus.GaugeValue, v, t.Info().Name)
	}
}

// MessageHandled counts a message handled and observes its latency.
func (m *Metrics) MessageHandled(transport, outcome string, took time.Duration) {
	m.handled.WithLabelValues(transport, outcome).Inc()
	m.handleSeconds.WithLabelValues(transport).Observe(took.Seconds())
}

// ReplySent counts a delivery attempt and observes its latency.
func (m *Metrics) ReplySent(transport, result string, took time.Duration) {
	m.deliveries.WithLabelValues(transport, result).Inc()
	m.deliverySeconds.WithLabelValues(transport).Observe(took.Seconds())
}

// StoreError counts a failed write of the database.
func (m *Metrics) StoreError() { m.storeErrors.Inc() }

// StoreFailing sets takbot_store_failing.
func (m *Metrics) StoreFailing(failing bool) {
	if failing {
		m.storeFailing.Set(1)
	} else {
		m.storeFailing.Set(0)
	}
}

// RecordDamaged counts a damaged record set aside.
func (m *Metrics) RecordDamaged(kind string) { m.damaged.WithLabelValues(kind).Inc() }

// CollectStats registers gauges read at each scrape from stats
// (Referee.Stats): takbot_replies_pending,
// takbot_reply_oldest_pending_age_seconds (by now, time.Now when nil) and
// takbot_games{status}. Call it once.
func (m *Metrics) CollectStats(stats func(context.Context) (bot.Stats, error), now func() time.Time) {
	if now == nil {
		now = time.Now
	}
	m.registry.MustRegister(&statsCollector{stats: stats, now: now, timeout: 5 * time.Second})
}

// CollectUnverifiedDropped registers the counter
// takbot_mail_unverified_dropped_total, read at each scrape from dropped:
// the mails from unverified senders dropped unanswered because their
// address had its hourly share of answers (mailplay's
// Transport.UnverifiedDropped). Call it once.
func (m *Metrics) CollectUnverifiedDropped(dropped func() uint64) {
	m.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "takbot_mail_unverified_dropped_total",
		Help: "Mails from unverified senders dropped unanswered: their address had its hourly share of answers (email.max_unverified_replies_per_hour).",
	}, func() float64 { return float64(dropped()) }))
}

// CollectDMARCFailDropped registers the counter
// takbot_mail_dmarc_fail_dropped_total, read at each scrape from dropped:
// the mails dropped unanswered because the trusted Authentication-Results
// said dmarc=fail for their From domain (mailplay's
// Transport.DMARCFailDropped). Call it once.
func (m *Metrics) CollectDMARCFailDropped(dropped func() uint64) {
	m.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "takbot_mail_dmarc_fail_dropped_total",
		Help: "Mails dropped unanswered, without a confirmation request: the trusted Authentication-Results said dmarc=fail for their From domain.",
	}, func() float64 { return float64(dropped()) }))
}

// CollectAutoResponderDropped registers the counter
// takbot_mail_autoresponder_dropped_total, read at each scrape from
// dropped: the mails left unanswered because their sender looks like an
// auto-responder that does not say so (mailplay's
// Transport.AutoResponderDropped). Call it once.
func (m *Metrics) CollectAutoResponderDropped(dropped func() uint64) {
	m.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "takbot_mail_autoresponder_dropped_total",
		Help: "Mails left unanswered: their sender answered the bot's mails automatically, again and again, without a command that changes anything.",
	}, func() float64 { return float64(dropped()) }))
}

// CollectConsentDropped registers the counter
// takbot_mail_consent_dropped_total, read at each scrape from dropped: the
// mails not sent because their address never wrote to takbot and had its
// mails of the day, or answered "stop" (mailplay's
// Transport.ConsentDropped). Call it once.
func (m *Metrics) CollectConsentDropped(dropped func() uint64) {
	m.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "takbot_mail_consent_dropped_total",
		Help: "Mails not sent for want of consent: the address never wrote to takbot and had its 3 mails of the last 24 hours, or it answered stop.",
	}, func() float64 { return float64(dropped()) }))
}

// Handler serves the metrics in the Prometheus text format. A metric that
// cannot be read (the database closed) is left out and logged; the others
// are served.
func (m *Metrics) Handler(log *slog.Logger) http.Handler {
	if log == nil {
		log = slog.Default()
	}
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{
		ErrorLog:      slogErrorLog{log},
		ErrorHandling: promhttp.ContinueOnError,
	})
}

// slogErrorLog adapts a slog.Logger to promhttp's error log.
type slogErrorLog struct{ log *slog.Logger }

func (l slogErrorLog) Println(v ...any) {
	l.log.Warn("metrics: " + fmt.Sprint(v...))
}
