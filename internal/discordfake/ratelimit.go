package discordfake

import (
	"net/http"
	"strings"
	"time"
)

// limiter holds the rate-limit state of the fake, on the real clock.
type limiter struct {
	buckets    map[string]*bucketState
	injections []*injection
	retries    map[string]pendingRetry
	failures   map[string]int
	badAgents  map[string]bool
	invalid    map[string]int
}

type bucketState struct {
	windowStart time.Time
	used        int
}

// bucketTake is the state of a bucket after a request.
type bucketTake struct {
	used     int
	resetAt  time.Time
	exceeded bool
}

type injection struct {
	method     string
	prefix     string
	remaining  int
	retryAfter time.Duration
}

type pendingRetry struct {
	at         time.Time
	retryAfter time.Duration
}

func newLimiter() limiter {
	return limiter{buckets: map[string]*bucketState{}, retries: map[string]pendingRetry{},
		failures: map[string]int{}, badAgents: map[string]bool{}, invalid: map[string]int{}}
}

// take counts a request on a bucket with a fixed window.
func (l *limiter) take(key string, limit RateLimit, now time.Time) bucketTake {
	b, ok := l.buckets[key]
	if !ok || now.Sub(b.windowStart) >= limit.Window {
		b = &bucketState{windowStart: now}
		l.buckets[key] = b
	}
	b.used++
	return bucketTake{used: b.used, resetAt: b.windowStart.Add(limit.Window), exceeded: b.used > limit.Requests}
}

// takeInjection consumes one of the 429s asked for with Fail429.
func (l *limiter) takeInjection(method, path string) (time.Duration, bool) {
	for _, in := range l.injections {
		if in.remaining <= 0 || (in.method != "" && in.method != method) || !strings.HasPrefix(path, in.prefix) {
			continue
		}
		in.remaining--
		return in.retryAfter, true
	}
	return 0, false
}

// limited remembers that the client got a 429 on the bucket.
func (l *limiter) limited(client, bucket string, now time.Time, retryAfter time.Duration) {
	l.retries[client+" "+bucket] = pendingRetry{at: now, retryAfter: retryAfter}
}

// earlyRetry checks a request against the last 429 on its bucket: it
// returns the time still to wait and whether the request came too early.
func (l *limiter) earlyRetry(client, bucket string, now time.Time) (time.Duration, bool) {
	key := client + " " + bucket
	p, ok := l.retries[key]
	if !ok {
		return 0, false
	}
	delete(l.retries, key)
	if retriedTooSoon(p.at, p.retryAfter, now) {
		return p.at.Add(p.retryAfter).Sub(now), true
	}
	return 0, false
}

// failed counts a failing request and returns how many identical ones
// failed in a row.
func (l *limiter) failed(key string) int {
	l.failures[key]++
	return l.failures[key]
}

// succeeded ends a run of failures of the same request.
func (l *limiter) succeeded(key string) { delete(l.failures, key) }

// firstBadAgent tells whether this is the client's first request with a bad
// User-Agent, so that it is reported once.
func (l *limiter) firstBadAgent(client string) bool {
	if l.badAgents[client] {
		return false
	}
	l.badAgents[client] = true
	return true
}

// countInvalid counts 401, 403 and 429 answers, which Discord's invalid
// request limit (10,000 per 10 minutes) counts.
func (l *limiter) countInvalid(client string, status int) {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusTooManyRequests:
		l.invalid[client]++
	}
}

// Fail429 makes the next n REST requests whose path (relative to /api/v9)
// starts with routePrefix answer 429 with retry_after and the rate-limit
// headers. routePrefix may start with a method: "POST /channels/123/messages".
// A retry sooner than retryAfter is recorded as UnawaitedRateLimit.
func (s *Server) Fail429(routePrefix string, n int, retryAfter time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := &injection{prefix: strings.TrimPrefix(routePrefix, apiPrefix), remaining: n, retryAfter: retryAfter}
	if method, rest, found := strings.Cut(routePrefix, " "); found {
		in.method, in.prefix = method, strings.TrimPrefix(rest, apiPrefix)
	}
	s.limits.injections = append(s.limits.injections, in)
}

// InvalidRequests returns how many 401, 403 and 429 answers the fake gave,
// the count behind Discord's temporary bans.
func (s *Server) InvalidRequests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	total := 0
	for _, n := range s.limits.invalid {
		total += n
	}
	return total
}
