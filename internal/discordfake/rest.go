package discordfake

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// apiPrefix is where discordgo v0.29.0 sends every REST request.
const apiPrefix = "/api/v9"

// route is one REST endpoint of the fake.
type route struct {
	method   string
	pattern  string // relative to /api/v9, with {name} wildcards
	segments []string
	auth     bool // needs "Authorization: Bot <token>"
	handle   func(c *call) (response, error)
}

// call is one REST request being served.
type call struct {
	s      *Server
	r      *http.Request
	route  *route
	path   string // relative to /api/v9
	params map[string]string
	body   []byte
	client string
	now    time.Time // the fake's clock
	errs   formErrors
}

func (c *call) param(name string) string { return c.params[name] }

// formFailure answers with the problems collected in c.errs.
func (c *call) formFailure() error { return c.errs.apiError() }

// response is a successful answer.
type response struct {
	status int
	body   any // marshalled to JSON; nil for 204
}

func ok(body any) response      { return response{status: http.StatusOK, body: body} }
func created(body any) response { return response{status: http.StatusCreated, body: body} }
func noContent() response       { return response{status: http.StatusNoContent} }

// Request is a REST request the fake answered.
type Request struct {
	Method string
	Path   string // relative to /api/v9, without the query
	Query  string
	Route  string // the matched pattern, "" for an unknown endpoint
	Status int
	Code   int // Discord error code of an error answer
	At     time.Time
}

// Requests lists every REST request so far, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

var userAgentPattern = regexp.MustCompile(`^DiscordBot \(\S+, \S+\)`)

// ServeHTTP serves the gateway, the CDN and the REST API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/gw" || r.URL.Path == "/gw/":
		s.serveGateway(w, r)
	case strings.HasPrefix(r.URL.Path, "/attachments/"):
		s.serveCDN(w, r)
	default:
		s.serveREST(w, r)
	}
}

func (s *Server) serveREST(w http.ResponseWriter, r *http.Request) {
	realNow := time.Now()
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBytes+1))
	if err != nil {
		writeAPIError(w, apiErr(http.StatusBadRequest, CodeGeneral, "The body could not be read"))
		return
	}
	if len(body) > maxRequestBytes {
		writeAPIError(w, apiErr(http.StatusRequestEntityTooLarge, CodeEntityTooLarge, "Request entity too large"))
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &call{s: s, r: r, body: body, client: clientKey(r), now: s.clock.Now()}
	status, code := s.serveCallLocked(w, c, realNow)
	s.requests = append(s.requests, Request{Method: r.Method, Path: c.path, Query: r.URL.RawQuery,
		Route: routeName(c.route), Status: status, Code: code, At: c.now})
	s.limits.countInvalid(c.client, status)
	if status >= 400 && status < 500 && status != http.StatusTooManyRequests {
		if n := s.limits.failed(loopKey(c)); n == loopThreshold+1 {
			s.recordLocked(RequestLoop, r.Method, c.path, "the same request failed with %d %d times in a row", status, n)
		}
	} else if status < 400 {
		s.limits.succeeded(loopKey(c))
	}
	s.changedLocked()
}

func routeName(rt *route) string {
	if rt == nil {
		return ""
	}
	return rt.pattern
}

// serveCallLocked runs the checks common to every endpoint and the
// endpoint's handler, writes the answer and returns its status and code.
func (s *Server) serveCallLocked(w http.ResponseWriter, c *call, realNow time.Time) (int, int) {
	r := c.r
	rel, versioned := strings.CutPrefix(r.URL.Path, apiPrefix)
	c.path = rel
	if !versioned {
		c.path = r.URL.Path
		s.recordLocked(UnsupportedEndpoint, r.Method, r.URL.Path, "not under %s", apiPrefix)
		return writeAPIError(w, errNotFoundRoute())
	}
	rt, params, pathKnown := s.match(r.Method, rel)
	if rt == nil {
		s.recordLocked(UnsupportedEndpoint, r.Method, rel, "the fake has no such endpoint")
		if pathKnown {
			return writeAPIError(w, errMethodNotAllowed())
		}
		return writeAPIError(w, errNotFoundRoute())
	}
	c.route, c.params = rt, params
	if !userAgentPattern.MatchString(r.UserAgent()) && s.limits.firstBadAgent(c.client) {
		s.recordLocked(BadUserAgent, r.Method, rel, "User-Agent %q is not \"DiscordBot (url, version)\"", r.UserAgent())
	}
	if rt.auth && r.Header.Get("Authorization") != "Bot "+s.token {
		s.recordLocked(Unauthorized, r.Method, rel, "Authorization header is not \"Bot <token>\"")
		return writeAPIError(w, errUnauthorized())
	}
	// A retry is the same method on the same path; the announced bucket is
	// the path, as discordgo keys its buckets by URL whatever the method.
	bucket := r.Method + " " + rel
	limit := s.opts.RateLimit
	if wait, early := s.limits.earlyRetry(c.client, bucket, realNow); early {
		s.recordLocked(UnawaitedRateLimit, r.Method, rel, "retried %v before the retry_after of its 429 had passed", wait.Round(time.Millisecond))
		return s.writeTooMany(w, c, bucket, wait, realNow)
	}
	if retryAfter, injected := s.limits.takeInjection(r.Method, rel); injected {
		return s.writeTooMany(w, c, bucket, retryAfter, realNow)
	}
	state := s.limits.take(c.client+" "+rel, limit, realNow)
	if state.exceeded {
		s.recordLocked(IgnoredRateLimit, r.Method, rel, "request %d in a bucket of %d per %v", state.used, limit.Requests, limit.Window)
		return s.writeTooMany(w, c, bucket, state.resetAt.Sub(realNow), realNow)
	}
	setRateHeaders(w.Header(), bucket, limit.Requests, limit.Requests-state.used, state.resetAt.Sub(realNow), realNow)
	resp, err := rt.handle(c)
	for kind, detail := range c.errs.byKind() {
		s.recordLocked(kind, r.Method, rel, "%s", detail)
	}
	if err != nil {
		var apiError *APIError
		if !errors.As(err, &apiError) {
			apiError = apiErr(http.StatusInternalServerError, CodeGeneral, err.Error())
		}
		return writeAPIError(w, apiError)
	}
	return writeResponse(w, resp), 0
}

// writeTooMany answers 429 with retry_after and the rate-limit headers, and
// remembers when the client may retry.
func (s *Server) writeTooMany(w http.ResponseWriter, c *call, bucket string, retryAfter time.Duration, realNow time.Time) (int, int) {
	if retryAfter < time.Millisecond {
		retryAfter = time.Millisecond
	}
	retryAfter = retryAfter.Round(time.Millisecond)
	s.limits.limited(c.client, bucket, realNow, retryAfter)
	h := w.Header()
	setRateHeaders(h, bucket, s.opts.RateLimit.Requests, 0, retryAfter, realNow)
	h.Set("Retry-After", strconv.Itoa(int((retryAfter+time.Second-1)/time.Second)))
	h.Set("X-RateLimit-Scope", "user")
	h.Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusTooManyRequests)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"message": "You are being rate limited.", "retry_after": secondsString(retryAfter), "global": false,
	})
	return http.StatusTooManyRequests, 0
}

// setRateHeaders writes Discord's X-RateLimit-* headers.
func setRateHeaders(h http.Header, bucket string, limit, remaining int, resetAfter time.Duration, realNow time.Time) {
	if remaining < 0 {
		remaining = 0
	}
	if resetAfter < 0 {
		resetAfter = 0
	}
	sum := sha256.Sum256([]byte(bucket))
	h.Set("X-RateLimit-Limit", strconv.Itoa(limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(realNow.Add(resetAfter).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", secondsString(resetAfter).String())
	h.Set("X-RateLimit-Bucket", hex.EncodeToString(sum[:8]))
}

// secondsString formats a duration as seconds with millisecond precision,
// rounded up so that a client waiting that long waits at least d.
func secondsString(d time.Duration) json.Number {
	ms := (d + time.Millisecond - 1) / time.Millisecond
	return json.Number(strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64))
}

// match finds the route for a method and path; pathKnown tells whether the
// path exists for another method.
func (s *Server) match(method, path string) (*route, map[string]string, bool) {
	segments := strings.Split(strings.Trim(path, "/"), "/")
	pathKnown := false
	for _, rt := range s.routes {
		params, ok := matchSegments(rt.segments, segments)
		if !ok {
			continue
		}
		if rt.method == method {
			return rt, params, true
		}
		pathKnown = true
	}
	return nil, nil, pathKnown
}

func matchSegments(pattern, segments []string) (map[string]string, bool) {
	if len(pattern) != len(segments) {
		return nil, false
	}
	params := map[string]string{}
	for i, p := range pattern {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			if segments[i] == "" {
				return nil, false
			}
			params[p[1:len(p)-1]] = segments[i]
			continue
		}
		if p != segments[i] {
			return nil, false
		}
	}
	return params, true
}

// clientKey identifies a client: its Authorization header, else its address.
func clientKey(r *http.Request) string {
	if auth := r.Header.Get("Authorization"); auth != "" {
		return "auth:" + auth
	}
	host := r.RemoteAddr
	if i := strings.LastIndex(host, ":"); i > 0 {
		host = host[:i]
	}
	return "ip:" + host
}

// loopKey identifies "the same request": client, method, path and body,
// with a multipart boundary removed.
func loopKey(c *call) string {
	body := c.body
	if _, params, err := mime.ParseMediaType(c.r.Header.Get("Content-Type")); err == nil && params["boundary"] != "" {
		body = bytes.ReplaceAll(body, []byte(params["boundary"]), nil)
	}
	sum := sha256.Sum256(body)
	return c.client + " " + c.r.Method + " " + c.r.URL.Path + " " + hex.EncodeToString(sum[:])
}

// writeResponse writes a successful answer and returns its status.
func writeResponse(w http.ResponseWriter, resp response) int {
	if resp.status == http.StatusNoContent || resp.body == nil {
		w.WriteHeader(http.StatusNoContent)
		return http.StatusNoContent
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(resp.status)
	_ = json.NewEncoder(w).Encode(resp.body)
	return resp.status
}

// writeAPIError writes an error answer and returns its status and code.
func writeAPIError(w http.ResponseWriter, e *APIError) (int, int) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	_ = json.NewEncoder(w).Encode(e)
	return e.Status, e.Code
}
