package discord

import (
	"context"
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Plain text: with message_content, a message in a game thread is read
// as a mail is ("ps b4", "3b4-21", "rs" with the board below, several
// commands on several lines), and goes to the thread's game. Elsewhere
// in a server only a message that mentions the bot is read (the mention
// taken out); direct messages to the bot are always read. Chat without a
// command in a game thread is left alone, so players can talk there.

// messageScope is where a message was posted, as far as reading it goes.
type messageScope struct {
	GameThread  bool // a thread standing for a game
	Direct      bool // a direct message to the bot
	MentionsBot bool
}

// readText decides whether a message is for the bot and returns its text
// without the bot's mentions.
func readText(content, botID string, scope messageScope) (string, bool) {
	text := content
	if botID != "" {
		for _, m := range []string{"<@" + botID + ">", "<@!" + botID + ">"} {
			if strings.Contains(text, m) {
				scope.MentionsBot = true
				text = strings.ReplaceAll(text, m, " ")
			}
		}
	}
	text = strings.TrimSpace(text)
	if text == "" || len(text) > bot.MaxMessageBytes {
		return "", false
	}
	if !scope.GameThread && !scope.Direct && !scope.MentionsBot {
		return "", false
	}
	if scope.GameThread && !scope.MentionsBot {
		// Chat between the players is theirs: only a message with a
		// command (or something that looks like one) goes to the referee.
		if p, err := bot.ParseMessage(text); err == nil && len(p.Commands) == 0 {
			return "", false
		}
	}
	return text, true
}

func (t *Transport) onMessage(_ *discordgo.Session, e *discordgo.MessageCreate) {
	m := e.Message
	if m == nil || m.Author == nil || m.Author.Bot || m.WebhookID != "" {
		return
	}
	if m.Type != discordgo.MessageTypeDefault && m.Type != discordgo.MessageTypeReply {
		return
	}
	game, inThread := t.mem.gameOf(m.ChannelID)
	botID, _ := t.botID.Load().(string)
	scope := messageScope{GameThread: inThread, Direct: m.GuildID == "", MentionsBot: mentions(m, botID)}
	text, ok := readText(m.Content, botID, scope)
	if !ok || !t.mem.firstSight("message:"+m.ID) {
		return
	}
	t.learn(m.Author, m.Member)
	for _, u := range m.Mentions {
		t.learn(u, nil)
	}
	t.lanes.run(m.ChannelID, func() {
		ctx, cancel := context.WithTimeout(t.jobCtx, t.opts.JobTimeout)
		defer cancel()
		t.handleText(ctx, m, text, game)
	})
}

func mentions(m *discordgo.Message, botID string) bool {
	for _, u := range m.Mentions {
		if u != nil && u.ID == botID {
			return true
		}
	}
	return false
}

// handleText hands a plain-text message to the referee; its id makes a
// message seen twice (a replayed event, a catch-up) count once.
func (t *Transport) handleText(ctx context.Context, m *discordgo.Message, text, game string) {
	o := originRecord{Kind: originMessage, User: m.Author.ID, Channel: m.ChannelID, Guild: m.GuildID, Message: m.ID,
		At: t.clock.Now(), ShowOwn: saysMore(text)}
	o.Parent = t.parentOf(ctx, m.ChannelID, m.GuildID)
	t.mem.setOrigin(m.ID, o)
	state := append(t.stateWith(keyOrigin+m.ID, o, m.Author.ID, o.Parent), t.lookUpNames(ctx, m.GuildID, text)...)
	if game != "" {
		state = append(state, bot.StateWrite{Key: keyCursor + m.ChannelID, Value: []byte(m.ID)})
	}
	_, err := t.handle(ctx, bot.Message{ID: m.ID, From: record.Identity{Transport: Name, Address: m.Author.ID},
		Name: t.dir.name(m.Author.ID), Text: text, Game: game, Received: snowflakeTime(m.ID), State: state,
		Community: community(m.GuildID)})
	switch {
	case errors.Is(err, bot.ErrBadMessage):
		t.log.Info("discord: a message cannot be handled", "message", m.ID, "err", err)
	case err != nil:
		t.log.Error("discord: a message was not handled; it is read again at the next connection", "message", m.ID, "channel", m.ChannelID, "err", err)
	case game != "":
		t.mem.setPref(keyCursor+m.ChannelID, m.ID)
	}
}

// saysMore reports whether a message's sender should see their own reply
// besides the thread's post of the event: it has several commands, a
// command that only shows something (rs, board, history), or one that
// cannot be read.
func saysMore(text string) bool {
	p, err := bot.ParseMessage(text)
	if err != nil || len(p.Commands) != 1 {
		return true
	}
	c := p.Commands[0]
	// A game event is posted to the thread; anything else (and an rs
	// board, whose comparison only its sender sees) is said to the sender.
	return c.Err != nil || c.Class() != bot.ClassGame || c.Name == "rs"
}

// catchUpPages bounds the messages read from one thread after a
// disconnection (100 a page).
const catchUpPages = 5

// catchUp reads what players posted in a game's thread while the bot was
// away, oldest first, from the last message it read there.
func (t *Transport) catchUp(thread, game string) {
	ctx, cancel := context.WithTimeout(t.jobCtx, t.opts.JobTimeout)
	defer cancel()
	g, err := t.ref.Game(ctx, game)
	if err != nil || (g.Status != record.Active && g.Status != record.Challenged) {
		return
	}
	after := t.mem.pref(keyCursor + thread)
	if after == "" {
		after = thread // a thread's id is older than its messages
	}
	botID, _ := t.botID.Load().(string)
	for page := 0; page < catchUpPages; page++ {
		msgs, err := t.s.ChannelMessages(thread, 100, "", after, "", discordgo.WithContext(ctx))
		if err != nil {
			if failureOf(err).Status != 0 {
				t.log.Info("discord: catch up on a game thread", "thread", thread, "game", game, "err", err)
			}
			return
		}
		for i := len(msgs) - 1; i >= 0; i-- {
			m := msgs[i]
			after = m.ID
			if m.Author == nil || m.Author.Bot || m.WebhookID != "" || (m.Type != discordgo.MessageTypeDefault && m.Type != discordgo.MessageTypeReply) {
				continue
			}
			text, ok := readText(m.Content, botID, messageScope{GameThread: true, MentionsBot: mentions(m, botID)})
			if !ok || !t.mem.firstSight("message:"+m.ID) {
				continue
			}
			if m.GuildID == "" {
				m.GuildID = placeGuild(t, game) // messages read by REST carry no guild
			}
			t.learn(m.Author, m.Member)
			t.handleText(ctx, m, text, game)
		}
		if len(msgs) < 100 {
			return
		}
	}
}

// placeGuild is the guild of a game's thread.
func placeGuild(t *Transport, game string) string {
	p, _ := t.mem.place(game)
	return p.Guild
}

// community names a Discord server for the referee (bot.Message.Community):
// "discord:GUILD", or "" outside a server (a direct message).
func community(guild string) string {
	if guild == "" {
		return ""
	}
	return Name + ":" + guild
}
