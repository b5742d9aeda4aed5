package account

import (
	"strings"
	"unicode/utf8"

	"github.com/takbymail/takbot/bot/consent"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Chat: "say TEXT" passes a player's words to their opponent, in the
// game's thread on the opponent's own transport, marked as the player's
// words ("Ann says: “…”"), never as the referee's. The text comes from
// outside and goes to another player, so it is cleaned like a display
// name (package bot/names): control and format characters are removed,
// white space collapsed, the length capped, and a text holding an address
// or a link is refused whole, so the bot never carries one. Each player
// may say ChatPerHour things an hour in each game (consent.Recent counts
// them). "set chat off" stops a player receiving them.

// DefaultChatPerHour is how many things a player may say in a game in an
// hour when Options.ChatPerHour is not set.
const DefaultChatPerHour = 10

// MaxChat bounds what one "say" carries, in characters.
const MaxChat = 300

// Chat is what "say" needs of the message being evaluated.
type Chat interface {
	InGame
	// ChatPerHour is how many times a player may say something in a game
	// in an hour.
	ChatPerHour() int
}

// CleanChat makes a player's words fit to pass on, or says why they
// cannot be (0 when they can).
func CleanChat(text string) (string, words.ChatProblem) {
	t := command.PlainText(text)
	switch {
	case t == "":
		return "", words.NothingSaid
	case utf8.RuneCountInString(t) > MaxChat:
		return "", words.SaidTooLong
	case command.LinkLike(strings.NewReplacer("<", " ", ">", " ").Replace(t)):
		// "<" and ">" alone are PTN moves ("3c3>12"); LinkLike still
		// finds an address written between them.
		return "", words.SaidLink
	}
	return t, 0
}

// Say is "say TEXT".
func Say(t Chat, c *command.Command) error {
	g, err := t.TargetShown(c)
	if err != nil {
		return err
	}
	me, _ := g.ColorOf(t.Sender().Key)
	opp := me.Opponent()
	refused := words.ChatRefused{Game: words.Game{ID: g.ID, Names: g.Names}, Other: opp}
	if g.Status != record.Active && g.Status != record.Over {
		refused.Kind, refused.Status, refused.Hint = words.ChatNotStarted, string(g.Status), t.ChosenHint(g)
		return t.Refused(refused)
	}
	raw := strings.TrimSpace(c.Text)
	if f := strings.Fields(raw); len(f) > 0 {
		raw = strings.TrimSpace(raw[len(f[0]):]) // the keyword as written
	}
	text, why := CleanChat(raw)
	if why != 0 {
		refused.Kind = why
		return t.Refused(refused)
	}
	op, err := t.Player(g.Players[opp])
	if err != nil {
		return err
	}
	if op.NoChat {
		refused.Kind = words.ChatOff
		return t.Refused(refused)
	}
	now := t.Now()
	recent := consent.Recent(g.Chat[me], now)
	if len(recent) >= t.ChatPerHour() {
		refused.Kind, refused.N, refused.Until = words.SaidEnough, len(recent), recent[0].Add(consent.ChatWindow)
		return t.Refused(refused)
	}
	g.Chat[me] = append(recent, now)
	if len(g.Chat[opp]) > 0 {
		g.Chat[opp] = consent.Recent(g.Chat[opp], now)
	}
	t.MarkGame(g)
	t.Announce(g, op.Key, words.Said{Game: refused.Game, By: me, Text: text})
	t.Reply(g, t.Sender().Key, words.PassedOn{Game: refused.Game, To: opp, Text: text})
	return nil
}
