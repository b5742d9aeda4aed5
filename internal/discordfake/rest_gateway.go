package discordfake

import (
	"net/http"
	"strings"
)

// handleGateway is GET /gateway: the websocket URL.
func (s *Server) handleGateway(*call) (response, error) {
	return ok(map[string]any{"url": s.GatewayURL()}), nil
}

// handleGatewayBot is GET /gateway/bot: the URL, shards and session limits.
func (s *Server) handleGatewayBot(*call) (response, error) {
	return ok(map[string]any{
		"url": s.GatewayURL(), "shards": 1,
		"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1},
	}), nil
}

// serveCDN serves attachment bytes at /attachments/{channel}/{id}/{name},
// where the URLs of cdn.discordapp.com point once rewritten.
func (s *Server) serveCDN(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/attachments/"), "/")
	if len(parts) != 3 {
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c, found := s.channels[parts[0]]
	if !found {
		http.NotFound(w, r)
		return
	}
	for _, id := range c.messageIDs {
		for _, a := range s.messages[id].attachments {
			if a.ID == parts[1] && a.Filename == parts[2] {
				if a.ContentType != "" {
					w.Header().Set("Content-Type", a.ContentType)
				}
				_, _ = w.Write(a.Data)
				return
			}
		}
	}
	http.NotFound(w, r)
}
