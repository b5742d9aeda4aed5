package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
)

// A player's look: the settings "settings" shows and "set" changes. They
// live in the player's record, so they follow the player into every game.

// The picture widths a player can choose: a named size, or a number of
// pixels from minPictureWidth to maxPictureWidth.
const (
	minPictureWidth = 400
	maxPictureWidth = 1200
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

// defaultTheme is the picture theme of a player of transport id who has
// not chosen one.
func (r *Referee) defaultTheme(id Identity) render.Theme {
	if e := r.transport(id.Transport); e != nil && e.info.DefaultTheme != "" {
		if t, err := render.ParseTheme(string(e.info.DefaultTheme)); err == nil {
			return t
		}
	}
	return render.Dark
}

// showsPictures reports whether the transport of id shows pictures.
func (r *Referee) showsPictures(id Identity) bool {
	e := r.transport(id.Transport)
	return e != nil && e.info.Limits.Pictures
}

// themeOf is the theme a player's pictures are drawn in: the one they
// chose, else their transport's default. A stored theme render does not
// know (a damaged record) counts as none.
func (r *Referee) themeOf(p *PlayerRecord) render.Theme {
	if p.Theme != "" {
		if t, err := render.ParseTheme(string(p.Theme)); err == nil {
			return t
		}
	}
	return r.defaultTheme(p.Identity)
}

// widthOf is the width a player's pictures are drawn at, 0 for render's
// default; a stored width out of range counts as none.
func widthOf(p *PlayerRecord) int {
	if p.Width < minPictureWidth || p.Width > maxPictureWidth {
		return 0
	}
	return p.Width
}

// sizeName names a width: "medium (640 pixels wide)", "600 pixels wide".
func sizeName(width int) string {
	if width == 0 {
		width = render.DefaultWidth
	}
	for _, s := range pictureSizes {
		if s.width == width {
			return fmt.Sprintf("%s (%d pixels wide)", s.name, width)
		}
	}
	return fmt.Sprintf("%d pixels wide", width)
}

// dress sets a picture's theme and width to the reader's look.
func (s *session) dress(p *Picture, readerKey string) {
	pl, err := s.player(readerKey)
	if err != nil {
		id, _ := ParseIdentity(readerKey)
		p.Theme = s.r.defaultTheme(id)
		return
	}
	p.Theme, p.Width = s.r.themeOf(pl), widthOf(pl)
}

// textBoard reports whether a reader gets the text board under a picture:
// unless they turned it off, and always on a transport without pictures,
// where it is the only board drawn.
func (s *session) textBoard(readerKey string) bool {
	pl, err := s.player(readerKey)
	if err != nil {
		return true
	}
	return !pl.NoTextBoard || !s.r.showsPictures(pl.Identity)
}

// cmdSettings is "settings" (alone: show them) and "set SETTING VALUE".
func (s *session) cmdSettings(c *Command) error {
	if len(c.Args) == 0 {
		s.showSettings()
		return nil
	}
	name := strings.ToLower(strings.TrimRight(c.Args[0], ".,!?:")) // trailing punctuation never matters
	// remind, zone and digest (remind.go) take several words
	if ok, err := s.setTimeSetting(name, c.Args[1:]); ok {
		return err
	}
	if len(c.Args) == 1 {
		if !validSetting(name) {
			return unknownSetting(c.Args[0])
		}
		return refuse("say the value too, e.g. %q; send \"settings\" to see yours", "set "+name+" "+exampleValue(name))
	}
	if len(c.Args) > 2 {
		return refuse("set one setting at a time, e.g. \"set theme light\"")
	}
	value := strings.ToLower(strings.TrimRight(c.Args[1], ".,!?:"))
	p := s.sender
	switch name {
	case "theme":
		t, err := render.ParseTheme(value)
		if err != nil || value == "" {
			return refuse("theme must be light, dark or contrast, not %q", excerpt(c.Args[1], 20))
		}
		p.Theme = t
		s.markPlayer(p)
		s.tell(p.Key, s.defaultGame()).say("Your pictures are now drawn in the %s theme, in all your games.", t)
	case "size":
		w, ok := parseSize(value)
		if !ok {
			return refuse("size must be small, medium, large or a width from %d to %d pixels, not %q", minPictureWidth, maxPictureWidth, excerpt(c.Args[1], 20))
		}
		p.Width = w
		if w == render.DefaultWidth {
			p.Width = 0
		}
		s.markPlayer(p)
		s.tell(p.Key, s.defaultGame()).say("Your pictures are now %s, in all your games.", sizeName(w))
	case "textboard":
		switch value {
		case "on", "yes":
			p.NoTextBoard = false
		case "off", "no":
			p.NoTextBoard = true
		default:
			return refuse("textboard must be on or off, not %q", excerpt(c.Args[1], 20))
		}
		s.markPlayer(p)
		d := s.tell(p.Key, s.defaultGame())
		switch {
		case !p.NoTextBoard:
			d.say("Your replies now show the text board under each picture.")
		case s.r.showsPictures(p.Identity):
			d.say("Your replies no longer show the text board under each picture; the sync board stays.")
		default:
			d.say("Your replies will leave out the text board under each picture where the picture is shown; here, where no picture is, you keep it.")
		}
	case "notation":
		return s.cmdNotation(&Command{Name: "notation", Args: []string{value}})
	case "chat":
		return s.setChat(value, c.Args[1])
	case "review":
		return analysis.SetReview(s, value)
	default:
		return unknownSetting(c.Args[0])
	}
	return nil
}

func unknownSetting(name string) error {
	return refuse("there is no setting %q; you can set %s (send \"settings\" to see yours)", excerpt(name, 20), joinOr(settingNames))
}

func exampleValue(name string) string {
	switch name {
	case "theme":
		return "light"
	case "size":
		return "small"
	case "textboard", "chat", "review":
		return "off"
	}
	return "ptn"
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
	if err != nil || w < minPictureWidth || w > maxPictureWidth {
		return 0, false
	}
	return w, true
}

// showSettings tells the sender their settings, each with the exact
// commands that change it.
func (s *session) showSettings() {
	p := s.sender
	d := s.tell(p.Key, s.defaultGame())
	d.say("Your settings, the same in all your games:")

	theme := s.r.themeOf(p)
	how := "you chose it"
	if p.Theme == "" {
		how = "the default for " + s.r.transportTitle(p.Identity)
	}
	d.say("Picture theme: %s (%s). To change it, send %s.", theme, how, otherChoices("set theme", string(theme), []string{"light", "dark", "contrast"}))

	w := widthOf(p)
	d.say("Picture size: %s. To change it, send %s, or a width from %d to %d pixels such as \"set size 600\".",
		sizeName(w), otherChoices("set size", sizeKey(w), []string{"small", "medium", "large"}), minPictureWidth, maxPictureWidth)

	switch {
	case !s.r.showsPictures(p.Identity):
		d.say("Text board: always shown to you on %s, which shows no pictures (\"set textboard off\" leaves it out where pictures are shown).", s.r.transportTitle(p.Identity))
	case p.NoTextBoard:
		d.say("Text board under the picture: off. To show it, send \"set textboard on\".")
	default:
		d.say("Text board under the picture: on. To leave it out, send \"set textboard off\".")
	}

	if p.Notation == notation.PTN {
		d.say("Notation: PTN (a1 is the south-west corner). To change it, send \"set notation mail\".")
	} else {
		d.say("Notation: Tak by Mail (A1 is the north-west corner). To change it, send \"set notation ptn\".")
	}
	d.say("%s", chatSetting(p))
	s.showTimeSettings(d)
	d.line(analysis.ShowReview(s.sender))
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

// otherChoices lists the commands that pick each value but the current
// one: "\"set theme dark\" or \"set theme contrast\"".
func otherChoices(prefix, current string, values []string) string {
	var out []string
	for _, v := range values {
		if v != current {
			out = append(out, strconv.Quote(prefix+" "+v))
		}
	}
	switch len(out) {
	case 0:
		return ""
	case 1:
		return out[0]
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}

// transportTitle names a player's transport in a sentence ("email").
func (r *Referee) transportTitle(id Identity) string {
	if e := r.transport(id.Transport); e != nil && e.info.Title != "" {
		return e.info.Title
	}
	return id.Transport
}
