package account

import (
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// TestPictureSizes: a size is a name or a width in range; a stored width
// out of range counts as the default.
func TestPictureSizes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"small", 480, true}, {"large", 960, true}, {"600", 600, true}, {"600px", 600, true},
		{"399", 0, false}, {"1201", 0, false}, {"huge", 0, false},
	} {
		if w, ok := parseSize(c.in); w != c.want || ok != c.ok {
			t.Errorf("parseSize(%q) = %d, %v", c.in, w, ok)
		}
	}
	if sizeKey(0) != "medium" || sizeKey(render.DefaultWidth) != "medium" || sizeKey(600) != "" {
		t.Error("sizeKey names the wrong widths")
	}
	if WidthOf(&record.Player{Width: 5000}) != 0 || WidthOf(&record.Player{Width: 800}) != 800 {
		t.Error("WidthOf keeps a width out of range, or drops one in it")
	}
}

// TestThemeOf: a player's theme, else the default; a damaged one counts
// as none.
func TestThemeOf(t *testing.T) {
	if got := ThemeOf(&record.Player{Theme: render.Light}, render.Dark); got != render.Light {
		t.Errorf("chosen: %s", got)
	}
	if got := ThemeOf(&record.Player{Theme: "plaid"}, render.Contrast); got != render.Contrast {
		t.Errorf("damaged: %s", got)
	}
}

// TestRemindTime: the lead before the deadline, never within the turn's
// first hour; the deadline when off; else the share of the turn.
func TestRemindTime(t *testing.T) {
	start := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	g := &record.Game{TurnStart: start, Deadline: start.Add(24 * time.Hour)}
	for _, c := range []struct {
		lead time.Duration
		want time.Time
	}{
		{0, start.Add(18 * time.Hour)},
		{remindOff, g.Deadline},
		{2 * time.Hour, start.Add(22 * time.Hour)},
		{30 * time.Hour, start.Add(time.Hour)},
	} {
		g.Remind[tak.White] = c.lead
		if got := RemindTime(g, tak.White, 0.75); !got.Equal(c.want) {
			t.Errorf("lead %v: %v, want %v", c.lead, got, c.want)
		}
	}
}

// TestZones: a zone set by name is the player's zone; an unknown name is
// refused and changes nothing; no zone is UTC.
func TestZones(t *testing.T) {
	p := &record.Player{}
	if ZoneOf(p) != time.UTC || ZoneName(p) != "UTC" {
		t.Error("no zone is not UTC")
	}
	if _, err := SetZone(p, "Mars/Olympus"); err == nil || p.Zone != "" {
		t.Errorf("an unknown zone: %v, %q", err, p.Zone)
	}
	if loc, err := SetZone(p, "Europe/Berlin"); err != nil || ZoneOf(p).String() != loc.String() || ZoneName(p) != "Europe/Berlin" {
		t.Errorf("Europe/Berlin: %v, %v", loc, err)
	}
}

// TestCleanChat: words are cleaned, and refused whole when empty, too
// long or holding an address; PTN moves are no links.
func TestCleanChat(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		why  words.ChatProblem
	}{
		{"good luck!", "good luck!", 0},
		{"  gl\u202e hf ", "gl hf", 0},
		{"3c3>12 was nice", "3c3>12 was nice", 0},
		{"", "", words.NothingSaid},
		{strings.Repeat("a", MaxChat+1), "", words.SaidTooLong},
		{"see evil.example", "", words.SaidLink},
		{"mail <me@evil.example>", "", words.SaidLink},
	} {
		if got, why := CleanChat(c.in); got != c.want || why != c.why {
			t.Errorf("CleanChat(%q) = %q, %d", c.in, got, why)
		}
	}
}

// TestExampleMoves: two legal moves in the reader's notation.
func TestExampleMoves(t *testing.T) {
	pos, err := tak.NewPosition(tak.DefaultConfig(5))
	if err != nil {
		t.Fatal(err)
	}
	read := map[notation.Orientation]func(string, int) (notation.ParsedMove, error){notation.Mail: notation.ParseMailMove, notation.PTN: notation.ParsePTNMove}
	for _, o := range []notation.Orientation{notation.Mail, notation.PTN} {
		ex := exampleMoves(pos, o)
		if len(ex) != 2 || ex[0] == ex[1] {
			t.Errorf("%v: %q", o, ex)
		}
		for _, e := range ex {
			if _, err := read[o](e, 5); err != nil {
				t.Errorf("%v: %q does not read: %v", o, e, err)
			}
		}
	}
}

// TestKeepBoundsTheChat: a game keeps the last record.MaxChatLog lines,
// each at most record.MaxChatLine characters, oldest dropped first.
func TestKeepBoundsTheChat(t *testing.T) {
	g := &record.Game{}
	at := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	for i := range record.MaxChatLog + 5 {
		Keep(g, tak.Color(i%2), at.Add(time.Duration(i)*time.Minute), strconv.Itoa(i))
	}
	if len(g.ChatLog) != record.MaxChatLog || g.ChatLog[0].Text != "5" || g.ChatLog[len(g.ChatLog)-1].Text != strconv.Itoa(record.MaxChatLog+4) {
		t.Fatalf("kept %d lines, from %q to %q", len(g.ChatLog), g.ChatLog[0].Text, g.ChatLog[len(g.ChatLog)-1].Text)
	}
	Keep(g, tak.White, at, strings.Repeat("é", record.MaxChatLine+10))
	if n := utf8.RuneCountInString(g.ChatLog[len(g.ChatLog)-1].Text); n != record.MaxChatLine {
		t.Errorf("a line of %d characters kept", n)
	}
	// only the players read it
	g.Players, g.Names = [2]string{"console:a", "console:b"}, [2]string{"a", "b"}
	if n := len(ChatFor(g, "console:c").Lines); n != 0 {
		t.Errorf("a stranger reads %d lines", n)
	}
	if n := len(ChatFor(g, "console:b").Lines); n != record.MaxChatLog {
		t.Errorf("a player reads %d lines", n)
	}
}
