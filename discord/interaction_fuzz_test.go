package discord

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
)

// FuzzInteraction feeds the body of an INTERACTION_CREATE, as the gateway
// delivers it, through discordgo's decoding and every reader the adapter
// applies before it answers: the slash command's options and the command
// line they make, autocomplete's focused option and game, a button's
// custom id and label, the board form. Whatever the payload, nothing
// panics, a refusal is a *refusal, and what reaches the referee is exactly
// one command. The seeds in testdata/fuzz/FuzzInteraction are interactions
// as the fake Discord sends them for the bot's own commands, buttons and
// form.
func FuzzInteraction(f *testing.F) {
	f.Fuzz(func(t *testing.T, payload []byte) {
		var e discordgo.InteractionCreate
		if json.Unmarshal(payload, &e) != nil || e.Interaction == nil {
			return
		}
		ix := e.Interaction
		u, m := interactionUser(ix)
		if u == nil {
			return
		}
		displayName(u, m)
		switch ix.Type {
		case discordgo.InteractionApplicationCommand:
			in, ok := readSlash(ix.ApplicationCommandData())
			if !ok {
				return
			}
			text, game, err := commandLine(in)
			if err != nil {
				checkRefusal(t, err)
				return
			}
			checkOneCommand(t, text, in.Sub == "rs")
			if game != "" && !gameIDShaped(game) {
				t.Fatalf("/tak %s names the game %q", in.Sub, game)
			}
		case discordgo.InteractionApplicationCommandAutocomplete:
			focused, _, game := readAutocomplete(ix.ApplicationCommandData(), "g1")
			if game != "g1" && !gameIDShaped(game) {
				t.Fatalf("autocomplete of %q for the game %q", focused, game)
			}
		case discordgo.InteractionMessageComponent:
			id := ix.MessageComponentData().CustomID
			if label := clickedLabel(ix); label == "" {
				t.Fatal("a button without a label")
			}
			c, err := parseCustomID(id)
			if err != nil {
				return
			}
			if back, ok := c.encode(); !ok || back != id {
				t.Fatalf("custom id %q reads as %+v, which writes %q", id, c, back)
			}
		case discordgo.InteractionModalSubmit:
			c, text, err := readBoardForm(ix.ModalSubmitData())
			if err != nil {
				return
			}
			if c.Kind != kindBoard || !strings.HasPrefix(text, "rs") {
				t.Fatalf("the form %+v sends %q", c, text)
			}
			if err := oneCommand(text); err != nil {
				checkRefusal(t, err)
				return
			}
			checkOneCommand(t, text, true)
		}
	})
}

// checkRefusal fails unless err is the adapter's own refusal, with a text
// fit to show the player.
func checkRefusal(t *testing.T, err error) {
	t.Helper()
	var rf *refusal
	if !errors.As(err, &rf) {
		t.Fatalf("%v is no refusal", err)
	}
	if rf.msg == "" || !utf8.ValidString(rf.msg) {
		t.Fatalf("refusal %q", rf.msg)
	}
}

// checkOneCommand fails unless text reads as exactly one command, on one
// line unless it is rs with a board.
func checkOneCommand(t *testing.T, text string, board bool) {
	t.Helper()
	if !board && strings.ContainsAny(text, "\r\n") {
		t.Fatalf("%q spans lines", text)
	}
	p, err := bot.ParseMessage(text)
	if err != nil || len(p.Commands) != 1 {
		t.Fatalf("%q reads as %d commands (%v)", text, len(p.Commands), err)
	}
}
