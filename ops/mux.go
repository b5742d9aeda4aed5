package ops

import (
	"log/slog"
	"net/http"
)

// NewMux serves GET /healthz from h, GET /livez (the process answers),
// GET /readyz (the database and every transport, ready.go) and GET
// /metrics from m; other paths are 404. Each request is logged at debug level as it starts, before
// its handler runs.
func NewMux(h *Health, m *Metrics, log *slog.Logger) http.Handler {
	if log == nil {
		log = slog.Default()
	}
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", h)
	mux.HandleFunc("GET /livez", ServeLive)
	mux.HandleFunc("GET /readyz", h.ServeReady)
	mux.Handle("GET /metrics", m.Handler(log))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.Debug("http request", "method", r.Method, "path", r.URL.Path, "remote", r.RemoteAddr)
		mux.ServeHTTP(w, r)
	})
}
