package discordfake

import (
	"bytes"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestSayReachesMessageHandler(t *testing.T) {
	w := newWorld(t, Options{})
	created := newEvents[*discordgo.MessageCreate]()
	w.connect(allIntentsWithContent, false, func(_ *discordgo.Session, m *discordgo.MessageCreate) { created.put(m) })
	said, err := w.fake.Say(w.alice.ID, w.channel, fmt.Sprintf("a1 <@%s>", w.fake.Bot().ID))
	if err != nil {
		t.Fatalf("Say: %v", err)
	}
	m := created.next(t, w.ctx)
	if m.ID != said.ID || m.Content != said.Content || m.Author.ID != w.alice.ID || m.GuildID != w.guildID {
		t.Errorf("the bot saw %+v", m.Message)
	}
	if len(m.Mentions) != 1 || m.Mentions[0].ID != w.fake.Bot().ID || m.Member == nil {
		t.Errorf("mentions %+v, member %+v", m.Mentions, m.Member)
	}
	w.noViolations()
}

func TestWithoutMessageContentIntentGuildTextIsEmpty(t *testing.T) {
	w := newWorld(t, Options{})
	created := newEvents[*discordgo.MessageCreate]()
	w.connect(discordgo.IntentsAllWithoutPrivileged, false, func(_ *discordgo.Session, m *discordgo.MessageCreate) { created.put(m) })
	if _, err := w.fake.Say(w.alice.ID, w.channel, "a1"); err != nil {
		t.Fatal(err)
	}
	if m := created.next(t, w.ctx); m.Content != "" {
		t.Errorf("content %q reached a bot without the Message Content intent", m.Content)
	}
	dm, err := w.fake.OpenDM(w.alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.fake.Say(w.alice.ID, dm, "b2"); err != nil {
		t.Fatal(err)
	}
	if m := created.next(t, w.ctx); m.Content != "b2" || m.GuildID != "" {
		t.Errorf("DM %+v; DMs keep their content", m.Message)
	}
	if ids := w.fake.Identifies(); ids[0].MessageContent {
		t.Error("the fake thinks the Message Content intent was asked for")
	}
}

func TestMessageContentIntentNotEnabledClosesTheGateway(t *testing.T) {
	w := newWorld(t, Options{MessageContentDisabled: true})
	s, err := discordgo.New("Bot " + w.fake.Token())
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Transport: w.fake.Transport()}
	s.Identify.Intents = allIntentsWithContent
	s.ShouldReconnectOnError = false
	s.LogLevel = -1
	if err := s.Open(); err == nil {
		t.Error("Open succeeded with a disallowed intent")
	}
	if got := w.violationKinds(); len(got) != 1 || got[0] != GatewayProtocol {
		t.Errorf("violations %v", got)
	}
}

func TestBotMessagesAreCheckedLikeDiscord(t *testing.T) {
	w := newWorld(t, Options{})
	own := newEvents[*discordgo.MessageCreate]()
	s := w.connect(allIntentsWithContent, false, func(_ *discordgo.Session, m *discordgo.MessageCreate) { own.put(m) })
	if _, err := s.ChannelMessageSend(w.channel, "Game 1: your move, Alice."); err != nil {
		t.Fatalf("a good message: %v", err)
	}
	if m := own.next(t, w.ctx); m.Author.ID != w.fake.Bot().ID {
		t.Errorf("the bot does not receive its own message: %+v", m.Message)
	}
	button := func(id string) discordgo.MessageComponent {
		return discordgo.Button{Label: "b", Style: discordgo.PrimaryButton, CustomID: id}
	}
	row := func(n int) discordgo.ActionsRow {
		r := discordgo.ActionsRow{}
		for i := 0; i < n; i++ {
			r.Components = append(r.Components, button(fmt.Sprintf("b%d-%d", n, i)))
		}
		return r
	}
	tests := []struct {
		name string
		send *discordgo.MessageSend
		kind ViolationKind
		code int
	}{
		{"2001 characters", &discordgo.MessageSend{Content: strings.Repeat("é", 2001)}, TooLongContent, CodeInvalidFormBody},
		{"empty", &discordgo.MessageSend{}, EmptyMessage, CodeEmptyMessage},
		{"11 embeds", &discordgo.MessageSend{Embeds: make11Embeds()}, InvalidEmbeds, CodeInvalidFormBody},
		{"6 rows", &discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{row(1), row(2), row(3), row(4), row(5), discordgo.ActionsRow{Components: []discordgo.MessageComponent{button("six")}}}}, InvalidComponents, CodeInvalidFormBody},
		{"6 buttons in a row", &discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{row(6)}}, InvalidComponents, CodeInvalidFormBody},
		{"custom_id of 101", &discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{button(strings.Repeat("i", 101))}}}}, InvalidComponents, CodeInvalidFormBody},
		{"duplicate custom_id", &discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{button("same"), button("same")}}}}, InvalidComponents, CodeInvalidFormBody},
		{"ephemeral in a channel", &discordgo.MessageSend{Content: "x", Flags: discordgo.MessageFlagsEphemeral}, InvalidFormBody, CodeInvalidFormBody},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(w.fake.ViolationsOf(tt.kind))
			_, err := s.ChannelMessageSendComplex(w.channel, tt.send)
			var restErr *discordgo.RESTError
			if !errors.As(err, &restErr) || restErr.Message == nil || restErr.Message.Code != tt.code {
				t.Fatalf("error %v, want code %d", err, tt.code)
			}
			if after := len(w.fake.ViolationsOf(tt.kind)); after != before+1 {
				t.Errorf("%d %s violations, want %d", after, tt.kind, before+1)
			}
		})
	}
}

func make11Embeds() []*discordgo.MessageEmbed {
	var out []*discordgo.MessageEmbed
	for i := 0; i < 11; i++ {
		out = append(out, &discordgo.MessageEmbed{Title: fmt.Sprint(i)})
	}
	return out
}

func TestMissingPermissionAndRefusedDM(t *testing.T) {
	w := newWorld(t, Options{})
	s := w.connect(allIntentsWithContent, false)
	if err := w.fake.Deny(w.channel, PermSendMessages); err != nil {
		t.Fatal(err)
	}
	var restErr *discordgo.RESTError
	if _, err := s.ChannelMessageSend(w.channel, "hello"); !errors.As(err, &restErr) ||
		restErr.Response.StatusCode != http.StatusForbidden || restErr.Message.Code != CodeMissingPermissions {
		t.Errorf("send without Send Messages: %v", err)
	}
	if err := w.fake.SetRefusesDMs(w.bob.ID, true); err != nil {
		t.Fatal(err)
	}
	dm, err := s.UserChannelCreate(w.bob.ID)
	if err != nil {
		t.Fatalf("opening the DM channel works even for a refusing user: %v", err)
	}
	if _, err := s.ChannelMessageSend(dm.ID, "Your move."); !errors.As(err, &restErr) ||
		restErr.Response.StatusCode != http.StatusForbidden || restErr.Message.Code != CodeCannotMessageUser {
		t.Errorf("DM to a refusing user: %v, want 403 code 50007", err)
	}
	dmAlice, err := s.UserChannelCreate(w.alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend(dmAlice.ID, "Your move."); err != nil {
		t.Errorf("DM to Alice: %v", err)
	}
	if msgs := w.fake.Messages(dmAlice.ID); len(msgs) != 1 || msgs[0].Content != "Your move." {
		t.Errorf("Alice's DMs %+v", msgs)
	}
	w.noViolations()
}

// rawPost sends a hand-made request as the bot would.
func (w *world) rawPost(path, contentType string, body []byte) *http.Response {
	w.t.Helper()
	req, err := http.NewRequestWithContext(w.ctx, http.MethodPost, w.fake.URL()+apiPrefix+path, bytes.NewReader(body))
	if err != nil {
		w.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+w.fake.Token())
	req.Header.Set("User-Agent", "DiscordBot (https://example.test, 1)")
	req.Header.Set("Content-Type", contentType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp
}

type formPart struct {
	name, filename, body string
}

func multipartBody(t *testing.T, parts ...formPart) (string, []byte) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		disposition := fmt.Sprintf(`form-data; name="%s"`, p.name)
		if p.filename != "" {
			disposition += fmt.Sprintf(`; filename="%s"`, p.filename)
		}
		h.Set("Content-Disposition", disposition)
		part, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := part.Write([]byte(p.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return mw.FormDataContentType(), buf.Bytes()
}

func TestAttachmentFormChecks(t *testing.T) {
	w := newWorld(t, Options{})
	tests := []struct {
		name   string
		parts  []formPart
		status int
	}{
		{"good form", []formPart{{"payload_json", "", `{"content":"board","attachments":[{"id":0,"filename":"b.png"}]}`}, {"files[0]", "board.png", "PNG"}}, http.StatusOK},
		{"file without filename", []formPart{{"payload_json", "", `{"content":"board"}`}, {"files[0]", "", "PNG"}}, http.StatusBadRequest},
		{"legacy field name", []formPart{{"payload_json", "", `{"content":"board"}`}, {"file", "board.png", "PNG"}}, http.StatusBadRequest},
		{"attachment without its file", []formPart{{"payload_json", "", `{"content":"board","attachments":[{"id":"1"}]}`}, {"files[0]", "board.png", "PNG"}}, http.StatusBadRequest},
		{"duplicate file name", []formPart{{"payload_json", "", `{"content":"board"}`}, {"files[0]", "a.png", "A"}, {"files[0]", "b.png", "B"}}, http.StatusBadRequest},
		{"embed of a missing file", []formPart{{"payload_json", "", `{"embeds":[{"image":{"url":"attachment://other.png"}}]}`}, {"files[0]", "board.png", "PNG"}}, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(w.fake.ViolationsOf(BadAttachmentForm))
			contentType, body := multipartBody(t, tt.parts...)
			resp := w.rawPost("/channels/"+w.channel+"/messages", contentType, body)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			want := before
			if tt.status != http.StatusOK {
				want++
			}
			if after := len(w.fake.ViolationsOf(BadAttachmentForm)); after != want {
				t.Errorf("%d BadAttachmentForm violations, want %d", after, want)
			}
		})
	}
	msgs := w.fake.Messages(w.channel)
	if len(msgs) != 1 || msgs[0].Attachments[0].Filename != "b.png" || string(msgs[0].Attachments[0].Data) != "PNG" {
		t.Errorf("stored messages %+v", msgs)
	}
}
