package discordfake

import (
	"context"
	"encoding/json"
	"fmt"
)

// dispatchScope says which sessions get an event and how.
type dispatchScope struct {
	intent        int  // a session needs this intent (0: every session)
	gateContent   bool // strip content without the Message Content intent
	interactionID string
}

// dispatchAllLocked sends an event to every session (in no particular
// order: each session numbers its own events).
func (s *Server) dispatchAllLocked(event string, payload map[string]any, scope dispatchScope) {
	for _, sess := range s.sessions {
		s.dispatchToLocked(sess, event, payload, scope)
	}
}

// dispatchToLocked numbers an event for the session, logs it for RESUME and
// sends it if the session is connected.
func (s *Server) dispatchToLocked(sess *session, event string, payload map[string]any, scope dispatchScope) {
	if scope.intent != 0 && sess.intents&scope.intent == 0 {
		return
	}
	d := payload
	if scope.gateContent && sess.intents&IntentMessageContent == 0 {
		d = withoutContent(payload)
	}
	sess.seq++
	frame, err := json.Marshal(map[string]any{"op": 0, "t": event, "s": sess.seq, "d": d})
	if err != nil {
		return
	}
	sess.log = append(sess.log, loggedEvent{seq: sess.seq, frame: frame, interactionID: scope.interactionID})
	if len(sess.log) > maxLoggedEvents {
		sess.log = sess.log[len(sess.log)-maxLoggedEvents:]
	}
	if sess.conn != nil {
		sess.conn.push(outFrame{data: frame})
		if scope.interactionID != "" {
			s.markDeliveredLocked(scope.interactionID)
		}
	}
}

// withoutContent is a message payload as a bot without the Message Content
// intent sees it.
func withoutContent(payload map[string]any) map[string]any {
	out := make(map[string]any, len(payload))
	for k, v := range payload {
		out[k] = v
	}
	out["content"] = ""
	out["embeds"] = []any{}
	out["attachments"] = []any{}
	out["components"] = []any{}
	delete(out, "poll")
	return out
}

// DropGateway cuts every gateway connection without a close frame, as a
// network failure would. discordgo reconnects and sends RESUME.
func (s *Server) DropGateway() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		c.abort()
	}
}

// InvalidateSession makes every existing session unresumable: the next
// RESUME is answered with INVALID_SESSION (op 9, d=false) and the bot must
// IDENTIFY again. Call DropGateway afterwards to force the attempt.
func (s *Server) InvalidateSession() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sess := range s.sessions {
		sess.invalid = true
	}
	s.changedLocked()
}

// Sessions describes every gateway session, in no particular order.
func (s *Server) Sessions() []SessionInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []SessionInfo
	for _, sess := range s.sessions {
		out = append(out, sess.info())
	}
	return out
}

// Identifies lists the IDENTIFY payloads received, oldest first.
func (s *Server) Identifies() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identify(nil), s.identifies...)
}

// WaitReady waits until a session is connected and has received READY and
// its GUILD_CREATE events.
func (s *Server) WaitReady(ctx context.Context) (SessionInfo, error) {
	var info SessionInfo
	err := s.waitLocked(ctx, func() bool {
		for _, sess := range s.sessions {
			if sess.ready && sess.conn != nil && !sess.invalid {
				info = sess.info()
				return true
			}
		}
		return false
	})
	return info, err
}

// WaitResumed waits until some session has resumed at least n times.
func (s *Server) WaitResumed(ctx context.Context, n int) error {
	return s.waitLocked(ctx, func() bool {
		for _, sess := range s.sessions {
			if sess.resumes >= n && sess.conn != nil {
				return true
			}
		}
		return false
	})
}

// Redeliver sends an interaction's INTERACTION_CREATE again, the same
// frame, on every connected session that had it: an event delivered twice,
// which a bot must answer once. (A second answer is a violation: the
// interaction was already acknowledged.)
func (s *Server) Redeliver(ix *Interaction) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	sent := false
	for _, sess := range s.sessions {
		if sess.conn == nil {
			continue
		}
		for _, e := range sess.log {
			if e.interactionID == ix.ID {
				sess.conn.push(outFrame{data: e.frame})
				sent = true
			}
		}
	}
	if !sent {
		return fmt.Errorf("%w: interaction %s was not dispatched to a connected session", ErrNotConnected, ix.ID)
	}
	return nil
}
