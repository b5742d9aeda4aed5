package discord

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

func TestEscapeMarkdown(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Alice played Sc3* (a crush)", `Alice played Sc3\* (a crush)`},
		{"> quoted\n# heading\n- item", "\\> quoted\n\\# heading\n\\- item"},
		{"a_b ~~c~~ ||d|| `e` [f](g)", `a\_b \~\~c\~\~ \|\|d\|\| \` + "`e\\`" + ` \[f\](g)`},
		{"see https://ptn.ninja/#abc_def*x", "see https://ptn.ninja/#abc_def*x"},
		{`back\slash`, `back\\slash`},
		// Discord's entities show as text: channels, users, roles,
		// timestamps, commands, custom and animated emoji, guide links,
		// @everyone and @here; PTN moves and comparisons keep their '<'.
		{"see <#123> <@456> <@!456> <@&789>", `see \<#123> \<@456> \<@!456> \<@&789>`},
		{"at <t:1700000000:R>, try </tak move:123>", `at \<t:1700000000:R>, try \</tak move:123>`},
		{"gg <:tak:123> <a:dance:456> <id:guide>", `gg \<:tak:123> \<a:dance:456> \<id:guide>`},
		{"hey @everyone and @here, @Everyone", `hey \@everyone and \@here, \@Everyone`},
		{"3c3<12 and a < b and <3", "3c3<12 and a < b and <3"},
		{`\<#1>`, `\\\<#1>`},
		{"https://x.example/<#1>", `https://x.example/\<#1>`},
	} {
		if got := escapeMarkdown(c.in); got != c.want {
			t.Errorf("escapeMarkdown(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// sampleReply is a move reply as the referee writes it: prose, a picture
// with its text fallback, the sync board, and actions.
func sampleReply() *record.Reply {
	pic := &record.Picture{Name: "g1-t1-abcdef01-mail.png", TPS: "x3/x3/1,x2 2 1"}
	return &record.Reply{ID: "discord:1/2", To: record.Identity{Transport: Name, Address: "123456789012345678"}, Game: "g1",
		Parts: []record.Part{
			{Kind: record.Prose, Text: "Turn 1 (PTN move 1, white) of game g1: Alice (white) played ps a1 (PTN a3)."},
			{Kind: record.Image, Picture: pic},
			{Kind: record.Block, Fallback: true, Caption: "The board in Tak by Mail coordinates (A1 is the north-west corner):", Text: "   A B C\n1  w . ."},
			{Kind: record.Block, Caption: "Sync board:", Text: "s 0 0\n0 0 0\n0 0 0"},
			{Kind: record.Actions, Actions: []record.Action{
				{Label: "Offer a draw", Command: "draw", Game: "g1"},
				{Label: "Resign", Command: "resign", Game: "g1", Confirm: "Resign game g1 against Alice?"},
				{Label: "A very long command", Command: "game g1; " + strings.Repeat("x", 90)},
			}},
		},
		Images: []record.Attachment{{Name: pic.Name, PNG: []byte("\x89PNG fake")}},
	}
}

func TestRenderReply(t *testing.T) {
	r := sampleReply()
	msgs := renderReply(r, renderOptions{Header: "<@123456789012345678>", Pictures: true, ButtonsFor: "123456789012345678", Game: "g1"})
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	m := msgs[0]
	if strings.Contains(m.Content, "The board in") {
		t.Errorf("the text fallback is kept although the picture is attached:\n%s", m.Content)
	}
	if len(m.Files) != 1 || m.Files[0].Name != "g1-t1-abcdef01-mail.png" {
		t.Errorf("files %+v", m.Files)
	}
	var ids []string
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			ids = append(ids, c.(discordgo.Button).CustomID)
		}
	}
	if strings.Join(ids, " ") != "tak:a:123456789012345678:g1:draw tak:c:123456789012345678:g1:resign" {
		t.Errorf("buttons %v", ids)
	}
	if !strings.Contains(m.Content, "You can send:") || !strings.Contains(m.Content, "game g1; xxx") {
		t.Errorf("the action too long for a button is not written out:\n%s", m.Content)
	}
	golden(t, "move-reply.golden.md", []byte(m.Content+"\n"))

	// Without pictures the text board stays, and there are no files.
	m = renderReply(r, renderOptions{Pictures: false})[0]
	if !strings.Contains(m.Content, "The board in") || len(m.Files) != 0 || len(m.Components) != 0 || !strings.Contains(m.Content, "You can send:") {
		t.Errorf("without pictures or buttons:\n%s", m.Content)
	}
}

// Long replies are split between parts (and long parts between lines),
// every message within 2,000 characters and every code block closed.
func TestRenderSplits(t *testing.T) {
	var parts []record.Part
	for i := 0; i < 30; i++ {
		parts = append(parts, record.Part{Kind: record.Prose, Text: fmt.Sprintf("Line %d: %s", i, strings.Repeat("é*", 60))})
	}
	parts = append(parts, record.Part{Kind: record.Block, Caption: "Game g1 as PTN:", Text: strings.Repeat("1. a1 a2\n", 400)})
	msgs := renderReply(&record.Reply{Parts: parts}, renderOptions{Header: "<@123456789012345678> <@223456789012345678>"})
	if len(msgs) < 3 {
		t.Fatalf("%d messages", len(msgs))
	}
	for i, m := range msgs {
		if n := utf8.RuneCountInString(m.Content); n > MaxMessage {
			t.Errorf("message %d has %d characters", i, n)
		}
		if strings.Count(m.Content, "```")%2 != 0 {
			t.Errorf("message %d cuts a code block", i)
		}
	}
	if !strings.HasPrefix(msgs[0].Content, "<@123456789012345678> <@223456789012345678>\n") || strings.Contains(msgs[1].Content, "<@") {
		t.Errorf("the mentions are not (only) on the first message")
	}
}

func TestChosenReply(t *testing.T) {
	alice, bob := "111111111111111111", "222222222222222222"
	to := func(u string, attention bool, seq uint64) record.Reply {
		return record.Reply{ID: fmt.Sprintf("e/%d", seq), Seq: seq, To: record.Identity{Transport: Name, Address: u}, Attention: attention}
	}
	for _, c := range []struct {
		name   string
		sibs   []record.Reply
		sender string
		want   string
	}{
		{"a move: the opponent's", []record.Reply{to(alice, false, 1), to(bob, true, 2)}, alice, bob},
		{"a resignation: the opponent's", []record.Reply{to(alice, false, 1), to(bob, false, 2)}, alice, bob},
		{"accepting and moving first: still the other's", []record.Reply{to(alice, false, 1), to(bob, true, 2)}, bob, alice},
		{"a clock event: who must act", []record.Reply{to(alice, false, 1), to(bob, true, 2)}, "", bob},
		{"a clock event, nobody to act: the first", []record.Reply{to(bob, false, 2), to(alice, false, 1)}, "", alice},
	} {
		if got := chosen(c.sibs, c.sender); got.To.Address != c.want {
			t.Errorf("%s: chose %s", c.name, got.To.Address)
		}
	}
}

func TestDeliveryErrors(t *testing.T) {
	rest := func(status, code int) error {
		return &discordgo.RESTError{Response: &http.Response{StatusCode: status}, Message: &discordgo.APIErrorMessage{Code: code}}
	}
	for _, c := range []struct {
		err       error
		permanent bool
		retry     time.Duration
	}{
		{errors.New("connection reset"), false, 0},
		{rest(502, 0), false, 0},
		{rest(500, 0), false, 0},
		{&discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{TooManyRequests: &discordgo.TooManyRequests{RetryAfter: 3 * time.Second}}}, false, 3 * time.Second},
		{rest(403, codeMissingPermissions), true, 0},
		{rest(403, codeCannotMessageUser), true, 0},
		{rest(404, codeUnknownChannel), true, 0},
		{rest(400, 50035), true, 0},
		{&errPermission{Missing: "Attach Files", Channel: "#games"}, true, 0},
	} {
		err := deliveryError(c.err, "post")
		var de *outbox.DeliveryError
		if !errors.As(err, &de) || de.Permanent != c.permanent || de.RetryAfter != c.retry {
			t.Errorf("deliveryError(%v) = %#v", c.err, err)
		}
	}
	if deliveryError(nil, "x") != nil {
		t.Error("nil is not a failure")
	}
}

func TestSplitReplyID(t *testing.T) {
	for _, c := range []struct {
		id   string
		base string
		n    int
		ok   bool
	}{
		{"discord:123/2", "discord:123", 2, true},
		{"clock:g3:remind:17000/1", "clock:g3:remind:17000", 1, true},
		{"email:<a/b@x>/12", "email:<a/b@x>", 12, true},
		{"x/0", "", 0, false},
		{"noslash", "", 0, false},
	} {
		base, n, ok := splitReplyID(c.id)
		if base != c.base || n != c.n || ok != c.ok {
			t.Errorf("splitReplyID(%q) = %q, %d, %v", c.id, base, n, ok)
		}
	}
}

// TestRenderGameFile checks a finished game's PTN file: attached as a
// text file where the bot may attach files, a code block under its name
// where it may not.
func TestRenderGameFile(t *testing.T) {
	ptn := "[Player1 \"Alice\"]\n[Player2 \"Bob\"]\n[Result \"R-0\"]\n\n1. a1 e5\n2. e1 R-0"
	r := &record.Reply{Game: "g1", Parts: []record.Part{
		{Kind: record.Prose, Text: "Game over: Alice (white) wins by road (R-0).\nThe whole game is attached as g1-Alice-vs-Bob.ptn."},
		{Kind: record.File, Caption: "g1-Alice-vs-Bob.ptn", Text: ptn},
	}}
	m := renderReply(r, renderOptions{Pictures: true})[0]
	if len(m.Files) != 1 || m.Files[0].Name != "g1-Alice-vs-Bob.ptn" || string(m.Files[0].PNG) != ptn || strings.Contains(m.Content, "Player1") {
		t.Errorf("with files: %+v\n%s", m.Files, m.Content)
	}
	if f := m.files(); len(f) != 1 || f[0].ContentType != "text/plain; charset=utf-8" {
		t.Errorf("discordgo files %+v", f)
	}
	m = renderReply(r, renderOptions{Pictures: false})[0]
	if len(m.Files) != 0 || !strings.Contains(m.Content, "g1-Alice-vs-Bob.ptn:\n```\n[Player1 \"Alice\"]") {
		t.Errorf("without files:\n%s", m.Content)
	}
}

// Buttons carry their action's moment: an action about the reply's game,
// and a "game ID; …" choice with the moment of that game; an action
// about no game carries none.
func TestButtonMoments(t *testing.T) {
	const user = "123456789012345678"
	actions := []record.Action{
		{Label: "Offer a draw", Command: "draw", Game: "g1", Moment: "4a-k2j"},
		{Label: "accept in g3", Command: "game g3; accept", Moment: "9ad-x1"},
		{Label: "List your games", Command: "games"},
		{Label: "Stop watching", Command: "unwatch g5"},
	}
	buttons, rest := buttonsOf(actions, renderOptions{ButtonsFor: user, Game: "g1"})
	var ids []string
	for _, b := range buttons {
		ids = append(ids, b.CustomID)
	}
	want := []string{"tak:a:" + user + ":g1@4a-k2j:draw", "tak:a:" + user + ":g3@9ad-x1:game g3; accept", "tak:a:" + user + ":g1:games", "tak:a:" + user + ":g1:unwatch g5"}
	if len(rest) != 0 || strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Errorf("buttons %q (rest %v), want %q", ids, rest, want)
	}
	for _, id := range ids {
		if _, err := parseCustomID(id); err != nil {
			t.Errorf("%q does not parse: %v", id, err)
		}
	}
}
