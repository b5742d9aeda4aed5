package ops

import (
	"log/slog"
	"net/http"
)

// NewMux serves GET /healthz from h and GET /metrics from m; other paths
// are 404.
func NewMux(h *Health, m *Metrics, log *slog.Logger) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", h)
	mux.Handle("GET /metrics", m.Handler(log))
	return mux
}
