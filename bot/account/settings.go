package account

import (
	"strconv"
	"strings"

	"github.com/takbymail/takbot/bot/news"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/words"
)

// A player's look: the settings "settings" shows and "set" changes. They
// live in the player's record, so they follow the player into every game.

// Looks is what "settings" and "set" need of the message being evaluated.
type Looks interface {
	Turn
	// TransportTitle names a player's transport in a sentence ("email").
	TransportTitle(id record.Identity) string
	// ShowsPictures reports whether the transport of id shows pictures.
	ShowsPictures(id record.Identity) bool
	// ThemeOf is the theme a player's pictures are drawn in.
	ThemeOf(p *record.Player) render.Theme
	// CmdNotation runs "notation", which "set notation" is.
	CmdNotation(c *command.Command) error
	// SetReview runs "set review on|off"; ShowReview adds the review
	// setting to the reply to the player key about game.
	SetReview(value string) error
	ShowReview(to, game string)
	// AtCommit adds a write to the transaction of the message's effects
	// ("set news" keeps its index with it, bot/news).
	AtCommit(fn func(record.Tx) error)
	// SetDigest runs "set digest ..."; ScheduleDigest schedules a
	// player's next digest after their zone changed.
	SetDigest(args []string) error
	ScheduleDigest(p *record.Player)
	// ReminderFraction is the part of a turn's time after which a player
	// who chose no lead is reminded.
	ReminderFraction() float64
	// GamesOf lists a player's games; PeekGame reads one; Game loads one
	// for change, and MarkGame has it written with the message's effects.
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	Game(id string) (*record.Game, error)
	MarkGame(g *record.Game)
}

// The picture widths a player can choose: a named size, or a number of
// pixels from MinPictureWidth to MaxPictureWidth.
const (
	MinPictureWidth = 400
	MaxPictureWidth = 1200
)

// pictureSizes are the named picture widths, smallest first; medium is
// render's default width.
var pictureSizes = []struct {
	name  string
	width int
}{
	{"small", 480},
	{"medium", render.DefaultWidth},
	{"large", 960},
}

// ThemeOf is the theme a player's pictures are drawn in: the one they
// chose, else def, their transport's default. A stored theme render does
// not know (a damaged record) counts as none.
func ThemeOf(p *record.Player, def render.Theme) render.Theme {
	if p.Theme != "" {
		if t, err := render.ParseTheme(string(p.Theme)); err == nil {
			return t
		}
	}
	return def
}

// WidthOf is the width a player's pictures are drawn at, 0 for render's
// default; a stored width out of range counts as none.
func WidthOf(p *record.Player) int {
	if p.Width < MinPictureWidth || p.Width > MaxPictureWidth {
		return 0
	}
	return p.Width
}

// sizeKey is the name of a named width ("" for another width).
func sizeKey(width int) string {
	if width == 0 {
		width = render.DefaultWidth
	}
	for _, s := range pictureSizes {
		if s.width == width {
			return s.name
		}
	}
	return ""
}

// parseSize reads a picture size: a name or a width in pixels.
func parseSize(v string) (int, bool) {
	for _, s := range pictureSizes {
		if v == s.name {
			return s.width, true
		}
	}
	v = strings.TrimSuffix(strings.TrimSuffix(v, "px"), "pixels")
	w, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || w < MinPictureWidth || w > MaxPictureWidth {
		return 0, false
	}
	return w, true
}

// Settings is "settings" (alone: show them) and "set SETTING VALUE".
func Settings(t Looks, c *command.Command) error {
	if len(c.Args) == 0 {
		showSettings(t)
		return nil
	}
	name := strings.ToLower(strings.TrimRight(c.Args[0], ".,!?:")) // trailing punctuation never matters
	// remind, zone and digest (remind.go) take several words
	if ok, err := setTimeSetting(t, name, c.Args[1:]); ok {
		return err
	}
	if name == "news" && len(c.Args) > 1 {
		return news.Set(t, c.Args[1:], t.DefaultGame())
	}
	if len(c.Args) == 1 {
		if !command.ValidSetting(name) {
			return unknownSetting(t, c.Args[0])
		}
		return t.Refused(words.SettingRefused{Kind: words.NoValue, Setting: name, Example: exampleValue(name)})
	}
	if len(c.Args) > 2 {
		return t.Refused(words.SettingRefused{Kind: words.SeveralSettings})
	}
	value := strings.ToLower(strings.TrimRight(c.Args[1], ".,!?:"))
	arg := command.Excerpt(c.Args[1], 20)
	p := t.Sender()
	switch name {
	case "theme":
		th, err := render.ParseTheme(value)
		if err != nil || value == "" {
			return t.Refused(words.SettingRefused{Kind: words.BadTheme, Arg: arg})
		}
		p.Theme = th
		t.MarkPlayer(p)
		t.Tell(p.Key, t.DefaultGame(), words.ThemeSet{Theme: string(th)})
	case "size":
		w, ok := parseSize(value)
		if !ok {
			return t.Refused(words.SettingRefused{Kind: words.BadSize, Min: MinPictureWidth, Max: MaxPictureWidth, Arg: arg})
		}
		p.Width = w
		if w == render.DefaultWidth {
			p.Width = 0
		}
		t.MarkPlayer(p)
		t.Tell(p.Key, t.DefaultGame(), words.SizeSet{Width: w, Name: sizeKey(w)})
	case "textboard":
		on, ok := onOff(value)
		if !ok {
			return t.Refused(words.SettingRefused{Kind: words.NotOnOff, Setting: name, Arg: arg})
		}
		p.NoTextBoard = !on
		t.MarkPlayer(p)
		t.Tell(p.Key, t.DefaultGame(), words.TextBoardSet{On: on, Pictures: t.ShowsPictures(p.Identity)})
	case "notation":
		return t.CmdNotation(&command.Command{Name: "notation", Args: []string{value}})
	case "chat":
		return setChat(t, value, c.Args[1])
	case "review":
		return t.SetReview(value)
	default:
		return unknownSetting(t, c.Args[0])
	}
	return nil
}

// onOff reads the value of an on/off setting.
func onOff(value string) (on, ok bool) {
	switch value {
	case "on", "yes":
		return true, true
	case "off", "no":
		return false, true
	}
	return false, false
}

func unknownSetting(t Turn, name string) error {
	return t.Refused(words.SettingRefused{Kind: words.NoSuchSetting, Arg: command.Excerpt(name, 20), Settings: command.SettingNames()})
}

func exampleValue(name string) string {
	switch name {
	case "theme":
		return "light"
	case "size":
		return "small"
	case "textboard", "chat", "review":
		return "off"
	case "news":
		return "seeks"
	}
	return "ptn"
}

// showSettings tells the sender their settings, each with the exact
// commands that change it.
func showSettings(t Looks) {
	p := t.Sender()
	w := WidthOf(p)
	t.Tell(p.Key, t.DefaultGame(), words.SettingsShown{
		Theme: string(t.ThemeOf(p)), ThemeChosen: p.Theme != "", Transport: t.TransportTitle(p.Identity),
		Width: w, Size: sizeKey(w), MinWidth: MinPictureWidth, MaxWidth: MaxPictureWidth,
		Pictures: t.ShowsPictures(p.Identity), NoTextBoard: p.NoTextBoard, PTN: p.Notation == notation.PTN,
		NoChat: p.NoChat, ChatPublic: p.ChatPublic, Remind: remindLead(t, p.RemindLead), Zone: p.Zone, Digest: digestAt(p),
		News: news.Setting(p),
	})
	t.ShowReview(p.Key, t.DefaultGame())
}

// digestAt is the time of day of a player's digest, "" for none.
func digestAt(p *record.Player) string {
	if p.Digest == nil {
		return ""
	}
	return p.Digest.At
}
