package discordfake

import (
	"net/http"
	"testing"
	"time"
)

func TestDiscordgoHonours429(t *testing.T) {
	w := newWorld(t, Options{})
	s := w.connect(allIntentsWithContent, false)
	w.fake.Fail429("POST /channels/"+w.channel+"/messages", 2, 50*time.Millisecond)
	if _, err := s.ChannelMessageSend(w.channel, "after two 429s"); err != nil {
		t.Fatalf("send: %v", err)
	}
	var statuses []int
	for _, r := range w.fake.Requests() {
		if r.Method == http.MethodPost && r.Route == "/channels/{channel}/messages" {
			statuses = append(statuses, r.Status)
		}
	}
	if len(statuses) != 3 || statuses[0] != 429 || statuses[1] != 429 || statuses[2] != 200 {
		t.Errorf("statuses %v, want [429 429 200]", statuses)
	}
	if n := w.fake.InvalidRequests(); n != 2 {
		t.Errorf("%d invalid requests, want 2", n)
	}
	w.noViolations()
}

func TestDiscordgoHonoursRateLimitHeaders(t *testing.T) {
	w := newWorld(t, Options{RateLimit: RateLimit{Requests: 2, Window: 100 * time.Millisecond}})
	s := w.connect(allIntentsWithContent, false)
	for i := 0; i < 5; i++ {
		if _, err := s.ChannelMessageSend(w.channel, "move"); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	w.noViolations()
}

func TestRetryBeforeRetryAfterIsAViolation(t *testing.T) {
	w := newWorld(t, Options{})
	w.fake.Fail429("/channels/", 1, time.Minute)
	body := []byte(`{"content":"impatient"}`)
	if resp := w.rawPost("/channels/"+w.channel+"/messages", "application/json", body); resp.StatusCode != http.StatusTooManyRequests ||
		resp.Header.Get("X-RateLimit-Remaining") != "0" || resp.Header.Get("Retry-After") != "60" {
		t.Fatalf("injected 429: %d %v", resp.StatusCode, resp.Header)
	}
	if resp := w.rawPost("/channels/"+w.channel+"/messages", "application/json", body); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("early retry answered %d", resp.StatusCode)
	}
	if got := w.violationKinds(); len(got) != 1 || got[0] != UnawaitedRateLimit {
		t.Errorf("violations %v", got)
	}
}

func TestIgnoringRateLimitHeadersIsAViolation(t *testing.T) {
	w := newWorld(t, Options{RateLimit: RateLimit{Requests: 2, Window: time.Minute}})
	body := []byte(`{"content":"spam"}`)
	var statuses []int
	for i := 0; i < 3; i++ {
		statuses = append(statuses, w.rawPost("/channels/"+w.channel+"/messages", "application/json", body).StatusCode)
	}
	if statuses[0] != 200 || statuses[1] != 200 || statuses[2] != 429 {
		t.Errorf("statuses %v", statuses)
	}
	if got := w.violationKinds(); len(got) != 1 || got[0] != IgnoredRateLimit {
		t.Errorf("violations %v", got)
	}
}

func TestRepeatedFailingRequestIsALoop(t *testing.T) {
	w := newWorld(t, Options{})
	if err := w.fake.Deny(w.channel, PermSendMessages); err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"content":"let me in"}`)
	for i := 0; i < loopThreshold; i++ {
		w.rawPost("/channels/"+w.channel+"/messages", "application/json", body)
	}
	if got := w.violationKinds(); len(got) != 0 {
		t.Fatalf("violations after %d tries: %v", loopThreshold, got)
	}
	w.rawPost("/channels/"+w.channel+"/messages", "application/json", body)
	if got := w.violationKinds(); len(got) != 1 || got[0] != RequestLoop {
		t.Errorf("violations %v, want one %s", got, RequestLoop)
	}
}

func TestRequestsNeedTheBotTokenAndAKnownRoute(t *testing.T) {
	w := newWorld(t, Options{})
	req, err := http.NewRequestWithContext(w.ctx, http.MethodGet, w.fake.URL()+apiPrefix+"/channels/"+w.channel, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("User-Agent", "DiscordBot (https://example.test, 1)")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("no token: %d", resp.StatusCode)
	}
	if resp := w.rawPost("/channels/"+w.channel+"/pins", "application/json", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown route: %d", resp.StatusCode)
	}
	if got := w.violationKinds(); len(got) != 2 || got[0] != Unauthorized || got[1] != UnsupportedEndpoint {
		t.Errorf("violations %v", got)
	}
}
