package ops

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/takbymail/takbot/bot"
)

// Health is what /healthz checks.
type Health struct {
	// Database checks that the database answers (a read transaction): nil
	// when it is open.
	Database func(ctx context.Context) error
	// Transports are the running transports.
	Transports []bot.Transport
	// Timeout bounds the database check (default 2 s).
	Timeout time.Duration
	// Token, when set, shows the whole report to a request that carries
	// it ("Authorization: Bearer TOKEN"); every other request gets the
	// status alone ([HealthStatus]).
	Token string
	// Problems are the other sources of trouble that leave the service
	// running but degraded, such as bot.Referee.StoreProblems (the
	// database cannot record, damaged records set aside): each returns one
	// line per problem, none when all is well.
	Problems []func() []string
}

// HealthReport is the JSON body of /healthz.
type HealthReport struct {
	// Status is "ok" when the database is open, every transport is
	// connected and no problem is reported, "degraded" otherwise.
	Status     string                     `json:"status"`
	Database   DatabaseHealth             `json:"database"`
	Transports map[string]TransportHealth `json:"transports"`
	// Problems lists what Health.Problems reported.
	Problems []string `json:"problems,omitempty"`
}

// The values of HealthReport.Status.
const (
	StatusOK       = "ok"
	StatusDegraded = "degraded"
)

// DatabaseHealth says whether the database answers.
type DatabaseHealth struct {
	Open  bool   `json:"open"`
	Error string `json:"error,omitempty"` // why not
}

// TransportHealth is a transport's connection state (bot.Health).
type TransportHealth struct {
	Connected bool       `json:"connected"`
	Detail    string     `json:"detail,omitempty"`
	Since     *time.Time `json:"since,omitempty"`
}

// Report checks the database and asks each transport.
func (h *Health) Report(ctx context.Context) HealthReport {
	rep := HealthReport{Status: StatusOK, Transports: map[string]TransportHealth{}}
	timeout := h.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if h.Database == nil {
		rep.Database.Error = "no database"
	} else if err := h.Database(ctx); err != nil {
		rep.Database.Error = err.Error()
	} else {
		rep.Database.Open = true
	}
	if !rep.Database.Open {
		rep.Status = StatusDegraded
	}
	for _, t := range h.Transports {
		th := TransportHealth{Connected: true}
		if r, ok := t.(bot.HealthReporter); ok {
			s := r.Health()
			th = TransportHealth{Connected: s.Connected, Detail: s.Detail}
			if !s.Since.IsZero() {
				since := s.Since.UTC()
				th.Since = &since
			}
		}
		if !th.Connected {
			rep.Status = StatusDegraded
		}
		rep.Transports[t.Info().Name] = th
	}
	for _, p := range h.Problems {
		rep.Problems = append(rep.Problems, p()...)
	}
	if len(rep.Problems) > 0 {
		rep.Status = StatusDegraded
	}
	return rep
}

// ServeHTTP answers a health check: 200 when the status is ok, 503
// otherwise; the body is the status alone, or the whole report when the
// request carries the [Health.Token].
func (h *Health) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rep := h.Report(r.Context())
	var body any = HealthStatus{Status: rep.Status}
	if h.authorized(r) {
		body = rep
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if rep.Status != StatusOK {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(body) // a client gone away is no error of ours
}
