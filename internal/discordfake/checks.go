package discordfake

import (
	"fmt"
	"strings"
	"time"
)

// ViolationKind names a rule of the Discord API that the bot broke.
type ViolationKind string

// The rules the fake checks.
const (
	// LateResponse: the first answer to an interaction came more than 3 s
	// after the interaction was delivered; Discord has already shown
	// "The application did not respond" and refuses it.
	LateResponse ViolationKind = "late-interaction-response"
	// NoResponse: an interaction delivered more than 3 s ago (on the
	// fake's clock) still has no answer. It is computed when Violations is
	// called, not stored.
	NoResponse ViolationKind = "interaction-not-answered"
	// DoubleResponse: a second initial answer to one interaction.
	DoubleResponse ViolationKind = "interaction-answered-twice"
	// WrongCallbackType: an answer type the interaction does not accept
	// (UPDATE_MESSAGE to a slash command, a modal answering a modal...).
	WrongCallbackType ViolationKind = "wrong-interaction-response-type"
	// ExpiredToken: a follow-up or edit with an interaction token older
	// than 15 minutes.
	ExpiredToken ViolationKind = "interaction-token-expired"
	// FollowupBeforeResponse: a follow-up to an interaction that was never
	// answered.
	FollowupBeforeResponse ViolationKind = "followup-before-response"
	// TooLongContent: message content over 2000 characters.
	TooLongContent ViolationKind = "content-too-long"
	// EmptyMessage: a message with nothing in it.
	EmptyMessage ViolationKind = "empty-message"
	// InvalidEmbeds: more than 10 embeds or an embed over its limits.
	InvalidEmbeds ViolationKind = "invalid-embeds"
	// InvalidComponents: components outside Discord's rules.
	InvalidComponents ViolationKind = "invalid-components"
	// InvalidCommand: an application command definition Discord refuses.
	InvalidCommand ViolationKind = "invalid-command"
	// InvalidFormBody: any other field Discord refuses.
	InvalidFormBody ViolationKind = "invalid-form-body"
	// BadAttachmentForm: a multipart body Discord would refuse or
	// misread: files not named files[n], no filename, an attachments entry
	// without its file, a file missing from attachments, an embed showing
	// attachment://name of no file.
	BadAttachmentForm ViolationKind = "bad-attachment-form"
	// ArchivedThread: a message, edit or member change in an archived
	// thread without unarchiving it first.
	ArchivedThread ViolationKind = "archived-thread"
	// UnawaitedRateLimit: a request retried before the retry_after of the
	// 429 it got.
	UnawaitedRateLimit ViolationKind = "retry-before-retry-after"
	// IgnoredRateLimit: more requests on a bucket than its
	// X-RateLimit-Remaining allowed before X-RateLimit-Reset.
	IgnoredRateLimit ViolationKind = "ignored-rate-limit-headers"
	// RequestLoop: the same request failing with the same 4xx more than
	// three times in a row.
	RequestLoop ViolationKind = "repeated-failing-request"
	// Unauthorized: a request without the bot token where one is needed.
	Unauthorized ViolationKind = "unauthorized"
	// BadUserAgent: no "DiscordBot (url, version)" User-Agent.
	BadUserAgent ViolationKind = "bad-user-agent"
	// UnsupportedEndpoint: an endpoint the fake does not implement (extend
	// the fake, or avoid the endpoint).
	UnsupportedEndpoint ViolationKind = "unsupported-endpoint"
	// GatewayProtocol: a gateway frame out of protocol (bad token,
	// disallowed intents, a payload before IDENTIFY...).
	GatewayProtocol ViolationKind = "gateway-protocol"
)

// Violation is one broken rule, with what the bot did.
type Violation struct {
	Kind   ViolationKind
	Detail string
	Method string // HTTP method, or "GATEWAY"
	Path   string
	At     time.Time
}

// Error describes the violation.
func (v *Violation) Error() string {
	where := strings.TrimSpace(v.Method + " " + v.Path)
	if where == "" {
		return fmt.Sprintf("%s: %s", v.Kind, v.Detail)
	}
	return fmt.Sprintf("%s: %s (%s)", v.Kind, v.Detail, where)
}

// Deadlines of interactions, from Discord's documentation.
const (
	// ResponseDeadline is the time a bot has for its first answer.
	ResponseDeadline = 3 * time.Second
	// TokenLifetime is how long follow-ups and edits may use the token.
	TokenLifetime = 15 * time.Minute
	// loopThreshold is how many identical failing requests in a row are
	// tolerated.
	loopThreshold = 3
)

// answeredLate tells whether an answer at answered to an interaction
// delivered at delivered misses the 3-second deadline.
func answeredLate(delivered, answered time.Time) bool {
	return answered.Sub(delivered) > ResponseDeadline
}

// tokenExpired tells whether an interaction created at created can no
// longer be followed up at now.
func tokenExpired(created, now time.Time) bool {
	return now.Sub(created) > TokenLifetime
}

// retriedTooSoon tells whether a retry at retryAt of a request answered
// 429 at limitedAt with retryAfter came early.
func retriedTooSoon(limitedAt time.Time, retryAfter time.Duration, retryAt time.Time) bool {
	return retryAt.Sub(limitedAt) < retryAfter
}

// recordLocked notes a violation.
func (s *Server) recordLocked(kind ViolationKind, method, path, format string, args ...any) {
	v := &Violation{Kind: kind, Detail: fmt.Sprintf(format, args...), Method: method, Path: path, At: s.clock.Now()}
	s.violations = append(s.violations, v)
	s.logf("discordfake: violation %v", v)
	s.changedLocked()
}

// Violations lists every API rule the bot broke so far, oldest first,
// followed by the interactions left unanswered past their deadline. Each
// entry is a *Violation.
func (s *Server) Violations() []error {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]error, 0, len(s.violations))
	for _, v := range s.violations {
		out = append(out, v)
	}
	for _, v := range s.unansweredLocked() {
		out = append(out, v)
	}
	return out
}

// unansweredLocked reports interactions delivered more than 3 s ago that
// have no answer.
func (s *Server) unansweredLocked() []*Violation {
	var out []*Violation
	now := s.clock.Now()
	for _, id := range s.ixOrder {
		ix := s.ixByID[id]
		if ix.callback == nil && !ix.invalidated && ix.delivered && answeredLate(ix.deliveredAt, now) {
			out = append(out, &Violation{Kind: NoResponse, At: now,
				Detail: fmt.Sprintf("interaction %s (type %d) delivered %v ago has no answer", ix.id, ix.typ, now.Sub(ix.deliveredAt))})
		}
	}
	return out
}

// ViolationsOf lists the violations of one kind.
func (s *Server) ViolationsOf(kind ViolationKind) []*Violation {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Violation
	for _, v := range append(s.violations, s.unansweredLocked()...) {
		if v.Kind == kind {
			out = append(out, v)
		}
	}
	return out
}

// TestingT is the part of testing.TB that AssertClean uses.
type TestingT interface {
	Helper()
	Errorf(format string, args ...any)
}

// AssertClean fails the test for every violation recorded so far.
func (s *Server) AssertClean(t TestingT) {
	t.Helper()
	for _, v := range s.Violations() {
		t.Errorf("Discord API violation: %v", v)
	}
}
