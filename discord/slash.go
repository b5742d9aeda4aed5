package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Slash commands: each becomes the command line a player would write in a
// mail (commandLine), answered at once with a deferred ephemeral answer;
// /tak rs without a board opens a form, /tak notify is answered by the
// adapter itself, and autocomplete offers the legal moves.

// slash handles /tak.
func (t *Transport) slash(ix *discordgo.Interaction, u *discordgo.User) {
	data := ix.ApplicationCommandData()
	in, ok := readSlash(data)
	if !ok {
		t.dispatch(ix, t.sayEphemeral(ix, fmt.Sprintf("This bot only knows /%s.", rootCommand)), nil)
		return
	}
	if data.Resolved != nil {
		for id, ru := range data.Resolved.Users {
			if ru != nil && ru.ID == id {
				t.learn(ru, data.Resolved.Members[id])
			}
		}
	}
	threadGame, _ := t.mem.gameOf(ix.ChannelID)
	switch in.Sub {
	case notifyName:
		where, _ := in.Values[notifyOption].(string)
		t.dispatch(ix, t.deferEphemeral(ix), func(ctx context.Context) { t.setNotify(ctx, ix, u, where) })
		return
	case helpName:
		t.dispatch(ix, t.sayEphemeral(ix, helpText()), nil)
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
	if in.Sub == challengeName && ix.GuildID != "" {
		if lacks := missingNames(ix.AppPermissions, t.threadPermissions()); lacks != "" {
			t.log.Error("discord: cannot start games in a channel: missing permission", "permission", lacks, "channel", t.channelName(ix.ChannelID))
			t.dispatch(ix, t.sayEphemeral(ix, fmt.Sprintf("Games cannot start in this channel: the bot lacks the %s permission here. Ask a server admin to grant it (or challenge from another channel).", lacks)), nil)
			return
		}
	}
	t.dispatch(ix, t.deferEphemeral(ix), func(ctx context.Context) { t.handleInteraction(ctx, ix, u, text, game, "", originCommand) })
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
	c, text, err := readBoardForm(ix.ModalSubmitData())
	if err != nil || c.User != u.ID {
		t.dispatch(ix, t.sayEphemeral(ix, "This form is no longer in use; send /tak rs again."), nil)
		return
	}
	var rf *refusal
	if errors.As(oneCommand(text), &rf) {
		t.dispatch(ix, t.sayEphemeral(ix, rf.msg), nil)
		return
	}
	t.dispatch(ix, t.deferEphemeral(ix), func(ctx context.Context) { t.handleInteraction(ctx, ix, u, text, c.Game, "", originCommand) })
}

// Autocomplete.

// autocomplete offers the legal moves of the player's game, in their
// notation, that start with what they typed.
func (t *Transport) autocomplete(ix *discordgo.Interaction, u *discordgo.User) {
	ctx, cancel := context.WithTimeout(t.jobCtx, autocompleteBy)
	defer cancel()
	var choices []*discordgo.ApplicationCommandOptionChoice
	threadGame, _ := t.mem.gameOf(ix.ChannelID)
	if focused, typed, game := readAutocomplete(ix.ApplicationCommandData(), threadGame); focused == "move" {
		moves, err := t.ref.MoveChoices(ctx, record.Identity{Transport: Name, Address: u.ID}, game, typed, 25)
		if err != nil {
			t.log.Warn("discord: move choices", "user", u.ID, "game", game, "err", err)
		}
		for _, m := range moves {
			m = cutRunes(m, 100)
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: m, Value: m})
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

// Reading what an interaction asks, before anything is answered: every
// field comes from outside (null, missing or of any JSON type), so these
// readers check each before use.

// readSlash reads /tak's subcommand (or /tak more's) and the values of its
// options; false when the interaction is not exactly one subcommand.
func readSlash(data discordgo.ApplicationCommandInteractionData) (slashInput, bool) {
	if data.Name != rootCommand {
		return slashInput{}, false
	}
	sub := subcommandOf(data)
	if sub == nil {
		return slashInput{}, false
	}
	in := slashInput{Sub: sub.Name, Values: map[string]any{}, Bots: map[string]bool{}}
	for _, o := range sub.Options {
		if o != nil {
			in.Values[o.Name] = o.Value
		}
	}
	if data.Resolved != nil {
		for id, ru := range data.Resolved.Users {
			if ru != nil && ru.Bot {
				in.Bots[id] = true
			}
		}
	}
	return in, true
}

// subcommandOf returns the one subcommand of /tak, or of its group /tak
// more; nil when the interaction is not exactly one.
func subcommandOf(data discordgo.ApplicationCommandInteractionData) *discordgo.ApplicationCommandInteractionDataOption {
	if len(data.Options) != 1 || data.Options[0] == nil {
		return nil
	}
	o := data.Options[0]
	if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup && o.Name == moreGroup {
		if len(o.Options) != 1 || o.Options[0] == nil || !moreCommands[tableName(o.Options[0].Name)] {
			return nil
		}
		o = o.Options[0]
	}
	if o.Type != discordgo.ApplicationCommandOptionSubCommand {
		return nil
	}
	return o
}

// readBoardForm reads the submitted board form: its custom id and the
// command line it sends ("rs", with the pasted board's rows below).
func readBoardForm(data discordgo.ModalSubmitInteractionData) (customID, string, error) {
	c, err := parseCustomID(data.CustomID)
	if err != nil {
		return customID{}, "", err
	}
	if c.Kind != kindBoard {
		return customID{}, "", errNotOurs
	}
	board := ""
	for _, row := range data.Components {
		if r, ok := row.(*discordgo.ActionsRow); ok && r != nil {
			for _, comp := range r.Components {
				if in, ok := comp.(*discordgo.TextInput); ok && in != nil && in.CustomID == modalInput {
					board = in.Value
				}
			}
		}
	}
	text := "rs"
	if rows := boardRows(board); rows != "" {
		text += "\n" + rows
	}
	return c, text, nil
}

// readAutocomplete reads which option of /tak the player is typing in
// ("" if none), what they typed so far, and the game it is for: the one
// its game option names, else threadGame.
func readAutocomplete(data discordgo.ApplicationCommandInteractionData, threadGame string) (focused, typed, game string) {
	game = threadGame
	sub := subcommandOf(data)
	if sub == nil {
		return "", "", game
	}
	for _, o := range sub.Options {
		switch {
		case o == nil:
		case o.Focused:
			focused = o.Name
			typed, _ = o.Value.(string)
		case o.Name == gameOption:
			if g, ok := o.Value.(string); ok {
				if g, ok := normalGameID(g); ok {
					game = g
				}
			}
		}
	}
	return focused, typed, game
}
