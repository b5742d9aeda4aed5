package discord

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/takbymail/takbot/bot"
)

// The fuzz tests' seeds are real samples in testdata/fuzz: mentions and
// ids as Discord writes them, custom ids the bot wrote in the tests,
// messages players post, values of slash command options.

func FuzzParseAddress(f *testing.F) {
	f.Add("<@123456789012345678>")
	f.Fuzz(func(t *testing.T, s string) {
		id, ok := ParseAddress(s)
		if !ok {
			return
		}
		if !IsSnowflake(id) {
			t.Fatalf("ParseAddress(%q) = %q, not a snowflake", s, id)
		}
		if again, ok := ParseAddress(id); !ok || again != id {
			t.Fatalf("ParseAddress(%q) = %q, %v", id, again, ok)
		}
		if got, ok := ParseAddress(mention(id)); !ok || got != id {
			t.Fatalf("the mention of %q reads as %q, %v", id, got, ok)
		}
	})
}

func FuzzCustomID(f *testing.F) {
	f.Add("tak:a:123456789012345678:g1:accept")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseCustomID(s)
		if err != nil {
			return
		}
		back, ok := c.encode()
		if !ok || back != s {
			t.Fatalf("parse(%q) = %+v, which writes %q, %v", s, c, back, ok)
		}
		if utf8.RuneCountInString(back) > maxCustomID {
			t.Fatalf("%q is over %d characters", back, maxCustomID)
		}
	})
}

func FuzzReadText(f *testing.F) {
	f.Add("ps b4", true, false)
	const botID = "111111111111111111"
	f.Fuzz(func(t *testing.T, content string, thread, direct bool) {
		text, ok := readText(content, botID, messageScope{GameThread: thread, Direct: direct})
		if !ok {
			return
		}
		if strings.TrimSpace(text) == "" || strings.Contains(text, "<@"+botID+">") || strings.Contains(text, "<@!"+botID+">") {
			t.Fatalf("readText(%q) = %q", content, text)
		}
		if !thread && !direct && !strings.Contains(content, botID) {
			t.Fatalf("%q was read outside a game thread without a mention", content)
		}
	})
}

// FuzzCommandLine fills every string option of a subcommand with the
// same value: what comes out is exactly one command.
func FuzzCommandLine(f *testing.F) {
	f.Add("move", "ps b4")
	f.Fuzz(func(t *testing.T, sub, value string) {
		values := map[string]any{}
		for _, name := range []string{"move", "reason", boardOption, opponentOption, gameOption, "id", "notation", "scoring"} {
			values[name] = value
		}
		text, _, err := commandLine(slashInput{Sub: sub, Values: values})
		if err != nil {
			return
		}
		p, perr := bot.ParseMessage(text)
		if perr != nil || len(p.Commands) != 1 {
			t.Fatalf("/tak %s with %q wrote %q: %d commands, %v", sub, value, text, len(p.Commands), perr)
		}
	})
}
