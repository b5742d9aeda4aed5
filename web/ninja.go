package web

import (
	"net/http"

	"github.com/takbymail/takbot/notation"
)

// ninja redirects /g/ID/ninja to the game's replay on PTN Ninja, so a mail
// can give a short link instead of the 600-900 characters of the replay's
// own address (issue 26). The PTN is the public one the page's own link
// and game.ptn use; a game the page does not show is not found.
func (s *Server) ninja(w http.ResponseWriter, r *http.Request) {
	v, ok := s.loadGame(w, r)
	if !ok {
		return
	}
	text, err := publicPTN(v.g)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache") // the game goes on: the replay grows
	http.Redirect(w, r, notation.NinjaLink(text), http.StatusFound)
}
