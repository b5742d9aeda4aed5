package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/takbymail/takbot/internal/connlimit"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/web"
)

// webListener is the spectators' pages of a running serve.
type webListener struct {
	addr    string // the listener's address
	http    *http.Server
	stop    context.CancelFunc // ends live streams and the pages' news
	done    chan struct{}      // the listener stopped
	runDone chan struct{}      // the pages stopped following the referee
}

// listenWeb opens the pages' listener (web.listen) and returns its
// address (the port chosen when it gives port 0).
func (s *server) listenWeb(log *slog.Logger) (string, error) {
	wc := s.cfg.Web
	ln, err := net.Listen("tcp", wc.Listen)
	if err != nil {
		return "", fmt.Errorf("web.listen: %w", err)
	}
	// Behind a reverse proxy every connection comes from the proxy: only
	// the cap in all applies to connections then (live streams are still
	// counted per client, by the proxy's header).
	perClient := wc.MaxConnectionsPerClient
	if wc.ClientIPHeader != "" {
		perClient = 0
	}
	gov := connlimit.New(connlimit.Options{Max: wc.MaxConnections, PerClient: perClient})
	s.metrics.CollectConnections("web", gov.Stats)
	ln = gov.Listener(ln)
	var unsub web.Unsubscriber
	for _, t := range s.transports {
		if u, ok := t.(web.Unsubscriber); ok && wc.PublicURL != "" {
			unsub = u // the mail transport: its links are in mail (unsubscribeURL)
		}
	}
	pages := web.New(s.ref, web.Options{PublicURL: wc.PublicURL, Logger: log,
		StreamsPerClient: wc.StreamsPerClient, ClientHeader: wc.ClientIPHeader, StreamsTotal: max(1, wc.MaxConnections*3/4),
		Unsubscriber: unsub})
	ctx, stop := context.WithCancel(context.Background())
	hc := s.cfg.HTTP
	w := &webListener{stop: stop, done: make(chan struct{}), runDone: make(chan struct{})}
	w.http = &http.Server{
		Handler:           pages,
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ConnState:         gov.ConnState,
		ReadHeaderTimeout: time.Duration(hc.HeaderTimeout),
		ReadTimeout:       time.Duration(hc.ReadTimeout),
		WriteTimeout:      time.Duration(hc.WriteTimeout), // live streams extend it for each event
		IdleTimeout:       time.Duration(hc.IdleTimeout),
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	go func() {
		defer close(w.runDone)
		if err := pages.Run(ctx); err != nil {
			s.failed <- fmt.Errorf("web pages: %w", err)
		}
	}()
	go func() {
		defer close(w.done)
		if err := w.http.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			s.failed <- fmt.Errorf("web listener: %w", err)
		}
	}()
	s.web = w
	addr := ln.Addr().String()
	w.addr = addr
	log.Info("web pages listening", "addr", addr, "public_url", wc.PublicURL, "max_connections", wc.MaxConnections,
		"max_connections_per_client", perClient)
	return addr, nil
}

// stopWeb ends the live streams, then closes the listener, letting the
// requests under way finish until ctx ends.
func (s *server) stopWeb(ctx context.Context) {
	w := s.web
	if w == nil {
		return
	}
	w.stop()
	if err := w.http.Shutdown(ctx); err != nil {
		s.log.Warn("web requests still under way at the end of shutdown_timeout were dropped", "err", err)
		w.http.Close()
	}
	<-w.done
	<-w.runDone
}

// The mail transport serves the one-click unsubscribe links of its mail.
var _ web.Unsubscriber = (*mailplay.Transport)(nil)

// unsubscribeURL is the base of the one-click unsubscribe links in mail
// to addresses that never wrote (mailplay.Options.UnsubscribeURL): under
// web.public_url when the pages run, else none (the mail then offers the
// mailto: form only).
func unsubscribeURL(cfg *config) string {
	if cfg.Web.Listen == "" || cfg.Web.PublicURL == "" {
		return ""
	}
	return strings.TrimRight(cfg.Web.PublicURL, "/") + "/unsubscribe"
}
