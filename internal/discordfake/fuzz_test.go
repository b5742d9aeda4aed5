package discordfake

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
	"unicode/utf8"
)

// fuzzWorld is a fresh fake without a listener, one per fuzz input so
// that every input meets the same state (rate limits and request-loop
// counts would otherwise make coverage depend on earlier inputs).
func fuzzWorld(t *testing.T) *world {
	t.Helper()
	fake := newServer(Options{Clock: NewManualClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))}, "http://127.0.0.1:1")
	w := &world{t: t, fake: fake}
	w.guildID = fake.AddGuild("Fuzz")
	var err error
	w.channel, err = fake.AddTextChannel(w.guildID, "games")
	if err != nil {
		t.Fatal(err)
	}
	w.alice = fake.AddUser(User{Username: "alice"})
	if err := fake.AddMember(w.guildID, w.alice.ID, ""); err != nil {
		t.Fatal(err)
	}
	return w
}

// serve sends one request to the fake without a network.
func (w *world) serve(method, path, contentType string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, apiPrefix+path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bot "+w.fake.Token())
	req.Header.Set("User-Agent", "DiscordBot (https://example.test, 1)")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	w.fake.ServeHTTP(rec, req)
	return rec
}

// checkAnswer requires a success or a client error in Discord's JSON shape.
func checkAnswer(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	switch {
	case rec.Code == http.StatusNoContent:
	case rec.Code < 300:
		if !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("status %d with a body that is not JSON: %q", rec.Code, rec.Body.Bytes())
		}
	case rec.Code >= 400 && rec.Code < 500:
		var e APIError
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Message == "" {
			t.Fatalf("status %d with a body not in Discord's error shape: %q", rec.Code, rec.Body.Bytes())
		}
	default:
		t.Fatalf("status %d: %s", rec.Code, rec.Body.Bytes())
	}
}

// FuzzMessageBody feeds message bodies (JSON or multipart, seeded with the
// requests discordgo really sends) to POST /channels/{id}/messages.
func FuzzMessageBody(f *testing.F) {
	f.Fuzz(func(t *testing.T, contentType string, body []byte) {
		w := fuzzWorld(t)
		rec := w.serve(http.MethodPost, "/channels/"+w.channel+"/messages", contentType, body)
		checkAnswer(t, rec)
		if rec.Code != http.StatusOK {
			return
		}
		var m struct {
			ID      string `json:"id"`
			Content string `json:"content"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		stored, ok := w.fake.Message(m.ID)
		if !ok || stored.Content != m.Content || utf8.RuneCountInString(m.Content) > maxContentLength {
			t.Fatalf("stored %+v for answer %+v", stored, m)
		}
		if stored.Content == "" && len(stored.Embeds) == 0 && len(stored.Attachments) == 0 && len(stored.Components) == 0 {
			t.Fatal("an empty message was accepted")
		}
	})
}

// FuzzCallbackBody feeds interaction answers to a fresh interaction.
func FuzzCallbackBody(f *testing.F) {
	f.Fuzz(func(t *testing.T, contentType string, body []byte) {
		w := fuzzWorld(t)
		w.fake.mu.Lock()
		now := w.fake.clock.Now()
		ix := &interaction{id: w.fake.ids.next(now), token: newToken(), typ: InteractionApplicationCommand,
			userID: w.alice.ID, channelID: w.channel, guildID: w.guildID, createdAt: now}
		w.fake.ixByID[ix.id], w.fake.ixByToken[ix.token] = ix, ix
		w.fake.mu.Unlock()
		rec := w.serve(http.MethodPost, "/interactions/"+ix.id+"/"+ix.token+"/callback", contentType, body)
		checkAnswer(t, rec)
		w.fake.mu.Lock()
		answered := ix.callback != nil
		w.fake.mu.Unlock()
		if answered != (rec.Code < 300) {
			t.Fatalf("status %d but answered=%v", rec.Code, answered)
		}
	})
}

// FuzzCommandBody feeds bulk overwrites to the guild commands endpoint;
// whatever is accepted must pass the checks again.
func FuzzCommandBody(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte) {
		w := fuzzWorld(t)
		path := "/applications/" + w.fake.ApplicationID() + "/guilds/" + w.guildID + "/commands"
		rec := w.serve(http.MethodPut, path, "application/json", body)
		checkAnswer(t, rec)
		if rec.Code != http.StatusOK {
			return
		}
		var again []commandInput
		if err := json.Unmarshal(rec.Body.Bytes(), &again); err != nil {
			t.Fatal(err)
		}
		var errs formErrors
		checkCommands(again, &errs)
		if !errs.ok() {
			t.Fatalf("stored commands fail the checks: %v", errs.byKind())
		}
	})
}

// FuzzGatewayFrame feeds frames to the gateway protocol handler, one per
// line, seeded with the frames discordgo really sends.
func FuzzGatewayFrame(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		w := fuzzWorld(t)
		c := &gwConn{wake: make(chan struct{}, 1)}
		for _, frame := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(frame)) == 0 {
				continue
			}
			w.fake.mu.Lock()
			w.fake.handleFrameLocked(c, frame)
			w.fake.mu.Unlock()
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, out := range c.queue {
			if out.closeCode == 0 && !json.Valid(out.data) {
				t.Fatalf("sent a frame that is not JSON: %q", out.data)
			}
		}
	})
}
