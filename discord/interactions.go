package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
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

// Slash commands.

func (t *Transport) slash(ix *discordgo.Interaction, u *discordgo.User) {
	data := ix.ApplicationCommandData()
	if data.Name != rootCommand || len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		t.dispatch(ix, t.sayEphemeral(ix, fmt.Sprintf("This bot only knows /%s.", rootCommand)), nil)
		return
	}
	sub := data.Options[0]
	in := slashInput{Sub: sub.Name, Values: map[string]any{}, Bots: map[string]bool{}}
	for _, o := range sub.Options {
		in.Values[o.Name] = o.Value
	}
	if data.Resolved != nil {
		for id, ru := range data.Resolved.Users {
			if ru.Bot {
				in.Bots[id] = true
			}
			t.learn(ru, data.Resolved.Members[id])
		}
	}
	threadGame, _ := t.mem.gameOf(ix.ChannelID)
	switch sub.Name {
	case notifyName:
		where, _ := in.Values[notifyOption].(string)
		t.dispatch(ix, t.deferEphemeral(ix), func(ctx context.Context) { t.setNotify(ctx, ix, u, where) })
		return
	case "rs":
		if b, _ := in.Values[boardOption].(string); strings.TrimSpace(b) == "" {
			game := threadGame
			if g, ok := in.Values[gameOption].(string); ok {
				game, _ = normalGameID(g)
			}
			t.dispatch(ix, t.boardForm(ix, u, game), nil)
			return
		}
	}
	text, game, err := commandLine(in)
	var rf *refusal
	if errors.As(err, &rf) {
		t.dispatch(ix, t.sayEphemeral(ix, rf.msg), nil)
		return
	}
	if game == "" {
		game = threadGame
	}
	if sub.Name == challengeName && ix.GuildID != "" {
		if lacks := missingNames(ix.AppPermissions, t.threadPermissions()); lacks != "" {
			t.log.Error("discord: cannot start games in a channel: missing permission", "permission", lacks, "channel", t.channelName(ix.ChannelID))
			t.dispatch(ix, t.sayEphemeral(ix, fmt.Sprintf("Games cannot start in this channel: the bot lacks the %s permission here. Ask a server admin to grant it (or challenge from another channel).", lacks)), nil)
			return
		}
	}
	t.dispatch(ix, t.deferEphemeral(ix), func(ctx context.Context) { t.handleInteraction(ctx, ix, u, text, game, originCommand) })
}

// boardForm answers /tak rs without a board with a form to paste it in.
func (t *Transport) boardForm(ix *discordgo.Interaction, u *discordgo.User, game string) func() error {
	id, _ := customID{Kind: kindBoard, User: u.ID, Game: game}.encode()
	return func() error {
		return t.s.InteractionRespond(ix, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{CustomID: id, Title: modalTitle, Components: []discordgo.MessageComponent{
				discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{
					CustomID: modalInput, Label: "Your board, north row first", Style: discordgo.TextInputParagraph,
					Placeholder: "One row per line, stacks top first, 0 for empty. Leave empty to see the sync board.",
					Required:    false, MaxLength: 4000,
				}}},
			}}})
	}
}

// submit handles the board form.
func (t *Transport) submit(ix *discordgo.Interaction, u *discordgo.User) {
	data := ix.ModalSubmitData()
	c, err := parseCustomID(data.CustomID)
	if err != nil || c.Kind != kindBoard || c.User != u.ID {
		t.dispatch(ix, t.sayEphemeral(ix, "This form is no longer in use; send /tak rs again."), nil)
		return
	}
	board := ""
	for _, row := range data.Components {
		if r, ok := row.(*discordgo.ActionsRow); ok {
			for _, comp := range r.Components {
				if in, ok := comp.(*discordgo.TextInput); ok && in.CustomID == modalInput {
					board = in.Value
				}
			}
		}
	}
	text := "rs"
	if rows := boardRows(board); rows != "" {
		text += "\n" + rows
	}
	var rf *refusal
	if errors.As(oneCommand(text), &rf) {
		t.dispatch(ix, t.sayEphemeral(ix, rf.msg), nil)
		return
	}
	t.dispatch(ix, t.deferEphemeral(ix), func(ctx context.Context) { t.handleInteraction(ctx, ix, u, text, c.Game, originCommand) })
}

// Buttons.

func (t *Transport) click(ix *discordgo.Interaction, u *discordgo.User) {
	c, err := parseCustomID(ix.MessageComponentData().CustomID)
	if err != nil || c.Kind == kindBoard {
		t.dispatch(ix, t.sayEphemeral(ix, "This button is no longer in use."), nil)
		return
	}
	if c.User != u.ID {
		t.dispatch(ix, t.sayEphemeral(ix, fmt.Sprintf("These buttons are for %s; only they can use them. Your own commands are under /%s.", mention(c.User), rootCommand)), nil)
		return
	}
	switch c.Kind {
	case kindAsk:
		yes, _ := customID{Kind: kindYes, User: c.User, Game: c.Game, Command: c.Command}.encode()
		no, _ := customID{Kind: kindNo, User: c.User, Game: c.Game, Command: c.Command}.encode()
		label := clickedLabel(ix)
		question := fmt.Sprintf("%s%s? This cannot be undone.", label, inGame(c.Game))
		t.dispatch(ix, t.sayEphemeral(ix, escapeMarkdown(question), discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: cutRunes("Yes, "+strings.ToLower(label), maxButtonLabel), Style: discordgo.DangerButton, CustomID: yes},
			discordgo.Button{Label: "No", Style: discordgo.SecondaryButton, CustomID: no},
		}}), nil)
	case kindNo:
		t.dispatch(ix, t.updateClicked(ix, "Nothing was sent."), nil)
	default:
		content := ""
		if c.Kind == kindYes {
			content = escapeMarkdown(fmt.Sprintf("Sending %q%s…", c.Command, inGame(c.Game)))
		}
		t.dispatch(ix, t.updateClicked(ix, content), func(ctx context.Context) {
			t.handleInteraction(ctx, ix, u, c.Command, c.Game, originButton)
		})
	}
}

// clickedLabel is the label of the button pressed.
func clickedLabel(ix *discordgo.Interaction) string {
	id := ix.MessageComponentData().CustomID
	if ix.Message != nil {
		for _, row := range ix.Message.Components {
			if r, ok := row.(*discordgo.ActionsRow); ok {
				for _, comp := range r.Components {
					if b, ok := comp.(*discordgo.Button); ok && b.CustomID == id && b.Label != "" {
						return b.Label
					}
				}
			}
		}
	}
	return "Send this"
}

func inGame(game string) string {
	if game == "" {
		return ""
	}
	return " in game " + game
}

// Autocomplete.

// autocomplete offers the legal moves of the player's game, in their
// notation, that start with what they typed.
func (t *Transport) autocomplete(ix *discordgo.Interaction, u *discordgo.User) {
	ctx, cancel := context.WithTimeout(t.jobCtx, autocompleteBy)
	defer cancel()
	data := ix.ApplicationCommandData()
	var choices []*discordgo.ApplicationCommandOptionChoice
	if len(data.Options) == 1 {
		sub := data.Options[0]
		game, _ := t.mem.gameOf(ix.ChannelID)
		typed, focused := "", ""
		for _, o := range sub.Options {
			if o.Focused {
				focused = o.Name
				typed, _ = o.Value.(string)
			} else if o.Name == gameOption {
				if g, ok := normalGameID(fmt.Sprint(o.Value)); ok {
					game = g
				}
			}
		}
		if focused == "move" {
			moves, err := t.ref.MoveChoices(ctx, bot.Identity{Transport: Name, Address: u.ID}, game, typed, 25)
			if err != nil {
				t.log.Warn("discord: move choices", "user", u.ID, "game", game, "err", err)
			}
			for _, m := range moves {
				m = cutRunes(m, 100)
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: m, Value: m})
			}
		}
	}
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	err := t.s.InteractionRespond(ix, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}}, discordgo.WithContext(ctx))
	if err != nil {
		t.log.Warn("discord: answer an autocomplete", "interaction", ix.ID, "err", err)
	}
}

// Handling.

// handleInteraction hands a command to the referee and finishes the
// deferred answer when no reply will.
func (t *Transport) handleInteraction(ctx context.Context, ix *discordgo.Interaction, u *discordgo.User, text, game string, kind originKind) {
	o := originRecord{Kind: kind, User: u.ID, Channel: ix.ChannelID, Guild: ix.GuildID, Token: ix.Token, App: ix.AppID, At: t.clock.Now()}
	o.Parent = t.parentOf(ctx, ix.ChannelID, ix.GuildID)
	live := t.mem.setOrigin(ix.ID, o)
	msg := bot.Message{ID: ix.ID, From: bot.Identity{Transport: Name, Address: u.ID}, Name: t.dir.name(u.ID), Text: text,
		Game: game, Received: snowflakeTime(ix.ID), State: t.stateWith(keyOrigin+ix.ID, o, u.ID, o.Parent)}
	out, err := t.handle(ctx, msg)
	var note string
	switch {
	case errors.Is(err, bot.ErrBadMessage):
		note = "This could not be handled: " + err.Error()
	case err != nil:
		note = "The referee could not record this just now; please send it again in a minute."
	case out.Duplicate:
		note = "This was handled already."
	case !repliesTo(out.Replies, u.ID) && kind == originCommand:
		note = "Done."
	}
	if note != "" && t.mem.fill(live) {
		t.followupText(ctx, ix, note)
	}
}

// repliesTo reports whether a Discord user gets one of the replies.
func repliesTo(rs []bot.Reply, user string) bool {
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
	if home != "" && t.mem.pref(keyHome+user) != home {
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

// setNotify records how a player wants turn pings.
func (t *Transport) setNotify(ctx context.Context, ix *discordgo.Interaction, u *discordgo.User, where string) {
	var ws []bot.StateWrite
	var text string
	switch where {
	case "dm":
		ws = []bot.StateWrite{{Key: keyNotify + u.ID, Value: []byte("dm")}, {Key: keyDMFail + u.ID, Delete: true}}
		text = "From now on the bot sends you a direct message when it is your turn (and for reminders and results), instead of mentioning you in the game's thread. If Discord refuses direct messages to you, it mentions you in the thread again and says so."
	default:
		ws = []bot.StateWrite{{Key: keyNotify + u.ID, Delete: true}, {Key: keyDMFail + u.ID, Delete: true}}
		text = "From now on the bot mentions you in the game's thread when it is your turn."
	}
	if err := t.putState(ctx, ws...); err != nil {
		t.log.Warn("discord: record a notify preference", "user", u.ID, "err", err)
		t.followupText(ctx, ix, "The bot could not record this just now; please try again in a minute.")
		return
	}
	t.mem.setPref(keyDMFail+u.ID, "")
	if where == "dm" {
		t.mem.setPref(keyNotify+u.ID, "dm")
	} else {
		t.mem.setPref(keyNotify+u.ID, "")
	}
	t.followupText(ctx, ix, text)
}
