package ops

import (
	"encoding/json"
	"net/http"
)

// Liveness and readiness, beside /healthz:
//
//   - /livez answers 200 while the process serves HTTP at all: an
//     orchestrator restarts takbot only when it stops answering, never
//     because a mail server or Discord is down (a restart mends neither).
//   - /readyz answers 200 when the database is open and every transport
//     is connected, 503 otherwise: for a load balancer or an alert, not
//     for restarts. Without the token its body names no transport, server
//     or error; with it, it lists each transport's state.

// ReadyReport is the body of /readyz for a request carrying the token.
type ReadyReport struct {
	Ready    bool `json:"ready"`
	Database bool `json:"database"`
	// Transports says, for each transport, whether it is connected.
	Transports map[string]bool `json:"transports"`
}

// readyStatus is the body of /readyz without the token.
type readyStatus struct {
	Ready bool `json:"ready"`
}

// Ready checks the database and asks each transport whether it is
// connected; problems (Health.Problems) do not make takbot unready.
func (h *Health) ready(r *http.Request) ReadyReport {
	rep := h.Report(r.Context())
	rr := ReadyReport{Ready: rep.Database.Open, Database: rep.Database.Open, Transports: map[string]bool{}}
	for name, t := range rep.Transports {
		rr.Transports[name] = t.Connected
		rr.Ready = rr.Ready && t.Connected
	}
	return rr
}

// ServeReady answers /readyz: 200 when ready, 503 when not.
func (h *Health) ServeReady(w http.ResponseWriter, r *http.Request) {
	rep := h.ready(r)
	var body any = readyStatus{Ready: rep.Ready}
	if h.authorized(r) {
		body = rep
	}
	writeJSON(w, rep.Ready, body)
}

// ServeLive answers /livez: 200 {"alive":true} as long as the process
// serves requests.
func ServeLive(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, true, struct {
		Alive bool `json:"alive"`
	}{true})
}

// writeJSON writes body as indented JSON, with status 200 when ok, 503
// otherwise.
func writeJSON(w http.ResponseWriter, ok bool, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if !ok {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(body) // a client gone away is no error of ours
}
