package discord

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Buttons: a click is checked against the user its custom_id names (a
// click by anyone else is refused, privately, without reaching the
// referee); a resignation asks first; a confirmed click answers by
// taking the buttons off their message and hands the command to the
// referee.

// click handles a button.
func (t *Transport) click(ix *discordgo.Interaction, u *discordgo.User) {
	c, err := parseCustomID(ix.MessageComponentData().CustomID)
	if err != nil || c.Kind == kindBoard {
		t.dispatch(ix, t.sayEphemeral(ix, "This button is no longer in use."), nil)
		return
	}
	if c.User == anyoneUser { // a lobby's Accept: whoever clicks takes it
		t.dispatch(ix, t.deferEphemeral(ix), func(ctx context.Context) {
			t.handleInteraction(ctx, ix, u, c.Command, c.Game, c.Moment, originCommand)
		})
		return
	}
	if c.User != u.ID {
		t.dispatch(ix, t.sayEphemeral(ix, fmt.Sprintf("These buttons are for %s; only they can use them. Your own commands are under /%s.", mention(c.User), rootCommand)), nil)
		return
	}
	switch c.Kind {
	case kindShow: // privately, the post keeps its buttons
		t.dispatch(ix, t.deferEphemeral(ix), func(ctx context.Context) {
			t.handleInteraction(ctx, ix, u, c.Command, c.Game, c.Moment, originCommand)
		})
	case kindAsk:
		yes, _ := customID{Kind: kindYes, User: c.User, Game: c.Game, Moment: c.Moment, Command: c.Command}.encode()
		no, _ := customID{Kind: kindNo, User: c.User, Game: c.Game, Moment: c.Moment, Command: c.Command}.encode()
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
			out, err := t.handleInteraction(ctx, ix, u, c.Command, c.Game, c.Moment, originButton)
			if c.Kind == kindYes { // the interim "Sending …" says how it went
				done := escapeMarkdown(fmt.Sprintf("Sent %q%s: %s", c.Command, inGame(c.Game), outcomeLine(out, err, u.ID)))
				done = cutRunes(done, MaxMessage)
				if _, err := t.s.InteractionResponseEdit(ix, &discordgo.WebhookEdit{Content: &done}, discordgo.WithContext(ctx)); err != nil {
					t.log.Debug("discord: say how a confirmed command went", "interaction", ix.ID, "err", err)
				}
			}
		})
	}
}

// clickedLabel is the label of the button pressed.
func clickedLabel(ix *discordgo.Interaction) string {
	id := ix.MessageComponentData().CustomID
	if ix.Message != nil {
		for _, row := range ix.Message.Components {
			if r, ok := row.(*discordgo.ActionsRow); ok && r != nil {
				for _, comp := range r.Components {
					if b, ok := comp.(*discordgo.Button); ok && b != nil && b.CustomID == id && b.Label != "" {
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
