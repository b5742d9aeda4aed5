package ops

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
)

// HealthStatus is the body of /healthz for a request without the token:
// ok or degraded, and nothing that names a server, a user or an error.
type HealthStatus struct {
	Status string `json:"status"`
}

// authorized reports whether r carries the token: "Authorization: Bearer
// TOKEN". The comparison takes the same time whatever the guess (both
// sides are hashed first, so not even the token's length leaks).
func (h *Health) authorized(r *http.Request) bool {
	if h.Token == "" {
		return false
	}
	scheme, given, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	want := sha256.Sum256([]byte(h.Token))
	got := sha256.Sum256([]byte(strings.TrimSpace(given)))
	return subtle.ConstantTimeCompare(want[:], got[:]) == 1
}
