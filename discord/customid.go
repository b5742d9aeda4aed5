package discord

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/takbymail/takbot/bot"
)

// maxCustomID is Discord's limit on a component's custom_id.
const maxCustomID = 100

// buttonKind is what pressing a button of the bot does.
type buttonKind string

// The kinds of buttons (and of the one modal).
const (
	// kindRun sends the command at once.
	kindRun buttonKind = "a"
	// kindAsk asks the player to confirm first (a resignation).
	kindAsk buttonKind = "c"
	// kindYes sends a command the player confirmed.
	kindYes buttonKind = "y"
	// kindNo drops a command the player did not confirm.
	kindNo buttonKind = "n"
	// kindShow sends a command that only shows something (the Board
	// button's "board") and answers privately, leaving the post and its
	// buttons as they are.
	kindShow buttonKind = "s"
	// kindBoard is the modal where a player pastes their board for rs.
	kindBoard buttonKind = "rs"
)

// customID is what a button's custom_id says: what to do, for whom, in
// which game, and the moment of the game it was drawn for. Buttons carry
// all of it, so they work after a restart and need no state; the referee
// refuses a button whose moment has passed (bot.Message.Moment).
type customID struct {
	Kind    buttonKind
	User    string // the only user whose click counts
	Game    string // the game the command goes to ("" for none)
	Moment  string // the game's moment the button was drawn for (bot.MomentOf); "" for none
	Command string // the exact command ("" for the modal)
}

const customPrefix = "tak:"

// errNotOurs is returned for a custom_id the bot did not write (or wrote
// in an older format).
var errNotOurs = errors.New("discord: not a custom id of this bot")

// encode writes the custom_id, and false when it does not fit Discord's
// 100 characters (the action is then offered as text).
func (c customID) encode() (string, bool) {
	game := c.Game
	if c.Moment != "" {
		game += "@" + c.Moment
	}
	s := customPrefix + string(c.Kind) + ":" + c.User + ":" + game + ":" + c.Command
	if utf8.RuneCountInString(s) > maxCustomID {
		return "", false
	}
	return s, true
}

// parseCustomID reads a custom_id written by encode.
func parseCustomID(s string) (customID, error) {
	rest, ok := strings.CutPrefix(s, customPrefix)
	if !ok || utf8.RuneCountInString(s) > maxCustomID || !utf8.ValidString(s) {
		return customID{}, errNotOurs
	}
	fields := strings.SplitN(rest, ":", 4)
	if len(fields) != 4 {
		return customID{}, errNotOurs
	}
	c := customID{Kind: buttonKind(fields[0]), User: fields[1], Game: fields[2], Command: fields[3]}
	if game, moment, ok := strings.Cut(c.Game, "@"); ok {
		if game == "" || !bot.ValidMoment(moment) {
			return customID{}, errNotOurs
		}
		c.Game, c.Moment = game, moment
	}
	switch c.Kind {
	case kindRun, kindAsk, kindYes, kindNo, kindShow:
		if strings.TrimSpace(c.Command) == "" {
			return customID{}, errNotOurs
		}
	case kindBoard:
		if c.Command != "" {
			return customID{}, errNotOurs
		}
	default:
		return customID{}, errNotOurs
	}
	if !(IsSnowflake(c.User) || c.User == anyoneUser && c.Kind == kindRun) || !gameIDShaped(c.Game) || strings.ContainsFunc(c.Command, unicode.IsControl) {
		return customID{}, errNotOurs
	}
	return c, nil
}

// gameIDShaped reports whether s is "" or looks like a game id ("g12").
func gameIDShaped(s string) bool {
	if s == "" {
		return true
	}
	if len(s) > 24 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
