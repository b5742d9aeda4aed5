package bot_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
)

// lookHarness is a referee with a console transport, an email transport
// whose players get the light theme, and a Discord-like transport whose
// players get the dark one, as mailplay and discord describe themselves.
func lookHarness(t *testing.T) *harness {
	t.Helper()
	h := &harness{t: t, store: memstore.New(), clock: newClock(), console: &capture{info: consoleInfo()}}
	mail := emailInfo()
	mail.DefaultTheme = render.Light
	h.email = &capture{info: mail}
	chat := bot.TransportInfo{Name: "chat", Title: "Chat", DefaultTheme: render.Dark, PTNFirst: true,
		Limits: bot.Limits{Pictures: true, Buttons: true},
		ParseAddress: func(s string) (string, bool) {
			if s == "" || strings.ContainsAny(s, "@<>:=,;!? ") {
				return "", false
			}
			return s, true
		}}
	h.ref = bot.New(h.store, h.clock, bot.Options{Rand: func(int) int { return 0 },
		Render: func(bot.Picture) ([]byte, error) { return []byte("png"), nil },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	h.ref.Register(h.console)
	h.ref.Register(h.email)
	h.ref.Register(&capture{info: chat})
	return h
}

var (
	mailAnn = bot.Identity{Transport: "email", Address: "ann@example.org"}
	chatBo  = bot.Identity{Transport: "chat", Address: "bo"}
)

// pictureTo returns the last picture among the replies to id.
func pictureTo(t *testing.T, rs []bot.Reply, id bot.Identity) *bot.Picture {
	t.Helper()
	var pic *bot.Picture
	for _, r := range rs {
		if r.To != id {
			continue
		}
		for _, p := range r.Parts {
			if p.Kind == bot.Image {
				pic = p.Picture
			}
		}
	}
	if pic == nil {
		t.Fatalf("no picture to %v in %q", id, allText(rs))
	}
	return pic
}

// hasTextBoard reports whether a reply to id carries a text board.
func hasTextBoard(rs []bot.Reply, id bot.Identity) bool {
	for _, r := range rs {
		for _, p := range r.Parts {
			if r.To == id && p.Kind == bot.Block && p.Fallback {
				return true
			}
		}
	}
	return false
}

// A mail player gets the light theme and a chat player the dark one, by
// default, in one game between them; each picture says the turn as the
// text does.
func TestDefaultThemeByTransport(t *testing.T) {
	h := lookHarness(t)
	h.handle(bot.Message{ID: "m1", From: mailAnn, Text: "new chat:bo color=white"})
	h.handle(bot.Message{ID: "m2", From: chatBo, Text: "accept", Game: "g1"})
	rs := h.handle(bot.Message{ID: "m3", From: mailAnn, Text: "ps a1", Game: "g1"})
	ann, bo := pictureTo(t, rs, mailAnn), pictureTo(t, rs, chatBo)
	if ann.Theme != render.Light || bo.Theme != render.Dark {
		t.Errorf("themes: mail player %q, chat player %q; want light and dark", ann.Theme, bo.Theme)
	}
	if ann.Width != 0 || bo.Width != 0 {
		t.Errorf("widths %d and %d; want 0 (render's default) for players who chose none", ann.Width, bo.Width)
	}
	if want := "Turn 2 (PTN move 1, black)"; ann.Turn != want || bo.Turn != want {
		t.Errorf("turn labels %q and %q; want %q", ann.Turn, bo.Turn, want)
	}
	if text := textTo(rs, mailAnn.Address); !strings.Contains(text, "Turn 2 (PTN move 1, black)") {
		t.Errorf("the text does not name the turn as the picture does:\n%s", text)
	}
	if ann.Name == bo.Name {
		t.Errorf("a light and a dark picture share the name %s", ann.Name)
	}
}

// "settings" and "set": each setting's good values are applied and bad
// ones refused with the reason; nothing is stored for a refusal.
func TestSetCommands(t *testing.T) {
	cases := []struct {
		name, text string
		want       string // in the reply
		refused    bool
		check      func(p *bot.PlayerRecord) bool
	}{
		{"show", "settings", "Picture theme: light (the default for email). To change it, send \"set theme dark\" or \"set theme contrast\".", false,
			func(p *bot.PlayerRecord) bool { return p.Theme == "" }},
		{"set alone shows", "set", "Picture size: medium (640 pixels wide).", false, nil},
		{"theme", "set theme contrast", "Your pictures are now drawn in the contrast theme, in all your games.", false,
			func(p *bot.PlayerRecord) bool { return p.Theme == render.Contrast }},
		{"theme in capitals", "SET THEME Dark", "dark theme", false, func(p *bot.PlayerRecord) bool { return p.Theme == render.Dark }},
		{"full stop", "Set theme: Light.", "light theme", false, func(p *bot.PlayerRecord) bool { return p.Theme == render.Light }},
		{"bad theme", "set theme purple", `theme must be light, dark or contrast, not "purple"`, true, nil},
		{"size by name", "set size small", "Your pictures are now small (480 pixels wide), in all your games.", false,
			func(p *bot.PlayerRecord) bool { return p.Width == 480 }},
		{"size in pixels", "set size 600", "600 pixels wide", false, func(p *bot.PlayerRecord) bool { return p.Width == 600 }},
		{"medium is the default", "set size medium", "medium (640 pixels wide)", false, func(p *bot.PlayerRecord) bool { return p.Width == 0 }},
		{"size too big", "set size 5000", `size must be small, medium, large or a width from 400 to 1200 pixels, not "5000"`, true, nil},
		{"size not a size", "set size huge", "size must be small, medium, large", true, nil},
		{"textboard off", "set textboard off", "no longer show the text board", false, func(p *bot.PlayerRecord) bool { return p.NoTextBoard }},
		{"textboard on", "set textboard on", "now show the text board", false, func(p *bot.PlayerRecord) bool { return !p.NoTextBoard }},
		{"bad textboard", "set textboard maybe", `textboard must be on or off, not "maybe"`, true, nil},
		{"notation", "set notation ptn", "The referee now writes to you in PTN", false,
			func(p *bot.PlayerRecord) bool { return p.Notation == notation.PTN && p.NotationFixed }},
		{"bad notation", "set notation chess", `notation is mail or ptn, not "chess"`, true, nil},
		{"unknown setting", "set colour blue", `there is no setting "colour"; you can set theme, size, textboard, notation, chat, remind, zone, digest, news or review`, true, nil},
		{"no value", "set theme", `say the value too, e.g. "set theme light"`, true, nil},
		{"two values", "set theme light dark", "set one setting at a time", true, nil},
		{"prose", "Set up a game with me tomorrow, please", "has no command in it", true, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := lookHarness(t)
			rs := h.handle(bot.Message{ID: "m1", From: mailAnn, Text: c.text})
			text := textTo(rs, mailAnn.Address)
			if !strings.Contains(text, c.want) {
				t.Errorf("%q answered\n%s\nwant it to contain %q", c.text, text, c.want)
			}
			after, err := h.ref.Player(context.Background(), mailAnn)
			if errors.Is(err, bot.ErrNotFound) {
				after, err = &bot.PlayerRecord{}, nil
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.refused && (after.Theme != "" || after.Width != 0 || after.NoTextBoard || after.NotationFixed) {
				t.Errorf("a refused %q changed the record: %+v", c.text, after)
			}
			if c.check != nil && !c.check(after) {
				t.Errorf("after %q the record is %+v", c.text, after)
			}
		})
	}
}

// A player's look is in their record: set once, it applies in every game,
// against players of any transport, and the text board goes when turned
// off (the sync board stays); on a transport without pictures the text
// board stays, being the only board drawn.
func TestSettingsFollowThePlayer(t *testing.T) {
	h := lookHarness(t)
	ctx := context.Background()
	h.handle(bot.Message{ID: "m1", From: mailAnn, Text: "set theme contrast; set size large; set textboard off"})
	h.handle(bot.Message{ID: "m2", From: mailAnn, Text: "new chat:bo color=white"})
	h.handle(bot.Message{ID: "m3", From: chatBo, Text: "accept", Game: "g1"})
	h.handle(bot.Message{ID: "m4", From: mailAnn, Text: "new console:carl color=white"})
	h.handle(bot.Message{ID: "m5", From: player("carl"), Text: "accept", Game: "g2"})
	h.handle(bot.Message{ID: "m6", From: player("carl"), Text: "set textboard off"})
	for i, g := range []string{"g1", "g2"} {
		rs := h.handle(bot.Message{ID: "mv" + g, From: mailAnn, Text: "ps a1", Game: g})
		ann := pictureTo(t, rs, mailAnn)
		if ann.Theme != render.Contrast || ann.Width != 960 {
			t.Errorf("game %s: ann's picture %q at %d; want contrast at 960", g, ann.Theme, ann.Width)
		}
		if hasTextBoard(rs, mailAnn) {
			t.Errorf("game %s: ann turned the text board off and still gets it", g)
		}
		if !strings.Contains(textTo(rs, mailAnn.Address), "Sync board") {
			t.Errorf("game %s: the sync board went with the text board", g)
		}
		opp := []bot.Identity{chatBo, player("carl")}[i]
		if i == 0 {
			if bo := pictureTo(t, rs, chatBo); bo.Theme != render.Dark || bo.Width != 0 {
				t.Errorf("bo's picture %q at %d; ann's look must not reach her opponent", bo.Theme, bo.Width)
			}
		}
		if !hasTextBoard(rs, opp) {
			t.Errorf("game %s: %v gets no text board (theirs is on, or they see no pictures)", g, opp)
		}
	}
	p, err := h.ref.Player(ctx, mailAnn)
	if err != nil || p.Theme != render.Contrast || p.Width != 960 || !p.NoTextBoard {
		t.Errorf("ann's stored record %+v, %v", p, err)
	}
	rs := h.handle(bot.Message{ID: "m8", From: player("carl"), Text: "settings"})
	if want := "Text board: always shown to you on the console, which shows no pictures"; !strings.Contains(textTo(rs, "carl"), want) {
		t.Errorf("carl's settings do not say %q:\n%s", want, textTo(rs, "carl"))
	}
	rs = h.handle(bot.Message{ID: "m9", From: mailAnn, Text: "settings"})
	for _, want := range []string{"Picture theme: contrast (you chose it).", "Picture size: large (960 pixels wide).", "Text board under the picture: off. To show it, send \"set textboard on\"."} {
		if !strings.Contains(textTo(rs, mailAnn.Address), want) {
			t.Errorf("settings do not say %q:\n%s", want, textTo(rs, mailAnn.Address))
		}
	}
}

// "set" changes the sender's settings: from a sender the transport cannot
// vouch for it waits for a confirmation; "settings" alone only shows.
func TestSetFromUnverifiedSenderWaits(t *testing.T) {
	h := lookHarness(t)
	h.handle(bot.Message{ID: "m0", From: mailAnn, Text: "settings"})
	h.handle(bot.Message{ID: "m1", From: mailAnn, Text: "set theme dark", Unverified: true})
	p, err := h.ref.Player(context.Background(), mailAnn)
	if err != nil && !errors.Is(err, bot.ErrNotFound) {
		t.Fatal(err)
	}
	if p != nil && p.Theme != "" {
		t.Errorf("an unverified \"set theme dark\" was applied at once: %+v", p)
	}
	rs := h.handle(bot.Message{ID: "m2", From: mailAnn, Text: "settings", Unverified: true})
	if !strings.Contains(textTo(rs, mailAnn.Address), "Picture theme: light") {
		t.Errorf("an unverified \"settings\" is not answered at once:\n%s", textTo(rs, mailAnn.Address))
	}
}

// The picture of the position a disputed move was played from is in the
// reader's look and says the turn of that move, as its caption does.
func TestDisputePictureLook(t *testing.T) {
	h := lookHarness(t)
	h.handle(bot.Message{ID: "m1", From: mailAnn, Text: "new chat:bo color=white"})
	h.handle(bot.Message{ID: "m2", From: chatBo, Text: "accept", Game: "g1"})
	h.handle(bot.Message{ID: "m3", From: mailAnn, Text: "ps a1", Game: "g1"})
	h.handle(bot.Message{ID: "m4", From: chatBo, Text: "a1", Game: "g1"})
	rs := h.handle(bot.Message{ID: "m5", From: mailAnn, Text: "im that square was taken", Game: "g1"})
	var before []*bot.Picture
	for _, r := range rs {
		for _, p := range r.Parts {
			if p.Kind == bot.Image && strings.HasPrefix(p.Picture.Caption, "Before turn 2") {
				before = append(before, p.Picture)
				want := render.Light
				if r.To == chatBo {
					want = render.Dark
				}
				if p.Picture.Theme != want || p.Picture.Turn != "Turn 2 (PTN move 1, black)" {
					t.Errorf("to %v: the picture before the disputed move is %q, labelled %q", r.To, p.Picture.Theme, p.Picture.Turn)
				}
			}
		}
	}
	if len(before) == 0 {
		t.Fatalf("no picture of the position before the disputed move in %q", allText(rs))
	}
}
