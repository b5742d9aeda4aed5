package discordfake

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// masks replace what changes from run to run: ports, random tokens and
// session IDs.
var masks = []struct {
	pattern *regexp.Regexp
	with    string
}{
	{regexp.MustCompile(`127\.0\.0\.1:[0-9]+`), "127.0.0.1:PORT"},
	{regexp.MustCompile(`"token": "[^"]+"`), `"token": "TOKEN"`},
	{regexp.MustCompile(`"session_id": "[0-9a-f]+"`), `"session_id": "SESSION"`},
}

// checkGolden compares JSON with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name string, value any) {
	t.Helper()
	got, err := json.MarshalIndent(value, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range masks {
		got = m.pattern.ReplaceAll(got, []byte(m.with))
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update after checking):\n%s", path, got)
	}
}

// goldenWorld is a world on a manual clock, so IDs and timestamps repeat.
func goldenWorld(t *testing.T) *world {
	t.Helper()
	return newWorld(t, Options{Clock: NewManualClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))})
}

// TestGatewayPayloadsGolden pins the JSON the bot receives: READY,
// GUILD_CREATE, MESSAGE_CREATE and INTERACTION_CREATE.
func TestGatewayPayloadsGolden(t *testing.T) {
	w := goldenWorld(t)
	s := w.connect(allIntentsWithContent, false)
	w.registerTak(s)
	if _, err := w.fake.Say(w.alice.ID, w.channel, "a1 <@"+w.fake.Bot().ID+">"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.fake.Slash(w.ctx, w.alice.ID, w.channel, "tak", Sub("new", Opt("opponent", w.bob.ID), Opt("size", 6))); err != nil {
		t.Fatal(err)
	}
	w.fake.mu.Lock()
	var frames []any
	for _, sess := range w.fake.sessions {
		for _, ev := range sess.log {
			var frame any
			if err := json.Unmarshal(ev.frame, &frame); err != nil {
				t.Fatal(err)
			}
			frames = append(frames, frame)
		}
	}
	w.fake.mu.Unlock()
	checkGolden(t, "gateway_frames.json", frames)
}

// TestRESTAnswersGolden pins the JSON of a message with a file and a button,
// and of a thread, as the REST API answers them.
func TestRESTAnswersGolden(t *testing.T) {
	w := goldenWorld(t)
	s := w.connect(allIntentsWithContent, false)
	m, err := s.ChannelMessageSendComplex(w.channel, &discordgo.MessageSend{
		Content: "Game 1",
		Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(boardPNG(t))}},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: "accept:1"}}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.MessageThreadStart(w.channel, m.ID, "Game 1", 1440); err != nil {
		t.Fatal(err)
	}
	w.fake.mu.Lock()
	message := w.fake.messageJSON(w.fake.messages[m.ID])
	w.fake.mu.Unlock()
	checkGolden(t, "message_with_thread.json", message)
	if !strings.Contains(string(mustJSON(t, message)), `"thread"`) {
		t.Error("the starter message does not show its thread")
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
