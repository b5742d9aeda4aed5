package discord

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Interactions: every interaction is answered at once (Discord allows 3
// seconds): a deferred ephemeral answer for commands, forms and
// confirmed buttons, a form for /tak rs without a board, an ephemeral
// refusal for what the adapter refuses itself, the choices for
// autocomplete. The handling itself (the referee, the store) then runs on
// the lane of the interaction's channel, and the replies come back
// through Send: private ones as ephemeral follow-ups with the
// interaction's token, public ones in the game's thread.

const (
	modalTitle     = "Compare your board"
	modalInput     = "board"
	autocompleteBy = 2 * time.Second // an autocomplete answer after this is useless
)

func (t *Transport) onInteraction(_ *discordgo.Session, e *discordgo.InteractionCreate) {
	ix := e.Interaction
	if ix == nil || !t.mem.firstSight("interaction:"+ix.ID) {
		return // a gateway event seen twice is answered once
	}
	u, member := interactionUser(ix)
	if u == nil || u.Bot {
		return
	}
	t.learn(u, member)
	switch ix.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		go t.autocomplete(ix, u)
	case discordgo.InteractionApplicationCommand:
		t.slash(ix, u)
	case discordgo.InteractionMessageComponent:
		t.click(ix, u)
	case discordgo.InteractionModalSubmit:
		t.submit(ix, u)
	}
}

// interactionUser returns who acted: the member in a server, the user in
// a direct message.
func interactionUser(ix *discordgo.Interaction) (*discordgo.User, *discordgo.Member) {
	if ix.Member != nil && ix.Member.User != nil {
		return ix.Member.User, ix.Member
	}
	return ix.User, nil
}

// displayName is the name Discord shows: the server nickname, else the
// global name, else the username.
func displayName(u *discordgo.User, m *discordgo.Member) string {
	if m != nil && m.Nick != "" {
		return m.Nick
	}
	return u.DisplayName()
}

// learn records a user's names in the directory. Without the member
// (a mention, a direct message) a name already known stays: the server's
// display name is the one players see.
func (t *Transport) learn(u *discordgo.User, m *discordgo.Member) {
	if u == nil || u.Bot || !IsSnowflake(u.ID) {
		return
	}
	name := displayName(u, m)
	if m == nil {
		if known := t.dir.name(u.ID); known != "" {
			name = known
		}
	}
	t.dir.learn(u.ID, userRecord{Name: name, Username: u.Username})
}

// dispatch sends the first answer at once, in its own goroutine, and
// queues the work on the channel's lane; the work runs only once the
// answer went through (a late or refused answer means Discord showed the
// player a failure, and they will try again).
func (t *Transport) dispatch(ix *discordgo.Interaction, answer func() error, work func(ctx context.Context)) {
	answered := make(chan error, 1)
	go func() { answered <- answer() }()
	if work == nil {
		go func() {
			if err := <-answered; err != nil {
				t.log.Warn("discord: answer an interaction", "interaction", ix.ID, "err", err)
			}
		}()
		return
	}
	job := func() {
		if err := <-answered; err != nil {
			t.log.Warn("discord: answer an interaction; not handled", "interaction", ix.ID, "err", err)
			return
		}
		ctx, cancel := context.WithTimeout(t.jobCtx, t.opts.JobTimeout)
		defer cancel()
		work(ctx)
	}
	if !t.lanes.run(ix.ChannelID, job) {
		go func() {
			if <-answered == nil {
				t.followupText(context.Background(), ix, "The bot is restarting; send this again in a minute.")
			}
		}()
	}
}

// The first answers.

func (t *Transport) deferEphemeral(ix *discordgo.Interaction) func() error {
	return func() error {
		return t.s.InteractionRespond(ix, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}})
	}
}

func (t *Transport) sayEphemeral(ix *discordgo.Interaction, text string, components ...discordgo.MessageComponent) func() error {
	return func() error {
		return t.s.InteractionRespond(ix, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: cutRunes(text, MaxMessage), Flags: discordgo.MessageFlagsEphemeral,
				Components: components, AllowedMentions: &discordgo.MessageAllowedMentions{}}})
	}
}

// updateClicked answers a button by taking the buttons off its message
// (they did their work), with new content if given.
func (t *Transport) updateClicked(ix *discordgo.Interaction, content string) func() error {
	return func() error {
		if content == "" && ix.Message != nil {
			content = ix.Message.Content
		}
		data := &discordgo.InteractionResponseData{Content: content, Components: []discordgo.MessageComponent{},
			AllowedMentions: &discordgo.MessageAllowedMentions{}}
		if content == "" {
			data.Content = "…"
		}
		return t.s.InteractionRespond(ix, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data})
	}
}

// followupText sends a private line with an interaction's token.
func (t *Transport) followupText(ctx context.Context, ix *discordgo.Interaction, text string) {
	if _, err := t.s.FollowupMessageCreate(ix, true, &discordgo.WebhookParams{Content: cutRunes(text, MaxMessage),
		Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(ctx)); err != nil {
		t.log.Warn("discord: answer an interaction", "interaction", ix.ID, "err", err)
	}
}

// Handling.

// handleInteraction hands a command to the referee and finishes the
// deferred answer when no reply will; it returns what the referee said.
func (t *Transport) handleInteraction(ctx context.Context, ix *discordgo.Interaction, u *discordgo.User, text, game, moment string, kind originKind) (bot.Outcome, error) {
	o := originRecord{Kind: kind, User: u.ID, Channel: ix.ChannelID, Guild: ix.GuildID, Token: ix.Token, App: ix.AppID, At: t.clock.Now()}
	o.Parent = t.parentOf(ctx, ix.ChannelID, ix.GuildID)
	live := t.mem.setOrigin(ix.ID, o)
	state := append(t.stateWith(keyOrigin+ix.ID, o, u.ID, o.Parent), t.lookUpNames(ctx, ix.GuildID, text)...)
	msg := bot.Message{ID: ix.ID, From: record.Identity{Transport: Name, Address: u.ID}, Name: t.dir.name(u.ID), Text: text,
		Game: game, Moment: moment, Received: snowflakeTime(ix.ID), State: state, Community: community(ix.GuildID)}
	out, err := t.handle(ctx, msg)
	var note string
	switch {
	case errors.Is(err, bot.ErrBadMessage):
		note = "This could not be handled: " + err.Error()
	case err != nil:
		note = "The referee could not record this just now; please send it again in a minute."
	case out.Duplicate:
		note = "This was handled already."
	case out.Dropped && !repliesTo(out.Replies, u.ID):
		note = "The referee did not read this: you have sent more messages in the last hour than it reads from one player. Send it again later."
	case !repliesTo(out.Replies, u.ID) && kind == originCommand:
		note = "Done."
	}
	if note != "" && t.mem.fill(live) {
		t.followupText(ctx, ix, note)
	}
	return out, err
}

// outcomeLine says in a line how the referee took a command sent by a
// confirmed button: the first line of the sender's own reply ("Game over:
// Bob (black) wins by resignation."), or why nothing came.
func outcomeLine(out bot.Outcome, err error, user string) string {
	switch {
	case errors.Is(err, bot.ErrBadMessage):
		return "not handled: " + err.Error()
	case err != nil:
		return "the referee could not record it just now; please send it again in a minute."
	case out.Duplicate:
		return "handled already."
	}
	for _, r := range out.Replies {
		if r.To.Transport != Name || r.To.Address != user {
			continue
		}
		for _, p := range r.Parts {
			if p.Kind == record.Prose {
				line, _, _ := strings.Cut(p.Text, "\n")
				return line
			}
		}
	}
	return "done."
}

// repliesTo reports whether a Discord user gets one of the replies.
func repliesTo(rs []record.Reply, user string) bool {
	for _, r := range rs {
		if r.To.Transport == Name && r.To.Address == user {
			return true
		}
	}
	return false
}

// stateWith is the adapter state written with a message: its origin, the
// sender's names and home channel when they changed.
func (t *Transport) stateWith(originKey string, o originRecord, user, home string) []bot.StateWrite {
	ws := []bot.StateWrite{write(originKey, o)}
	if name := t.dir.name(user); name != "" {
		ws = append(ws, t.userWrites(user)...)
	}
	// The lobby (lobby.go) is no player's home: games get no thread there.
	if home != "" && home != t.cfg.Lobby && t.mem.pref(keyHome+user) != home {
		t.mem.setPref(keyHome+user, home)
		ws = append(ws, bot.StateWrite{Key: keyHome + user, Value: []byte(home)})
	}
	return ws
}

// userWrites stores a user's names when the stored ones differ.
func (t *Transport) userWrites(user string) []bot.StateWrite {
	u, ok := t.dir.record(user)
	if !ok {
		return nil
	}
	stored := keyUser + user
	if t.mem.pref(stored) == u.Name+"\x00"+u.Username {
		return nil
	}
	t.mem.setPref(stored, u.Name+"\x00"+u.Username)
	return []bot.StateWrite{write(stored, u)}
}

// handle calls the referee, trying again a few times when the store
// fails for a moment.
func (t *Transport) handle(ctx context.Context, msg bot.Message) (bot.Outcome, error) {
	wait := 200 * time.Millisecond
	for attempt := 1; ; attempt++ {
		out, err := t.ref.Handle(ctx, msg)
		if err == nil || errors.Is(err, bot.ErrBadMessage) || attempt == 3 || ctx.Err() != nil {
			if err != nil {
				t.log.Warn("discord: the referee could not handle a message", "id", msg.ID, "from", msg.From.Key(), "err", err)
			}
			return out, err
		}
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait *= 4
	}
}
