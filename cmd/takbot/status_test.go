package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/takbymail/takbot/ops"
)

// TestStatus: takbot status prints the running takbot's whole health
// report, transports' details included, from its control socket; with
// no takbot running it says so and exits 1.
func TestStatus(t *testing.T) {
	hc := defaultHTTPConfig()
	s := launchHTTP(t, hc)
	code, out, errs := runCmd(t, "status", "-db", s.cfg.DB)
	var rep ops.HealthReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("status: exit %d, %v, stderr %q, output %q", code, err, errs, out)
	}
	if rep.Status != ops.StatusOK || !rep.Database.Open || rep.Transports["fake"].Detail != "fake" {
		t.Errorf("status: %+v", rep)
	}

	none := filepath.Join(t.TempDir(), "none.db")
	code, out, errs = runCmd(t, "status", "-db", none)
	if code != 1 || out != "" || !strings.HasPrefix(errs, "status: no takbot serves the control socket: ") || strings.Count(errs, "status:") != 1 {
		t.Errorf("status without a takbot: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
