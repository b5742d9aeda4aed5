package account

import (
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/takbymail/takbot/bot/consent"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
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
	Keep(g, me, now, text)
	t.MarkGame(g)
	t.Announce(g, op.Key, words.Said{Game: refused.Game, By: me, Text: text})
	t.Reply(g, t.Sender().Key, words.PassedOn{Game: refused.Game, To: opp, Text: text})
	return nil
}

// Keeping the chat: what "say" passed on is kept in the game's record
// (record.Game.ChatLog), cleaned as it was passed on, the last
// record.MaxChatLog lines, each at most record.MaxChatLine characters.
// "history" shows it to the game's players only ([ChatFor]); the game's
// web page shows it only for a public game whose two players both chose
// "set chat public" ([PublicChat]), never for a private game.

// Keep adds what colour by said at at to game g's kept chat, dropping
// the oldest lines beyond record.MaxChatLog.
func Keep(g *record.Game, by tak.Color, at time.Time, text string) {
	if r := []rune(text); len(r) > record.MaxChatLine {
		text = string(r[:record.MaxChatLine])
	}
	log := append(g.ChatLog, record.ChatLine{At: at, By: by, Text: text})
	if n := len(log) - record.MaxChatLog; n > 0 {
		log = append([]record.ChatLine(nil), log[n:]...)
	}
	g.ChatLog = log
}

// ChatFor is game g's kept chat as player key may read it: all of it for
// one of its players, nothing for anyone else.
func ChatFor(g *record.Game, key string) words.ChatLog {
	if _, ok := g.ColorOf(key); !ok || key == "" {
		return words.ChatLog{Game: g.ID}
	}
	return chatLog(g, func(name string) string { return name })
}

// PublicChat is game g's kept chat as its public web page may show it:
// nothing for a private game, or unless both its players (white and
// black, their records) chose "set chat public"; the names as a public
// view shows them.
func PublicChat(g *record.Game, white, black *record.Player, public func(string) string) words.ChatLog {
	if g.Private || white == nil || black == nil || !white.ChatPublic || !black.ChatPublic ||
		white.Key != g.Players[tak.White] || black.Key != g.Players[tak.Black] {
		return words.ChatLog{Game: g.ID}
	}
	return chatLog(g, public)
}

// PageChat is PublicChat with the players read by player (a player not
// found counts as one who did not consent); nothing is read for a
// private game or one without chat.
func PageChat(g *record.Game, player func(key string) (*record.Player, error), public func(string) string) (words.ChatLog, error) {
	var ps [2]*record.Player
	for i := 0; i < 2 && len(g.ChatLog) > 0 && !g.Private; i++ {
		p, err := player(g.Players[i])
		if err != nil && !errors.Is(err, record.ErrNotFound) {
			return words.ChatLog{}, err
		}
		ps[i] = p
	}
	return PublicChat(g, ps[0], ps[1], public), nil
}

// chatLog is g's kept chat, its players named by name.
func chatLog(g *record.Game, name func(string) string) words.ChatLog {
	o := words.ChatLog{Game: g.ID, Lines: make([]words.ChatLogLine, 0, len(g.ChatLog))}
	for _, l := range g.ChatLog {
		if l.By != tak.White && l.By != tak.Black {
			continue // a damaged line
		}
		o.Lines = append(o.Lines, words.ChatLogLine{At: l.At, Name: name(g.Names[l.By]), Text: l.Text})
	}
	return o
}
