package web

import (
	"context"
	"io"
	"net/http"
)

// Unsubscriber carries out one-click unsubscribe requests (RFC 8058): the
// mail transport implements it, and takbot serve hands it to the server
// (Options.Unsubscriber). Unsubscribe must change nothing for a token it
// does not know, and return an error only when it could not do its work
// (the store), so that every token is answered alike.
type Unsubscriber interface {
	Unsubscribe(ctx context.Context, token string) error
}

// unsubscribeDone is the answer to every one-click unsubscribe request
// that could be carried out, whether its token named an address or not:
// it says nothing about anyone.
const unsubscribeDone = "Done: takbot sends no more mail to the address this link was made for, except answers to mail from it. Writing to takbot again ends this.\n"

// unsubscribe serves POST /unsubscribe/{token}: the one-click
// unsubscribe of List-Unsubscribe-Post (RFC 8058). It is idempotent,
// answers every token alike, and reads at most a small body (the
// "List-Unsubscribe=One-Click" form, which it does not need).
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, 4<<10))
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if err := s.opts.Unsubscriber.Unsubscribe(r.Context(), r.PathValue("token")); err != nil {
		s.log.Warn("web: a one-click unsubscribe could not be recorded", "err", err)
		h.Set("Retry-After", "60")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, "The request could not be recorded now; try again in a minute.\n")
		return
	}
	_, _ = io.WriteString(w, unsubscribeDone)
}

// unsubscribeOnlyPost answers any other method on an unsubscribe link:
// a link a mail scanner follows changes nothing (RFC 8058).
func (s *Server) unsubscribeOnlyPost(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Allow", http.MethodPost)
	http.Error(w, "Use POST: this link unsubscribes with one click from a mail program.", http.StatusMethodNotAllowed)
}
