package discord

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Display names: a player named by a bare id or a mention the bot never
// saw (a challenge "new 1180000000000001002") is looked up through
// Discord before the referee reads the message, so that the game, its
// thread title, subjects and posts name them as the server shows them
// (nick, else global name, else username), never by their id. What is
// learnt is cached in the directory and stored with the message.

// maxLookups bounds the users looked up for one message.
const maxLookups = 3

// lookUpNames learns the names of the users a command line names by id
// and the directory does not know, and returns the state writes that
// store them.
func (t *Transport) lookUpNames(ctx context.Context, guild, text string) []bot.StateWrite {
	var ws []bot.StateWrite
	looked := 0
	for _, word := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\n' || r == ';' || r == '\t' }) {
		word = strings.TrimPrefix(word, Name+":")
		id, ok := ParseAddress(word)
		if !ok || t.dir.name(id) != "" || looked == maxLookups {
			continue
		}
		looked++
		if t.fetchName(ctx, guild, id) {
			ws = append(ws, t.userWrites(id)...)
		}
	}
	return ws
}

// fetchName asks Discord for a user's names: the server member when the
// message came from a server, else the user.
func (t *Transport) fetchName(ctx context.Context, guild, id string) bool {
	if guild != "" {
		if m, err := t.s.GuildMember(guild, id, discordgo.WithContext(ctx)); err == nil && m != nil && m.User != nil && m.User.ID == id {
			t.learn(m.User, m)
			return t.dir.name(id) != ""
		}
	}
	u, err := t.s.User(id, discordgo.WithContext(ctx))
	if err != nil || u == nil || u.ID != id {
		t.log.Debug("discord: look up a user's name", "user", id, "err", err)
		return false
	}
	t.learn(u, nil)
	return t.dir.name(id) != ""
}

// gameNames are a game's players' names as a thread shows them: a name
// that is a Discord player's id (a game made before the bot knew them)
// is replaced by their display name when the directory knows it.
func (t *Transport) gameNames(g *record.Game) [2]string {
	names := g.Names
	for i, key := range g.Players {
		id, ok := strings.CutPrefix(key, Name+":")
		if !ok || names[i] != id {
			continue
		}
		if n := t.dir.name(id); n != "" {
			names[i] = n
		}
	}
	return names
}

// named is a copy of the game with gameNames.
func (t *Transport) named(g *record.Game) *record.Game {
	c := *g
	c.Names = t.gameNames(g)
	return &c
}
