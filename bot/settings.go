package bot

import (
	"github.com/takbymail/takbot/bot/account"
	"github.com/takbymail/takbot/render"
)

// A player's look: the settings "settings" shows and "set" changes
// (package bot/account); here, what the referee draws by them.

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
// chose, else their transport's default (account.ThemeOf).
func (r *Referee) themeOf(p *PlayerRecord) render.Theme {
	return account.ThemeOf(p, r.defaultTheme(p.Identity))
}

// dress sets a picture's theme and width to the reader's look.
func (s *session) dress(p *Picture, readerKey string) {
	pl, err := s.player(readerKey)
	if err != nil {
		id, _ := ParseIdentity(readerKey)
		p.Theme = s.r.defaultTheme(id)
		return
	}
	p.Theme, p.Width = s.r.themeOf(pl), account.WidthOf(pl)
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

// transportTitle names a player's transport in a sentence ("email").
func (r *Referee) transportTitle(id Identity) string {
	if e := r.transport(id.Transport); e != nil && e.info.Title != "" {
		return e.info.Title
	}
	return id.Transport
}
