package discordfake

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// fuzzTargets are the fuzz tests whose seed corpus holds requests and
// frames discordgo really sent, captured by TestFuzzCorpus with -update.
var fuzzTargets = []string{"FuzzMessageBody", "FuzzCallbackBody", "FuzzCommandBody", "FuzzGatewayFrame"}

// capture is a RoundTripper that keeps the bodies discordgo sends.
type capture struct {
	next http.RoundTripper
	mu   sync.Mutex
	seen map[string][][]string // fuzz target -> list of arguments
}

func (c *capture) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, err
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		target := ""
		switch {
		case strings.HasSuffix(r.URL.Path, "/callback"):
			target = "FuzzCallbackBody"
		case strings.HasSuffix(r.URL.Path, "/commands") && r.Method == http.MethodPut:
			target = "FuzzCommandBody"
		case strings.Contains(r.URL.Path, "/messages") || strings.Contains(r.URL.Path, "/webhooks/"):
			target = "FuzzMessageBody"
		}
		if target != "" && len(body) > 0 {
			args := []string{r.Header.Get("Content-Type"), string(body)}
			if target == "FuzzCommandBody" {
				args = args[1:]
			}
			c.mu.Lock()
			c.seen[target] = append(c.seen[target], args)
			c.mu.Unlock()
		}
	}
	return c.next.RoundTrip(r)
}

// TestFuzzCorpus checks that every fuzz test has its seed corpus; with
// -update it captures a new one by driving discordgo through the fake.
func TestFuzzCorpus(t *testing.T) {
	if *update {
		captureCorpus(t)
	}
	for _, target := range fuzzTargets {
		entries, err := os.ReadDir(filepath.Join("testdata", "fuzz", target))
		if err != nil || len(entries) < 3 {
			t.Errorf("%s has %d seeds (%v); run go test -run TestFuzzCorpus -update", target, len(entries), err)
		}
	}
}

func captureCorpus(t *testing.T) {
	w := newWorld(t, Options{})
	cap := &capture{next: w.fake.Transport(), seen: map[string][][]string{}}
	interactions := newEvents[*discordgo.Interaction]()
	s := w.connectWith(func(s *discordgo.Session) { s.Client = &http.Client{Transport: cap} }, allIntentsWithContent, true,
		func(_ *discordgo.Session, i *discordgo.InteractionCreate) { interactions.put(i.Interaction) })
	s.Client = &http.Client{Transport: cap}
	w.registerTak(s)
	app := w.fake.ApplicationID()
	dm := false
	for _, cmds := range [][]*discordgo.ApplicationCommand{
		{{Name: "Show board", Type: discordgo.MessageApplicationCommand}, {Name: "tak-help", Description: "How to play", DMPermission: &dm}},
		{{Name: "Tak", Description: "uppercase is refused"}},
		{},
	} {
		_, _ = s.ApplicationCommandBulkOverwrite(app, "", cmds)
	}
	board := boardPNG(t)
	file := func() []*discordgo.File {
		return []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}}
	}
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: "accept:1"},
		discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://ustak.org/"}}}
	sends := []*discordgo.MessageSend{
		{Content: "Game 1: Alice to move."},
		{Content: "Game 1", Files: file(), Components: []discordgo.MessageComponent{row}},
		{Embeds: []*discordgo.MessageEmbed{{Title: "Game 1", Description: "a1 b2", Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			Fields: []*discordgo.MessageEmbedField{{Name: "White", Value: "Alice", Inline: true}}}}, Files: file()},
		{Content: strings.Repeat("x", 2001)},
	}
	var first *discordgo.Message
	for _, send := range sends {
		m, _ := s.ChannelMessageSendComplex(w.channel, send)
		if first == nil {
			first = m
		}
	}
	if _, err := s.ChannelMessageSendReply(w.channel, "Reply", first.Reference()); err != nil {
		t.Fatal(err)
	}
	answers := []*discordgo.InteractionResponse{
		{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "Game 1 starts.", Files: file()}},
		{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}},
		{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{CustomID: "resign:1", Title: "Resign?",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: "reason", Label: "Why", Style: discordgo.TextInputShort, Required: true}}}}}},
	}
	for _, answer := range answers {
		if _, err := w.fake.Slash(w.ctx, w.alice.ID, w.channel, "tak", Sub("resign")); err != nil {
			t.Fatal(err)
		}
		i := interactions.next(t, w.ctx)
		if err := s.InteractionRespond(i, answer); err != nil {
			t.Fatal(err)
		}
		if answer.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			content := "Board:"
			if _, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content, Files: file()}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "Follow-up", Files: file()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := w.fake.Autocomplete(w.ctx, w.alice.ID, w.channel, "tak", Sub("move", Focus("game", "g"))); err != nil {
		t.Fatal(err)
	}
	if err := s.InteractionRespond(interactions.next(t, w.ctx), &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "g1", Value: "g1"}}}}); err != nil {
		t.Fatal(err)
	}
	withButton := w.fake.Messages(w.channel)[1]
	for _, answer := range []*discordgo.InteractionResponse{
		{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{Content: "Accepted.", Components: []discordgo.MessageComponent{}}},
		{Type: discordgo.InteractionResponseDeferredMessageUpdate},
	} {
		if _, err := w.fake.Click(w.ctx, w.bob.ID, withButton.ID, "accept:1"); err != nil {
			if answer.Type == discordgo.InteractionResponseDeferredMessageUpdate {
				break // the update removed the button
			}
			t.Fatal(err)
		}
		if err := s.InteractionRespond(interactions.next(t, w.ctx), answer); err != nil {
			t.Fatal(err)
		}
	}
	w.fake.DropGateway()
	if err := w.fake.WaitResumed(w.ctx, 1); err != nil {
		t.Fatal(err)
	}
	w.fake.mu.Lock()
	var all []string
	for _, frame := range w.fake.received {
		cap.seen["FuzzGatewayFrame"] = append(cap.seen["FuzzGatewayFrame"], []string{string(frame)})
		all = append(all, strings.TrimSpace(string(frame)))
	}
	w.fake.mu.Unlock()
	// The whole conversation, one frame per line, as FuzzGatewayFrame reads it.
	cap.seen["FuzzGatewayFrame"] = append(cap.seen["FuzzGatewayFrame"], []string{strings.Join(all, "\n")})
	cap.mu.Lock()
	defer cap.mu.Unlock()
	for target, samples := range cap.seen {
		dir := filepath.Join("testdata", "fuzz", target)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, args := range samples {
			writeSeed(t, dir, args)
		}
	}
}

// writeSeed writes one corpus entry in the "go test fuzz v1" format.
func writeSeed(t *testing.T, dir string, args []string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for i, arg := range args {
		last := i == len(args)-1
		if last {
			fmt.Fprintf(&b, "[]byte(%s)\n", strconv.Quote(arg))
		} else {
			fmt.Fprintf(&b, "string(%s)\n", strconv.Quote(arg))
		}
	}
	sum := sha256.Sum256([]byte(b.String()))
	name := filepath.Join(dir, "real-"+hex.EncodeToString(sum[:8]))
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
