package discordfake

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway intents the fake distinguishes
// (https://discord.com/developers/docs/events/gateway#gateway-intents).
const (
	IntentGuilds         = 1 << 0
	IntentGuildMembers   = 1 << 1
	IntentGuildMessages  = 1 << 9
	IntentDirectMessages = 1 << 12
	IntentMessageContent = 1 << 15
	allIntents           = 1<<26 - 1
)

// Gateway close codes the fake uses.
const (
	closeUnknownOpcode      = 4001
	closeDecodeError        = 4002
	closeNotAuthenticated   = 4003
	closeAuthFailed         = 4004
	closeAlreadyAuth        = 4005
	closeInvalidIntents     = 4013
	closeDisallowedIntents  = 4014
	maxLoggedEvents         = 10000
	maxReceivedFrames       = 256
	gatewayReadLimitBytes   = 1 << 16
	gatewayWriteGracePeriod = time.Second
)

// Gateway events the fake dispatches.
const (
	eventReady               = "READY"
	eventResumed             = "RESUMED"
	eventGuildCreate         = "GUILD_CREATE"
	eventGuildMemberAdd      = "GUILD_MEMBER_ADD"
	eventChannelCreate       = "CHANNEL_CREATE"
	eventChannelUpdate       = "CHANNEL_UPDATE"
	eventThreadCreate        = "THREAD_CREATE"
	eventThreadUpdate        = "THREAD_UPDATE"
	eventThreadMembersUpdate = "THREAD_MEMBERS_UPDATE"
	eventMessageCreate       = "MESSAGE_CREATE"
	eventMessageUpdate       = "MESSAGE_UPDATE"
	eventMessageDelete       = "MESSAGE_DELETE"
	eventInteractionCreate   = "INTERACTION_CREATE"
)

// Identify is an IDENTIFY the bot sent.
type Identify struct {
	Intents        int
	MessageContent bool // asked for the privileged Message Content intent
	Compress       bool
	LargeThreshold int
	At             time.Time
}

// SessionInfo describes a gateway session.
type SessionInfo struct {
	ID             string
	Intents        int
	MessageContent bool
	Connected      bool
	Ready          bool // READY and every GUILD_CREATE were sent
	Seq            int64
	Resumes        int
	Heartbeats     int
	Invalidated    bool
}

type session struct {
	id         string
	intents    int
	conn       *gwConn
	seq        int64
	log        []loggedEvent
	invalid    bool
	ready      bool
	resumes    int
	heartbeats int
}

type loggedEvent struct {
	seq           int64
	frame         []byte
	interactionID string
}

func (ss *session) info() SessionInfo {
	return SessionInfo{ID: ss.id, Intents: ss.intents, MessageContent: ss.intents&IntentMessageContent != 0,
		Connected: ss.conn != nil, Ready: ss.ready, Seq: ss.seq, Resumes: ss.resumes,
		Heartbeats: ss.heartbeats, Invalidated: ss.invalid}
}

// gwConn is one websocket connection; frames are written by its own
// goroutine so that dispatching never blocks on a slow reader.
type gwConn struct {
	ws    *websocket.Conn
	mu    sync.Mutex
	queue []outFrame
	wake  chan struct{}
	done  bool
	sess  *session // guarded by Server.mu
}

type outFrame struct {
	data      []byte
	closeCode int
	closeText string
}

func (c *gwConn) push(f outFrame) {
	c.mu.Lock()
	if !c.done {
		c.queue = append(c.queue, f)
	}
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *gwConn) send(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	c.push(outFrame{data: data})
}

// closeWith sends a close frame with a gateway close code, then closes.
func (c *gwConn) closeWith(code int, text string) {
	c.push(outFrame{closeCode: code, closeText: text})
}

// abort cuts the connection without a close frame.
func (c *gwConn) abort() {
	c.mu.Lock()
	c.done = true
	c.mu.Unlock()
	if c.ws != nil {
		_ = c.ws.Close()
	}
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *gwConn) writeLoop() {
	for range c.wake {
		c.mu.Lock()
		frames, done := c.queue, c.done
		c.queue = nil
		c.mu.Unlock()
		for _, f := range frames {
			if f.closeCode != 0 {
				_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(f.closeCode, f.closeText),
					time.Now().Add(gatewayWriteGracePeriod))
				c.abort()
				return
			}
			if err := c.ws.WriteMessage(websocket.TextMessage, f.data); err != nil {
				c.abort()
				return
			}
		}
		if done {
			return
		}
	}
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// serveGateway runs one gateway connection.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "closed", http.StatusServiceUnavailable)
		return
	}
	s.wg.Add(1)
	s.mu.Unlock()
	defer s.wg.Done()
	if q := r.URL.Query(); q.Get("v") != "9" || q.Get("encoding") != "json" {
		s.mu.Lock()
		s.recordLocked(GatewayProtocol, "GATEWAY", r.URL.String(), "the gateway URL should ask for v=9&encoding=json")
		s.mu.Unlock()
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	ws.SetReadLimit(gatewayReadLimitBytes)
	c := &gwConn{ws: ws, wake: make(chan struct{}, 1)}
	s.mu.Lock()
	s.conns[c] = true
	s.mu.Unlock()
	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		c.writeLoop()
	}()
	c.send(map[string]any{"op": 10, "s": nil, "t": nil,
		"d": map[string]any{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds()}})
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			break
		}
		s.mu.Lock()
		s.handleFrameLocked(c, data)
		s.changedLocked()
		s.mu.Unlock()
	}
	s.mu.Lock()
	delete(s.conns, c)
	if c.sess != nil && c.sess.conn == c {
		c.sess.conn = nil
	}
	s.changedLocked()
	s.mu.Unlock()
	c.abort()
	<-writerDone
}

type gatewayFrame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
}

func (s *Server) handleFrameLocked(c *gwConn, data []byte) {
	s.received = append(s.received, append([]byte(nil), data...))
	if len(s.received) > maxReceivedFrames {
		s.received = s.received[len(s.received)-maxReceivedFrames:]
	}
	var f gatewayFrame
	if err := json.Unmarshal(data, &f); err != nil {
		s.recordLocked(GatewayProtocol, "GATEWAY", "", "a frame that is not JSON: %v", err)
		c.closeWith(closeDecodeError, "Error while decoding payload.")
		return
	}
	switch f.Op {
	case 1:
		if c.sess != nil {
			c.sess.heartbeats++
		}
		c.send(map[string]any{"op": 11, "s": nil, "t": nil, "d": nil})
	case 2:
		s.identifyLocked(c, f.D)
	case 6:
		s.resumeLocked(c, f.D)
	case 3, 4, 8:
		if c.sess == nil {
			s.recordLocked(GatewayProtocol, "GATEWAY", "", "op %d before IDENTIFY", f.Op)
			c.closeWith(closeNotAuthenticated, "Not authenticated.")
		}
	default:
		s.recordLocked(GatewayProtocol, "GATEWAY", "", "unknown opcode %d", f.Op)
		c.closeWith(closeUnknownOpcode, "Unknown opcode.")
	}
}

// authenticateLocked decodes an IDENTIFY or RESUME into payload and checks
// that the connection is not identified yet and that *token (filled by the
// decoding) is the bot's; otherwise it closes the connection as Discord does.
func (s *Server) authenticateLocked(c *gwConn, op string, raw json.RawMessage, payload any, token *string) bool {
	if err := json.Unmarshal(raw, payload); err != nil {
		s.recordLocked(GatewayProtocol, "GATEWAY", "", "%s does not decode: %v", op, err)
		c.closeWith(closeDecodeError, "Error while decoding payload.")
		return false
	}
	if c.sess != nil && !c.sess.invalid {
		s.recordLocked(GatewayProtocol, "GATEWAY", "", "%s on an identified connection", op)
		c.closeWith(closeAlreadyAuth, "Already authenticated.")
		return false
	}
	if strings.TrimPrefix(*token, "Bot ") != s.token {
		s.recordLocked(GatewayProtocol, "GATEWAY", "", "%s with a wrong token", op)
		c.closeWith(closeAuthFailed, "Authentication failed.")
		return false
	}
	return true
}

func (s *Server) identifyLocked(c *gwConn, raw json.RawMessage) {
	var d struct {
		Token          string `json:"token"`
		Intents        *int   `json:"intents"`
		Compress       bool   `json:"compress"`
		LargeThreshold int    `json:"large_threshold"`
	}
	if !s.authenticateLocked(c, "IDENTIFY", raw, &d, &d.Token) {
		return
	}
	if d.Intents == nil || *d.Intents < 0 || *d.Intents&^allIntents != 0 {
		s.recordLocked(GatewayProtocol, "GATEWAY", "", "IDENTIFY without valid intents")
		c.closeWith(closeInvalidIntents, "Invalid intent(s).")
		return
	}
	intents := *d.Intents
	s.identifies = append(s.identifies, Identify{Intents: intents, MessageContent: intents&IntentMessageContent != 0,
		Compress: d.Compress, LargeThreshold: d.LargeThreshold, At: s.clock.Now()})
	if intents&IntentMessageContent != 0 && s.opts.MessageContentDisabled {
		s.recordLocked(GatewayProtocol, "GATEWAY", "", "asked for the Message Content intent, which the application does not have")
		c.closeWith(closeDisallowedIntents, "Disallowed intent(s).")
		return
	}
	sess := &session{id: randomHex(16), intents: intents, conn: c}
	s.sessions[sess.id] = sess
	c.sess = sess
	guilds := []any{}
	for _, id := range s.guildIDs {
		guilds = append(guilds, map[string]any{"id": id, "unavailable": true})
	}
	s.dispatchToLocked(sess, eventReady, map[string]any{
		"v": 9, "user": userJSON(s.bot), "guilds": guilds, "session_id": sess.id,
		"resume_gateway_url": s.GatewayURL(), "shard": []int{0, 1},
		"application":      map[string]any{"id": s.appID, "flags": 0},
		"private_channels": []any{}, "presences": []any{}, "relationships": []any{},
		"guild_join_requests": []any{}, "geo_ordered_rtc_regions": []string{}, "session_type": "normal",
		"user_settings": map[string]any{},
	}, dispatchScope{})
	for _, id := range s.guildIDs {
		s.dispatchToLocked(sess, eventGuildCreate, s.guildCreateJSON(s.guilds[id]), dispatchScope{intent: IntentGuilds})
	}
	sess.ready = true
	s.logf("discordfake: session %s identified with intents %d", sess.id, intents)
}

func (s *Server) resumeLocked(c *gwConn, raw json.RawMessage) {
	var d struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if !s.authenticateLocked(c, "RESUME", raw, &d, &d.Token) {
		return
	}
	sess, ok := s.sessions[d.SessionID]
	if !ok || sess.invalid || d.Seq > sess.seq || (len(sess.log) > 0 && sess.log[0].seq > d.Seq+1) {
		s.logf("discordfake: RESUME of session %q refused with INVALID_SESSION", d.SessionID)
		c.send(map[string]any{"op": 9, "d": false, "s": nil, "t": nil})
		return
	}
	if sess.conn != nil && sess.conn != c {
		sess.conn.abort()
	}
	sess.conn = c
	c.sess = sess
	sess.resumes++
	for _, ev := range sess.log {
		if ev.seq <= d.Seq {
			continue
		}
		c.push(outFrame{data: ev.frame})
		if ev.interactionID != "" {
			s.markDeliveredLocked(ev.interactionID)
		}
	}
	s.dispatchToLocked(sess, eventResumed, map[string]any{}, dispatchScope{})
	s.logf("discordfake: session %s resumed from seq %d", sess.id, d.Seq)
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return strings.Repeat("0", 2*n)
	}
	return hex.EncodeToString(b)
}
