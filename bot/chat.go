package bot

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/takbymail/takbot/words"
)

// Chat: "say TEXT" passes a player's words to their opponent, in the
// game's thread on the opponent's own transport, marked as the player's
// words ("Ann says: “…”"), never as the referee's. The text comes from
// outside and goes to another player, so it is cleaned like a display
// name (package bot/names): control and format characters are removed, white space
// collapsed, the length capped, and a text holding an address or a link
// is refused whole, so the bot never carries one. Each player may say
// Options.ChatPerHour things an hour in each game. "set chat off" stops
// a player receiving them.

// maxChat bounds what one "say" carries, in characters.
const maxChat = 300

// defaultChatPerHour is Options.ChatPerHour when not set.
const defaultChatPerHour = 10

// chatPerHour is how many times a player may say something in a game in
// an hour.
func (r *Referee) chatPerHour() int {
	if r.opts.ChatPerHour <= 0 {
		return defaultChatPerHour
	}
	return r.opts.ChatPerHour
}

// cleanChat makes a player's words fit to pass on, or says why they
// cannot be: "" and a reason.
func cleanChat(text string) (string, string) {
	t := plainText(text)
	switch {
	case t == "":
		return "", "say what to tell your opponent, e.g. \"say good luck!\""
	case utf8.RuneCountInString(t) > maxChat:
		return "", "that is too long to pass on: say it in at most 300 characters"
	case linkLike(strings.NewReplacer("<", " ", ">", " ").Replace(t)):
		// "<" and ">" alone are PTN moves ("3c3>12"); linkLike still
		// finds an address written between them.
		return "", "the referee passes on no addresses or links, and your words hold one (something like a web or mail address or a domain name); nothing was sent"
	}
	return t, ""
}

// cmdSay is "say TEXT".
func (s *session) cmdSay(c *Command) error {
	gs, err := s.target(c, pickShow)
	if err != nil {
		return err
	}
	g := gs.rec
	me, _ := g.ColorOf(s.sender.Key)
	if g.Status != Active && g.Status != Over {
		return refuse("game %s has not started (%s): you can talk to your opponent once it is under way%s", g.ID, g.Status, s.chosenHint(g))
	}
	raw := strings.TrimSpace(c.Text)
	if f := strings.Fields(raw); len(f) > 0 {
		raw = strings.TrimSpace(raw[len(f[0]):]) // the keyword as written
	}
	text, why := cleanChat(raw)
	if why != "" {
		return refuse("%s", why)
	}
	opp := me.Opponent()
	op, err := s.player(g.Players[opp])
	if err != nil {
		return err
	}
	if op.NoChat {
		return refuse("%s has turned chat off, so your words were not passed on", g.Names[opp])
	}
	recent := recentChat(g.Chat[me], s.now)
	if len(recent) >= s.r.chatPerHour() {
		return refuse("you have said %d things to %s in the last hour, the most the referee passes on in an hour; you can say more after %s",
			len(recent), g.Names[opp], fmtTime(recent[0].Add(time.Hour)))
	}
	g.Chat[me] = append(recent, s.now)
	if len(g.Chat[opp]) > 0 {
		g.Chat[opp] = recentChat(g.Chat[opp], s.now)
	}
	gs.dirty = true
	s.announce(g, op.Key, words.Said{Game: wordsGame(g), By: me, Text: text})
	s.reply(g, s.sender.Key, words.PassedOn{Game: wordsGame(g), To: opp, Text: text})
	return nil
}

// recentChat keeps the times of the last hour.
func recentChat(at []time.Time, now time.Time) []time.Time {
	var out []time.Time
	for _, t := range at {
		if now.Sub(t) < time.Hour {
			out = append(out, t)
		}
	}
	return out
}

// setChat is "set chat on|off".
func (s *session) setChat(value, raw string) error {
	p := s.sender
	switch value {
	case "on", "yes":
		p.NoChat = false
		s.markPlayer(p)
		s.tell(p.Key, s.defaultGame()).say("You now receive what your opponents say with \"say\", in all your games.")
	case "off", "no":
		p.NoChat = true
		s.markPlayer(p)
		s.tell(p.Key, s.defaultGame()).say("You no longer receive what your opponents say with \"say\", in any game; they are told when they try. \"set chat on\" turns it back on.")
	default:
		return refuse("chat must be on or off, not %q", excerpt(raw, 20))
	}
	return nil
}

// chatSetting is the line "settings" shows for chat.
func chatSetting(p *PlayerRecord) string {
	if p.NoChat {
		return "Chat: off, you do not receive what your opponents say. To receive it, send \"set chat on\"."
	}
	return "Chat: on, you receive what your opponents say with \"say\". To stop it, send \"set chat off\"."
}
