package web

import (
	"fmt"
	"net/http"
	"time"
)

// streamWrite bounds one write to a live stream: a client that does not
// read is dropped.
const streamWrite = 5 * time.Second

// events is the live stream of a game page (server-sent events): a "move"
// event each time the game changes, with its last turn as data. The event
// is made once for all the streams of the game, when the server reads the
// change (Run), and each stream writes the same bytes.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	v, ok := s.loadGame(w, r)
	if !ok {
		return
	}
	st := s.hub.join(v.g.ID, s.clientOf(r))
	if st == nil {
		w.Header().Set("Retry-After", "30")
		http.Error(w, "Too many live pages are open from your address; close some and reload.", http.StatusTooManyRequests)
		return
	}
	defer s.hub.leave(st)
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	send := func(b []byte) bool {
		if err := rc.SetWriteDeadline(time.Now().Add(streamWrite)); err != nil {
			return false
		}
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send(fmt.Appendf(nil, "retry: 2000\nevent: hello\ndata: %d\n\n", v.last())) {
		return
	}
	life := time.NewTimer(s.opts.StreamLife)
	defer life.Stop()
	keep := time.NewTicker(s.opts.Keepalive)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-life.C:
			return
		case <-keep.C:
			if !send(keepalive) {
				return
			}
		case <-st.news:
			ev := st.event()
			if ev == nil {
				// news the server could not read: read the game here
				g, tg, err := s.src.GameView(r.Context(), v.g.ID)
				if err != nil || !viewer.SeesGame(g) {
					return
				}
				ev = moveEvent(view{g: g, tg: tg}.last())
			}
			if !send(ev) {
				return
			}
		}
	}
}

// keepalive is the comment line an idle stream gets.
var keepalive = []byte(": keepalive\n\n")
