package discord

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
)

func TestParseAddress(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"<@123456789012345678>", "123456789012345678", true},
		{"<@!123456789012345678>", "123456789012345678", true},
		{" 123456789012345678 ", "123456789012345678", true},
		{"18446744073709551615", "18446744073709551615", true},
		{"18446744073709551616", "", false},   // beyond a snowflake
		{"<@&123456789012345678>", "", false}, // a role
		{"<#123456789012345678>", "", false},  // a channel
		{"<@123456789012345678", "", false},
		{"1234", "", false},
		{"0123456789012345678", "", false},
		{"ann@example.org", "", false},
		{"bob", "", false},
		{"", "", false},
	} {
		got, ok := ParseAddress(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseAddress(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// A running transport also reads the usernames it has seen.
func TestInfoReadsKnownUsernames(t *testing.T) {
	ref := bot.New(memstore.New(), nil, bot.Options{})
	tr, err := New(Config{Token: "x"}, ref, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr.dir.learn("123456789012345678", userRecord{Name: "Bobby", Username: "Bob.Smith"})
	info := tr.Info()
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"bob.smith", "123456789012345678", true},
		{"@Bob.Smith", "123456789012345678", true},
		{"<@123456789012345678>", "123456789012345678", true},
		{"alice", "", false},
		{"bob..smith", "", false},
	} {
		if got, ok := info.ParseAddress(c.in); got != c.want || ok != c.ok {
			t.Errorf("ParseAddress(%q) = %q, %v", c.in, got, ok)
		}
	}
	if n := info.DisplayName("123456789012345678"); n != "Bobby" {
		t.Errorf("DisplayName = %q", n)
	}
	if info.Name != Name || !info.Limits.Buttons || info.Limits.MaxText != MaxMessage {
		t.Errorf("info %+v", info)
	}
}

func TestCustomIDs(t *testing.T) {
	user := "123456789012345678"
	for _, c := range []customID{
		{Kind: kindRun, User: user, Game: "g3", Command: "accept"},
		{Kind: kindAsk, User: user, Game: "g3", Command: "resign"},
		{Kind: kindYes, User: user, Game: "", Command: "game g3; resign"},
		{Kind: kindRun, User: user, Game: "", Command: "new discord:234567890123456789"},
		{Kind: kindBoard, User: user, Game: "g12"},
		{Kind: kindRun, User: user, Game: "g3", Moment: "7au-1zsms2q6ollo7", Command: "accept"},
		{Kind: kindAsk, User: user, Game: "g3", Moment: "12a-0", Command: "resign"},
	} {
		s, ok := c.encode()
		if !ok {
			t.Errorf("%+v does not fit", c)
			continue
		}
		got, err := parseCustomID(s)
		if err != nil || got != c {
			t.Errorf("parse(%q) = %+v, %v; want %+v", s, got, err, c)
		}
	}
	long := customID{Kind: kindRun, User: user, Game: "g3", Command: strings.Repeat("x", 80)}
	if _, ok := long.encode(); ok {
		t.Error("a custom id over 100 characters was written")
	}
	for _, bad := range []string{"", "tak:", "tak:a:1:g3:accept", "tak:z:" + user + ":g3:x", "tak:a:" + user + ":g3:", "tak:rs:" + user + ":g3:accept",
		"tak:a:" + user + ":G3:accept", "other:a:" + user + ":g3:accept", "tak:a:" + user + ":g3:ac\ncept",
		// a moment needs a game, and its shape
		"tak:a:" + user + ":@7a-x:accept", "tak:a:" + user + ":g3@:accept", "tak:a:" + user + ":g3@7A-x:accept",
		"tak:a:" + user + ":g3@7a-x@8a-y:accept", "tak:a:" + user + ":g3@<#1>:accept"} {
		if c, err := parseCustomID(bad); err == nil {
			t.Errorf("parse(%q) = %+v", bad, c)
		}
	}
}

func TestCommandLine(t *testing.T) {
	bob := "234567890123456789"
	for _, c := range []struct {
		sub    string
		values map[string]any
		text   string
		game   string
		refuse string
	}{
		{challengeName, map[string]any{opponentOption: "<@" + bob + ">", "size": 6.0, "komi": 2.5, "color": "white"}, "new discord:" + bob + " size=6 komi=2.5 color=white", "", ""},
		{challengeName, map[string]any{opponentOption: "<@!" + bob + ">", "size": 5.0, "komi": 2.0, "color": "black", "opening": "no-swap", "rules": "standard",
			"stones": 20.0, "caps": 1.0, "days": 5.0, "scoring": "tarway+downings", "style": "courtly"},
			"new discord:" + bob + " size=5 komi=2 color=black opening=no-swap rules=standard stones=20 caps=1 days=5 scoring=tarway+downings style=courtly", "", ""},
		{challengeName, map[string]any{opponentOption: bob}, "new discord:" + bob, "", ""},
		{challengeName, map[string]any{opponentOption: " Ann@Example.org "}, "new Ann@Example.org", "", ""},
		{challengeName, map[string]any{opponentOption: "@bob"}, "new @bob", "", ""},
		{challengeName, map[string]any{opponentOption: "email:ann@example.org", "days": 7.0}, "new email:ann@example.org days=7", "", ""},
		{challengeName, map[string]any{}, "", "", "say whom"},
		{challengeName, map[string]any{opponentOption: "ann@x.org; resign"}, "", "", "is not a Discord user"},
		{challengeName, map[string]any{opponentOption: "<@" + bob + "> size=8"}, "", "", "is not a Discord user"},
		{"move", map[string]any{"move": "ps b4", gameOption: "G7"}, "move ps b4", "g7", ""},
		{"move", map[string]any{"move": "ps b4; resign"}, "move ps b4, resign", "", ""},
		{"move", map[string]any{"move": "c3", gameOption: "seven"}, "", "", "not a game id"},
		{"im", map[string]any{"reason": "the wall\non c3"}, "im the wall on c3", "", ""},
		{"rs", map[string]any{boardOption: "0 0 s/0 S 0/0 0 0"}, "rs\n0 0 s\n0 S 0\n0 0 0", "", ""},
		{"rs", map[string]any{boardOption: "0 0 s/resign/0 0 0"}, "", "", "not a board row"},
		{"revert", map[string]any{"turn": 12.0}, "revert 12", "", ""},
		{"vacation", map[string]any{"days": 7.0}, "vacation 7", "", ""},
		{"notation", map[string]any{"notation": "ptn"}, "notation ptn", "", ""},
		{"game", map[string]any{"id": "g3"}, "game g3", "", ""},
		{"settings", map[string]any{}, "settings", "", ""},
		{"settings", map[string]any{"setting": "theme", "value": "Light"}, "settings theme Light", "", ""},
		{"settings", map[string]any{"setting": "size", "value": "small; resign"}, "settings size small, resign", "", ""},
		{"resign", map[string]any{gameOption: "3"}, "resign", "g3", ""},
		{"help", map[string]any{}, "help", "", ""},
		{"nosuch", map[string]any{}, "", "", "not a command"},
	} {
		text, game, err := commandLine(slashInput{Sub: c.sub, Values: c.values})
		if c.refuse != "" {
			if err == nil || !strings.Contains(err.Error(), c.refuse) {
				t.Errorf("/tak %s %v: %q, %v; want a refusal with %q", c.sub, c.values, text, err, c.refuse)
			}
			continue
		}
		if err != nil || text != c.text || game != c.game {
			t.Errorf("/tak %s %v = %q, %q, %v; want %q, %q", c.sub, c.values, text, game, err, c.text, c.game)
		}
		if p, perr := bot.ParseMessage(text); perr != nil || len(p.Commands) != 1 {
			t.Errorf("%q reads as %d commands (%v)", text, len(p.Commands), perr)
		}
	}
	_, _, err := commandLine(slashInput{Sub: challengeName, Values: map[string]any{opponentOption: "<@" + bob + ">"}, Bots: map[string]bool{bob: true}})
	if err == nil || !strings.Contains(err.Error(), "is a bot") {
		t.Errorf("challenging a bot: %v", err)
	}
}

func TestReadText(t *testing.T) {
	botID := "111111111111111111"
	for _, c := range []struct {
		content string
		scope   messageScope
		want    string
		ok      bool
	}{
		{"ps b4", messageScope{GameThread: true}, "ps b4", true},
		{"3b4-21\nresign", messageScope{GameThread: true}, "3b4-21\nresign", true},
		{"nice move!", messageScope{GameThread: true}, "", false},
		{"resing", messageScope{GameThread: true}, "resing", true},
		{"<@" + botID + "> hello", messageScope{GameThread: true}, "hello", true},
		{"ps b4", messageScope{}, "", false},
		{"<@!" + botID + "> new <@222222222222222222>", messageScope{}, "new <@222222222222222222>", true},
		{"games", messageScope{Direct: true}, "games", true},
		{"<@" + botID + ">", messageScope{}, "", false},
		{"   ", messageScope{Direct: true}, "", false},
	} {
		got, ok := readText(c.content, botID, c.scope)
		if got != c.want || ok != c.ok {
			t.Errorf("readText(%q, %+v) = %q, %v; want %q, %v", c.content, c.scope, got, ok, c.want, c.ok)
		}
	}
}

func TestDescribe(t *testing.T) {
	for _, s := range []string{
		"play a move, in Tak by Mail (\"ps b4\", \"ms b2 p3 2 1\") or PTN (\"c3\", \"3c3>12\"); \"t\" or PTN's ' calls Tak, \"#N\" refuses the move unless the game is at turn N",
		strings.Repeat("word ", 40),
		strings.Repeat("ü", 150),
	} {
		for _, limit := range []int{100, 40, 20} {
			d := describe(s, limit)
			if n := utf8.RuneCountInString(d); n > limit || n == 0 || !utf8.ValidString(d) {
				t.Errorf("describe(%.30q, %d) = %q (%d)", s, limit, d, n)
			}
		}
	}
	if d := describe("short", 100); d != "short" {
		t.Errorf("describe kept %q", d)
	}
}

// Config.Check normalises what cmd/takbot decodes and names the key it
// refuses.
func TestConfigCheck(t *testing.T) {
	guild := "123456789012345678"
	for _, c := range []struct {
		name string
		in   Config
		key  string // the refused key; "" when accepted
		want Config // the normalised configuration when accepted
	}{
		{"defaults", Config{Token: "Bot abc.def.ghi\n"}, "", Config{Token: "abc.def.ghi", Threads: PublicThreads}},
		{"every key", Config{Token: "t", ApplicationID: " " + guild + " ", Guilds: []string{guild}, MessageContent: true, Threads: PrivateThreads, Channel: guild, APIURL: "http://127.0.0.1:1"}, "",
			Config{Token: "t", ApplicationID: guild, Guilds: []string{guild}, MessageContent: true, Threads: PrivateThreads, Channel: guild, APIURL: "http://127.0.0.1:1"}},
		{"api_url is Discord", Config{Token: "t", APIURL: "https://discord.com/"}, "", Config{Token: "t", Threads: PublicThreads}},
		{"no token", Config{}, "token", Config{}},
		{"token with spaces", Config{Token: "a b"}, "token", Config{}},
		{"threads", Config{Token: "x", Threads: "secret"}, "threads", Config{}},
		{"guilds", Config{Token: "x", Guilds: []string{"my server"}}, "guilds", Config{}},
		{"api_url", Config{Token: "x", APIURL: "ftp://example.org"}, "api_url", Config{}},
		{"application_id", Config{Token: "x", ApplicationID: "app"}, "application_id", Config{}},
		{"channel", Config{Token: "x", Channel: "#games"}, "channel", Config{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := c.in
			err := got.Check()
			var ce *ConfigError
			switch {
			case c.key == "" && err != nil:
				t.Errorf("Check = %v", err)
			case c.key == "" && !reflect.DeepEqual(got, c.want):
				t.Errorf("Check made %+v, want %+v", got, c.want)
			case c.key != "" && (!errors.As(err, &ce) || ce.Key != c.key || !errors.Is(err, ErrConfig)):
				t.Errorf("Check = %v, want a ConfigError about %s", err, c.key)
			}
		})
	}
}
