package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/connlimit"
	"github.com/takbymail/takbot/ops"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/storage/pgstore"
)

// retentionEvery is how often serve prunes old replies and message ids.
const retentionEvery = 24 * time.Hour

// server is a running "takbot serve": one referee owning the database,
// its clocks, delivery pipeline and retention, the control socket, the
// HTTP listener and the transports.
type server struct {
	cfg        config
	base       *slog.Logger // the logger the components' loggers derive from
	log        *slog.Logger // the serve component's
	db         store
	lead       *pgstore.Leader // the leader lock on PostgreSQL, nil on bbolt
	ref        *bot.Referee
	transports []bot.Transport
	metrics    *ops.Metrics

	stopControl func()
	httpServer  *http.Server
	httpAddr    string // the listener's address, once listening
	httpDone    chan struct{}
	web         *webListener // the spectators' pages (web.go), nil when off

	stopReceiving  context.CancelFunc // cancels the transports' Run
	receivers      sync.WaitGroup
	stopBackground context.CancelFunc // cancels the clocks and retention
	background     sync.WaitGroup
	stopDelivery   context.CancelFunc
	deliveryDone   chan struct{}
	// failed receives the failure of a part that stopped by itself (a
	// transport's Run, the HTTP listener); it ends the server.
	failed chan error
}

// startServer opens the database, builds the referee and the
// transports, and launches the server.
func startServer(cfg config, log *slog.Logger, lead *pgstore.Leader) (*server, error) {
	db, err := openServeStore(cfg, lead, storage.Options{Log: log.With("component", "storage")})
	if err != nil {
		return nil, err
	}
	metrics := ops.NewMetrics()
	opts := refereeOptions(cfg, log.With("component", "referee"))
	opts.Observer = metrics
	eng := newEngine(cfg.Engine, false)
	eng.options(&opts)
	ref := bot.New(db, bot.SystemClock{}, opts)
	transports, err := buildTransports(&cfg, ref, log.With("component", "transports"))
	if err != nil {
		db.Close()
		return nil, err
	}
	if len(transports) > 0 { // takbot plays where players are
		if p := eng.register(ref, log.With("component", "transports")); p != nil {
			transports = append(transports, p)
		}
	}
	s := newServer(cfg, log, db, ref, metrics, transports)
	s.lead = lead
	if err := s.launch(); err != nil {
		return nil, err
	}
	return s, nil
}

// newServer returns a server over an open database and a referee with
// its transports registered; metrics is the referee's observer.
func newServer(cfg config, log *slog.Logger, db store, ref *bot.Referee, metrics *ops.Metrics, transports []bot.Transport) *server {
	metrics.CollectStats(ref.Stats, nil)
	metrics.CollectTransports(transports)
	v := buildVersion()
	metrics.SetBuildInfo(v.Version, v.commit(), strconv.Itoa(v.Schema), v.Go)
	for _, t := range transports {
		if d, ok := t.(interface{ UnverifiedDropped() uint64 }); ok {
			metrics.CollectUnverifiedDropped(d.UnverifiedDropped)
		}
		if d, ok := t.(interface{ DMARCFailDropped() uint64 }); ok {
			metrics.CollectDMARCFailDropped(d.DMARCFailDropped)
		}
		if d, ok := t.(interface{ AutoResponderDropped() uint64 }); ok {
			metrics.CollectAutoResponderDropped(d.AutoResponderDropped)
		}
		if d, ok := t.(interface{ ConsentDropped() uint64 }); ok {
			metrics.CollectConsentDropped(d.ConsentDropped)
		}
	}
	return &server{cfg: cfg, base: log, log: log.With("component", "serve"), db: db, ref: ref, metrics: metrics,
		transports: transports, failed: make(chan error, len(transports)+3)}
}

// launch opens the control socket and the HTTP listener and starts every
// part. On error, what was opened is closed again, the database too.
func (s *server) launch() (err error) {
	defer func() {
		if err != nil {
			s.closeEarly()
		}
	}()
	socket, err := controlSocket(s.cfg)
	if err != nil {
		return fmt.Errorf("control socket: %w", err)
	}
	if s.stopControl, err = serveControl(context.Background(), s.cfg, s.db, s.health(), s.base.With("component", "control")); err != nil {
		return fmt.Errorf("control socket: %w", err)
	}
	httpAddr := "off"
	if s.cfg.HTTPListen != "" {
		if httpAddr, err = s.listenHTTP(s.base.With("component", "http")); err != nil {
			return err
		}
	}
	webAddr := "off"
	if s.cfg.Web.Listen != "" {
		if webAddr, err = s.listenWeb(s.base.With("component", "web")); err != nil {
			return err
		}
	}
	s.start()
	names := make([]string, len(s.transports))
	for i, t := range s.transports {
		names[i] = t.Info().Name
	}
	transports := strings.Join(names, ",")
	if transports == "" {
		transports = "none"
	}
	s.log.Info("takbot serving", "database", databaseName(s.cfg), "transports", transports, "http", httpAddr, "web", webAddr,
		"control_socket", socket, "tick_interval", s.cfg.TickInterval)
	return nil
}

// listenHTTP opens the health and metrics listener and returns its
// address (the port chosen when http_listen gives port 0).
func (s *server) listenHTTP(log *slog.Logger) (string, error) {
	ln, err := net.Listen("tcp", s.cfg.HTTPListen)
	if err != nil {
		return "", fmt.Errorf("http_listen: %w", err)
	}
	hc := s.cfg.HTTP
	// Beyond max_connections (and per client address), an idle connection
	// makes room or the newcomer is answered 503 at once: none waits in the
	// kernel's queue, and takbot's files, which IMAP and SMTP need, stay
	// bounded.
	gov := connlimit.New(connlimit.Options{Max: hc.MaxConnections, PerClient: hc.MaxConnectionsPerClient})
	s.metrics.CollectConnections("http", gov.Stats)
	ln = gov.Listener(ln)
	health := s.health()
	health.Token = hc.HealthToken.Value
	s.httpServer = &http.Server{
		Handler:           ops.NewMux(health, s.metrics, log),
		ConnState:         gov.ConnState,
		ReadHeaderTimeout: time.Duration(hc.HeaderTimeout),
		ReadTimeout:       time.Duration(hc.ReadTimeout),
		WriteTimeout:      time.Duration(hc.WriteTimeout),
		IdleTimeout:       time.Duration(hc.IdleTimeout),
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	s.httpDone = make(chan struct{})
	go func() {
		defer close(s.httpDone)
		if err := s.httpServer.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			s.failed <- fmt.Errorf("http listener: %w", err)
		}
	}()
	addr := ln.Addr().String()
	s.httpAddr = addr
	log.Info("http listening", "addr", addr, "max_connections", hc.MaxConnections,
		"max_connections_per_client", hc.MaxConnectionsPerClient, "idle_timeout", hc.IdleTimeout)
	return addr, nil
}

// health returns what /healthz and the control socket's status check:
// the database and the transports.
func (s *server) health() *ops.Health {
	return &ops.Health{
		Database:   func(ctx context.Context) error { return s.db.View(ctx, func(record.Tx) error { return nil }) },
		Transports: s.transports,
		Problems:   []func() []string{s.ref.Problems},
	}
}

// start runs the delivery pipeline, the clocks, retention and the
// transports' receiving.
func (s *server) start() {
	deliveryCtx, stopDelivery := context.WithCancel(context.Background())
	s.stopDelivery = stopDelivery
	s.deliveryDone = make(chan struct{})
	go func() {
		defer close(s.deliveryDone)
		s.ref.RunDelivery(deliveryCtx)
	}()

	backgroundCtx, stopBackground := context.WithCancel(context.Background())
	s.stopBackground = stopBackground
	ticker := time.NewTicker(time.Duration(s.cfg.TickInterval))
	s.background.Add(2)
	go func() {
		defer s.background.Done()
		defer ticker.Stop()
		s.ref.RunClocks(backgroundCtx, ticker.C)
	}()
	go func() {
		defer s.background.Done()
		s.runRetention(backgroundCtx)
	}()
	s.watchLead(backgroundCtx)

	receiveCtx, stopReceiving := context.WithCancel(context.Background())
	s.stopReceiving = stopReceiving
	for _, t := range s.transports {
		r, ok := t.(bot.Receiver)
		if !ok {
			continue
		}
		s.receivers.Add(1)
		go func() {
			defer s.receivers.Done()
			err := r.Run(receiveCtx)
			if receiveCtx.Err() == nil {
				if err == nil {
					err = errors.New("stopped receiving by itself")
				}
				s.failed <- fmt.Errorf("transport %s: %w", r.Info().Name, err)
			}
		}()
	}
}

// runRetention prunes delivered replies and handled message ids older
// than the retention, now and then every day, until ctx ends.
func (s *server) runRetention(ctx context.Context) {
	ticker := time.NewTicker(retentionEvery)
	defer ticker.Stop()
	for {
		n, err := s.ref.Prune(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Error("retention", "err", err)
		case n > 0:
			s.log.Info("retention: pruned old entries", "entries", n, "older_than", s.cfg.Retention)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// wait runs until ctx ends (a signal) or a part fails, then shuts down.
// It returns the exit code: 0 after a clean shutdown on a signal.
func (s *server) wait(ctx context.Context) int {
	code := 0
	select {
	case <-ctx.Done():
		s.log.Info("shutting down", "cause", context.Cause(ctx).Error(), "shutdown_timeout", s.cfg.ShutdownTimeout)
	case err := <-s.failed:
		if errors.Is(err, errLostLead) {
			return s.stepDown()
		}
		s.log.Error("shutting down after a failure", "err", err)
		code = 1
	}
	if !s.shutdown() {
		code = 1
	}
	return code
}

// shutdown stops the parts in order within shutdown_timeout: the
// transports stop receiving and finish the messages in flight; the clocks
// and the delivery loop stop; delivery flushes what is due; the control
// socket and the HTTP listener close; the database closes. It reports
// whether all went well. Nothing is lost when it is cut short: the outbox
// is durable.
func (s *server) shutdown() bool {
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(s.cfg.ShutdownTimeout))
	defer cancel()
	s.stopReceiving()
	if !waitUntil(ctx, &s.receivers) {
		s.log.Error("the transports did not finish their messages within shutdown_timeout; exiting without closing the database")
		return false
	}
	s.stopBackground()
	s.background.Wait()
	s.stopDelivery()
	<-s.deliveryDone
	if len(s.transports) > 0 {
		if err := s.ref.Flush(ctx); err != nil {
			s.log.Warn("delivery did not flush everything within shutdown_timeout; the outbox keeps it for the next start", "err", err)
		}
	}
	if st, err := s.ref.Stats(context.Background()); err == nil && st.Pending > 0 {
		s.log.Info("replies wait in the outbox for the next start", "pending", st.Pending)
	}
	for _, p := range s.ref.Problems() {
		// replies delivered but not recorded go out again after the start
		s.log.Warn("stopping with a problem", "problem", p)
	}
	s.stopControl()
	s.stopHTTP(ctx)
	s.stopWeb(ctx)
	clean := true
	if err := s.db.Close(); err != nil {
		s.log.Error("close the database", "err", err)
		clean = false
	}
	s.releaseLead()
	s.log.Info("stopped", "took", time.Since(start).Round(time.Millisecond).String())
	return clean
}

// stopHTTP closes the HTTP listener, letting requests under way finish
// until ctx ends; then it drops them (a slow client is no failure of
// takbot's).
func (s *server) stopHTTP(ctx context.Context) {
	if s.httpServer == nil {
		return
	}
	s.log.Debug("stopping the http listener")
	if err := s.httpServer.Shutdown(ctx); err != nil {
		s.log.Warn("http requests still under way at the end of shutdown_timeout were dropped", "err", err)
		s.httpServer.Close()
	}
	<-s.httpDone
}

// closeEarly undoes a start that failed half way.
func (s *server) closeEarly() {
	if s.web != nil {
		s.web.stop()
		s.web.http.Close()
		<-s.web.done
		<-s.web.runDone
	}
	if s.httpServer != nil {
		s.httpServer.Close()
		<-s.httpDone
	}
	if s.stopControl != nil {
		s.stopControl()
	}
	s.db.Close()
	s.releaseLead()
}

// waitUntil waits for wg, or until ctx ends; it reports whether wg ended.
func waitUntil(ctx context.Context, wg *sync.WaitGroup) bool {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-ctx.Done():
		return false
	}
}
