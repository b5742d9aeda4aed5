package discordfake

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// registerTak registers the /tak command in the world's guild.
func (w *world) registerTak(s *discordgo.Session) {
	w.t.Helper()
	if _, err := s.ApplicationCommandBulkOverwrite(w.fake.ApplicationID(), w.guildID, []*discordgo.ApplicationCommand{takCommand()}); err != nil {
		w.t.Fatalf("register: %v", err)
	}
}

// connectAnswering connects a bot that answers interactions of one type
// with answer; its errors arrive on the returned events.
func (w *world) connectAnswering(typ discordgo.InteractionType, answer func(*discordgo.Session, *discordgo.InteractionCreate) error) (*discordgo.Session, *events[error]) {
	w.t.Helper()
	errs := newEvents[error]()
	s := w.connect(allIntentsWithContent, false, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if i.Type == typ {
			errs.put(answer(s, i))
		}
	})
	return s, errs
}

// replyOnceAnswered waits for the bot's handler to finish without error,
// then for the reply the user sees.
func (w *world) replyOnceAnswered(errs *events[error], ix *Interaction) Message {
	w.t.Helper()
	if err := errs.next(w.t, w.ctx); err != nil {
		w.t.Fatalf("bot: %v", err)
	}
	reply, err := ix.Reply(w.ctx)
	if err != nil {
		w.t.Fatalf("Reply: %v", err)
	}
	return reply
}

// resignAsAlice connects a bot that does not answer by itself, sends
// "/tak resign" as Alice and returns the session and the interaction the bot
// received.
func (w *world) resignAsAlice() (*discordgo.Session, *discordgo.Interaction) {
	w.t.Helper()
	interactions := newEvents[*discordgo.Interaction]()
	s := w.connect(allIntentsWithContent, false, func(_ *discordgo.Session, i *discordgo.InteractionCreate) { interactions.put(i.Interaction) })
	w.registerTak(s)
	if _, err := w.fake.Slash(w.ctx, w.alice.ID, w.channel, "tak", Sub("resign")); err != nil {
		w.t.Fatalf("Slash: %v", err)
	}
	return s, interactions.next(w.t, w.ctx)
}

// boardPNG is a 40x30 PNG kept in testdata, so that its bytes do not
// depend on the encoder of the Go release.
func boardPNG(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "board.png"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestSlashDeferredThenFollowupWithPNG(t *testing.T) {
	w := newWorld(t, Options{})
	board := boardPNG(t)
	errs := newEvents[error]()
	seen := newEvents[discordgo.ApplicationCommandInteractionData]()
	s := w.connect(allIntentsWithContent, false, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		seen.put(i.ApplicationCommandData())
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
			errs.put(err)
			return
		}
		_, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{
			Content: "Game 1 starts. Alice plays white.",
			Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
		})
		errs.put(err)
	})
	w.registerTak(s)
	ix, err := w.fake.Slash(w.ctx, w.alice.ID, w.channel, "tak", Sub("new", Opt("opponent", w.bob.ID), Opt("size", 6)))
	if err != nil {
		t.Fatalf("Slash: %v", err)
	}
	data := seen.next(t, w.ctx)
	sub := data.Options[0]
	if data.Name != "tak" || sub.Name != "new" || sub.GetOption("size").IntValue() != 6 ||
		sub.GetOption("opponent").UserValue(nil).ID != w.bob.ID || data.Resolved.Users[w.bob.ID] == nil {
		t.Errorf("the bot saw %+v", data)
	}
	reply := w.replyOnceAnswered(errs, ix)
	if reply.Content != "Game 1 starts. Alice plays white." || reply.Loading || reply.Ephemeral {
		t.Errorf("reply %+v", reply)
	}
	if len(reply.Attachments) != 1 || !bytes.Equal(reply.Attachments[0].Data, board) ||
		reply.Attachments[0].Width != 40 || reply.Attachments[0].ContentType != "image/png" {
		t.Errorf("attachments %+v", reply.Attachments)
	}
	if cb, _ := ix.Callback(w.ctx); cb.Type != CallbackDeferredChannelMessage {
		t.Errorf("callback type %d", cb.Type)
	}
	w.noViolations()
}

func TestButtonClickAnsweredWithUpdate(t *testing.T) {
	w := newWorld(t, Options{})
	s, errs := w.connectAnswering(discordgo.InteractionMessageComponent, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if i.MessageComponentData().CustomID != "accept:1" || i.Member.User.ID != w.bob.ID {
			return errors.New("unexpected click")
		}
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "Bob accepted.", Components: []discordgo.MessageComponent{}},
		})
	})
	challenge, err := s.ChannelMessageSendComplex(w.channel, &discordgo.MessageSend{
		Content: "Alice challenges Bob.",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: "accept:1"},
			discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://ustak.org/play-beautiful-game-tak/"},
		}}},
	})
	if err != nil {
		t.Fatalf("send: %v", err)
	}
	if _, err := w.fake.Click(w.ctx, w.bob.ID, challenge.ID, "rules"); !errors.Is(err, ErrUnknownComponent) {
		t.Errorf("clicking a missing button: %v", err)
	}
	ix, err := w.fake.Click(w.ctx, w.bob.ID, challenge.ID, "accept:1")
	if err != nil {
		t.Fatalf("Click: %v", err)
	}
	reply := w.replyOnceAnswered(errs, ix)
	if reply.ID != challenge.ID || reply.Content != "Bob accepted." || len(reply.Components) != 0 || reply.EditedAt.IsZero() {
		t.Errorf("updated message %+v", reply)
	}
	w.noViolations()
}

func TestModalSubmit(t *testing.T) {
	w := newWorld(t, Options{})
	errs := newEvents[error]()
	submitted := newEvents[discordgo.ModalSubmitInteractionData]()
	s := w.connect(allIntentsWithContent, false, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			errs.put(s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: "resign:1", Title: "Resign game 1?",
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.TextInput{CustomID: "reason", Label: "Why", Style: discordgo.TextInputParagraph, Required: true, MaxLength: 200},
					}}}},
			}))
		case discordgo.InteractionModalSubmit:
			submitted.put(i.ModalSubmitData())
			errs.put(s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "Alice resigned.", Flags: discordgo.MessageFlagsEphemeral},
			}))
		}
	})
	w.registerTak(s)
	ix, err := w.fake.Slash(w.ctx, w.alice.ID, w.channel, "tak", Sub("resign"))
	if err != nil {
		t.Fatalf("Slash: %v", err)
	}
	if err := errs.next(t, w.ctx); err != nil {
		t.Fatalf("bot: %v", err)
	}
	modal, err := ix.Modal(w.ctx)
	if err != nil || modal.Title != "Resign game 1?" || len(modal.Inputs) != 1 {
		t.Fatalf("modal %+v, %v", modal, err)
	}
	if _, err := w.fake.SubmitModal(w.ctx, w.alice.ID, "resign:1", map[string]string{}); !errors.Is(err, ErrBadModalInput) {
		t.Errorf("submitting without the required input: %v", err)
	}
	if _, err := w.fake.SubmitModal(w.ctx, w.bob.ID, "resign:1", map[string]string{"reason": "x"}); !errors.Is(err, ErrNoModal) {
		t.Errorf("Bob submitting Alice's modal: %v", err)
	}
	sub, err := w.fake.SubmitModal(w.ctx, w.alice.ID, "resign:1", map[string]string{"reason": "lost the road"})
	if err != nil {
		t.Fatalf("SubmitModal: %v", err)
	}
	data := submitted.next(t, w.ctx)
	input := data.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput)
	if data.CustomID != "resign:1" || input.Value != "lost the road" {
		t.Errorf("the bot saw %+v", data)
	}
	if err := errs.next(t, w.ctx); err != nil {
		t.Fatalf("bot: %v", err)
	}
	reply, err := sub.Reply(w.ctx)
	if err != nil || reply.Content != "Alice resigned." || !reply.Ephemeral || reply.VisibleTo != w.alice.ID {
		t.Errorf("reply %+v, %v", reply, err)
	}
	w.noViolations()
}

func TestAutocompleteChoices(t *testing.T) {
	w := newWorld(t, Options{})
	s, errs := w.connectAnswering(discordgo.InteractionApplicationCommandAutocomplete, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		game := i.ApplicationCommandData().Options[0].GetOption("game")
		if !game.Focused || game.StringValue() != "g" {
			return errors.New("the focused option is wrong")
		}
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "g1 vs Bob", Value: "g1"}, {Name: "g2 vs Carol", Value: "g2"},
			}},
		})
	})
	w.registerTak(s)
	ix, err := w.fake.Autocomplete(w.ctx, w.alice.ID, w.channel, "tak", Sub("move", Focus("game", "g")))
	if err != nil {
		t.Fatalf("Autocomplete: %v", err)
	}
	if err := errs.next(t, w.ctx); err != nil {
		t.Fatalf("bot: %v", err)
	}
	choices, err := ix.Choices(w.ctx)
	if err != nil || len(choices) != 2 || choices[1].Value != "g2" {
		t.Errorf("choices %+v, %v", choices, err)
	}
	w.noViolations()
}

func TestSlashChecksOptionsLikeTheClient(t *testing.T) {
	w := newWorld(t, Options{})
	s := w.connect(allIntentsWithContent, false)
	w.registerTak(s)
	tests := []struct {
		name    string
		command string
		options []Option
		want    error
	}{
		{"unknown command", "chess", nil, ErrUnknownCommand},
		{"missing subcommand", "tak", nil, ErrBadOptions},
		{"missing required option", "tak", []Option{Sub("new")}, ErrBadOptions},
		{"below min_value", "tak", []Option{Sub("new", Opt("opponent", w.bob.ID), Opt("size", 2))}, ErrBadOptions},
		{"not a choice", "tak", []Option{Sub("new", Opt("opponent", w.bob.ID), Opt("color", "green"))}, ErrBadOptions},
		{"wrong type", "tak", []Option{Sub("new", Opt("opponent", w.bob.ID), Opt("size", "six"))}, ErrBadOptions},
		{"unknown user", "tak", []Option{Sub("new", Opt("opponent", "42"))}, ErrBadOptions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := w.fake.Slash(w.ctx, w.alice.ID, w.channel, tt.command, tt.options...); !errors.Is(err, tt.want) {
				t.Errorf("Slash: %v, want %v", err, tt.want)
			}
		})
	}
}

// TestLateFirstAnswer holds the bot's answer until the fake's clock has
// moved 4 seconds past the delivery.
func TestLateFirstAnswer(t *testing.T) {
	clock := NewManualClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	w := newWorld(t, Options{Clock: clock})
	proceed := make(chan struct{})
	s, errs := w.connectAnswering(discordgo.InteractionApplicationCommand, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		<-proceed
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "too late"}})
	})
	w.registerTak(s)
	if _, err := w.fake.Slash(w.ctx, w.alice.ID, w.channel, "tak", Sub("resign")); err != nil {
		t.Fatalf("Slash: %v", err)
	}
	clock.Advance(4 * time.Second)
	close(proceed)
	var restErr *discordgo.RESTError
	if err := errs.next(t, w.ctx); !errors.As(err, &restErr) || restErr.Message.Code != CodeUnknownInteraction {
		t.Fatalf("late answer: %v, want Unknown interaction", err)
	}
	if got := w.violationKinds(); len(got) != 1 || got[0] != LateResponse {
		t.Errorf("violations %v, want [%s]", got, LateResponse)
	}
}

func TestAnsweringTwiceAndExpiredToken(t *testing.T) {
	clock := NewManualClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	w := newWorld(t, Options{Clock: clock})
	s, i := w.resignAsAlice()
	answer := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "You resigned."}}
	if err := s.InteractionRespond(i, answer); err != nil {
		t.Fatalf("first answer: %v", err)
	}
	var restErr *discordgo.RESTError
	if err := s.InteractionRespond(i, answer); !errors.As(err, &restErr) || restErr.Message.Code != CodeAlreadyAcknowledged {
		t.Errorf("second answer: %v", err)
	}
	if _, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "Within 15 minutes."}); err != nil {
		t.Errorf("follow-up in time: %v", err)
	}
	clock.Advance(16 * time.Minute)
	if _, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "Too late."}); !errors.As(err, &restErr) || restErr.Message.Code != CodeInvalidWebhookToken {
		t.Errorf("follow-up after 16 minutes: %v", err)
	}
	if got := w.violationKinds(); len(got) != 2 || got[0] != DoubleResponse || got[1] != ExpiredToken {
		t.Errorf("violations %v", got)
	}
}

func TestWrongCallbackTypeAndFollowupBeforeAnswer(t *testing.T) {
	w := newWorld(t, Options{})
	s, i := w.resignAsAlice()
	if _, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "early"}); err == nil {
		t.Error("a follow-up before any answer succeeded")
	}
	err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: "no message to update"}})
	if err == nil {
		t.Error("UPDATE_MESSAGE answered a slash command")
	}
	if got := w.violationKinds(); len(got) != 2 || got[0] != FollowupBeforeResponse || got[1] != WrongCallbackType {
		t.Errorf("violations %v", got)
	}
}

func TestSelectAnsweredWithDeferredUpdateThenEdit(t *testing.T) {
	w := newWorld(t, Options{})
	minValues, maxValues := 1, 1
	s, errs := w.connectAnswering(discordgo.InteractionMessageComponent, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		values := i.MessageComponentData().Values
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
			return err
		}
		content := "Size " + values[0] + " chosen."
		_, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content, Components: &[]discordgo.MessageComponent{}})
		return err
	})
	menu, err := s.ChannelMessageSendComplex(w.channel, &discordgo.MessageSend{
		Content: "Pick a size",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: "size", MinValues: &minValues, MaxValues: maxValues, Options: []discordgo.SelectMenuOption{
				{Label: "5x5", Value: "5"}, {Label: "6x6", Value: "6"}}},
		}}},
	})
	if err != nil {
		t.Fatalf("send: %v", err)
	}
	if _, err := w.fake.Select(w.ctx, w.alice.ID, menu.ID, "size", "9"); !errors.Is(err, ErrBadOptions) {
		t.Errorf("selecting a value that is not offered: %v", err)
	}
	ix, err := w.fake.Select(w.ctx, w.alice.ID, menu.ID, "size", "6")
	if err != nil {
		t.Fatalf("Select: %v", err)
	}
	reply := w.replyOnceAnswered(errs, ix)
	if reply.ID != menu.ID || reply.Content != "Size 6 chosen." || len(reply.Components) != 0 {
		t.Errorf("reply %+v", reply)
	}
	w.noViolations()
}

func TestFollowupEditGetDeleteAndCDN(t *testing.T) {
	w := newWorld(t, Options{})
	s, i := w.resignAsAlice()
	board := boardPNG(t)
	if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "Resigned.",
			Files: []*discordgo.File{{Name: "final.png", Reader: bytes.NewReader(board)}}}}); err != nil {
		t.Fatalf("answer with a file: %v", err)
	}
	original, err := s.InteractionResponse(i)
	if err != nil || original.Content != "Resigned." || len(original.Attachments) != 1 || original.Attachments[0].ContentType != "image/png" {
		t.Fatalf("@original %+v, %v", original, err)
	}
	resp, err := s.Client.Get(original.Attachments[0].URL)
	if err != nil {
		t.Fatalf("CDN: %v", err)
	}
	got, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil || !bytes.Equal(got, board) {
		t.Errorf("CDN served %d bytes, %v", len(got), err)
	}
	follow, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "Good game.", Flags: discordgo.MessageFlagsEphemeral})
	if err != nil || follow.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("ephemeral follow-up %+v, %v", follow, err)
	}
	edited := "Good game!"
	if m, err := s.FollowupMessageEdit(i, follow.ID, &discordgo.WebhookEdit{Content: &edited}); err != nil || m.Content != edited {
		t.Errorf("edit follow-up %+v, %v", m, err)
	}
	if err := s.FollowupMessageDelete(i, follow.ID); err != nil {
		t.Errorf("delete follow-up: %v", err)
	}
	if m, ok := w.fake.Message(follow.ID); !ok || !m.Deleted || m.VisibleTo != w.alice.ID {
		t.Errorf("deleted follow-up %+v", m)
	}
	w.noViolations()
}

func TestUnansweredInteractionAndNoBot(t *testing.T) {
	clock := NewManualClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	w := newWorld(t, Options{Clock: clock})
	if _, err := w.fake.Slash(w.ctx, w.alice.ID, w.channel, "tak"); !errors.Is(err, ErrNotConnected) {
		t.Errorf("Slash without a bot: %v", err)
	}
	w.resignAsAlice()
	if got := w.violationKinds(); len(got) != 0 {
		t.Fatalf("violations %v before the deadline", got)
	}
	clock.Advance(ResponseDeadline + time.Millisecond)
	if got := w.violationKinds(); len(got) != 1 || got[0] != NoResponse {
		t.Errorf("violations %v, want [%s]", got, NoResponse)
	}
	if n := len(w.fake.UnansweredInteractions()); n != 1 {
		t.Errorf("%d unanswered interactions", n)
	}
}
