package privacy

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/takbymail/takbot/record"
)

// Viewer is who reads a view: a player's key, or Public for everyone (the
// web pages, a lobby, a leaderboard, metrics).
type Viewer string

// Public is the viewer of whatever anyone may read.
const Public Viewer = ""

// ViewerOf is the viewer a player is.
func ViewerOf(key string) Viewer { return Viewer(key) }

// SeesGame reports whether v may know of game g at all: a private game
// is its players' only.
func (v Viewer) SeesGame(g *record.Game) bool {
	if g == nil {
		return false
	}
	if !g.Private {
		return true
	}
	if v == Public {
		return false
	}
	_, ok := g.ColorOf(string(v))
	return ok
}

// Counts reports whether game g is part of a player's record as v sees
// it: a game v may see that was played, in progress or over (not a
// challenge, nor a declined, expired or aborted game).
func (v Viewer) Counts(g *record.Game) bool {
	return v.SeesGame(g) && (g.Status == record.Active || g.Status == record.Over)
}

// Self reports whether v is the player key.
func (v Viewer) Self(key string) bool { return v != Public && string(v) == key }

// addressLike matches what must never reach a public view: an email
// address (anything@anything) and a Discord id (a snowflake of 15 to 20
// digits).
var addressLike = regexp.MustCompile(`[^\s@<>"'(),;:\[\]]*@[^\s@<>"'(),;:\[\]]+|\b[0-9]{15,20}\b`)

// HiddenName stands for a name that would reveal an address or an id.
const HiddenName = "a player"

// PublicName is a player's display name as a public view may show it: a
// name that is an address or an id (a record's fallback when no display
// name was known) becomes the local part of the address, or HiddenName.
func PublicName(name string) string {
	name = strings.TrimSpace(name)
	if i := strings.IndexByte(name, ':'); i >= 0 && strings.IndexFunc(name[:i], func(r rune) bool { return !unicode.IsLower(r) }) < 0 {
		name = name[i+1:] // "discord:123…", "email:ann@…": a key
	}
	if local, _, ok := strings.Cut(name, "@"); ok {
		local, _, _ = strings.Cut(local, "+")
		name = strings.Trim(local, ".-_")
	}
	if name == "" || addressLike.MatchString(name) {
		return HiddenName
	}
	if len(name) >= 15 && strings.IndexFunc(name, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		return HiddenName
	}
	return name
}

// Scrub hides whatever looks like an address or an id in a text shown to
// the public (a PTN file's comments).
func Scrub(s string) string {
	return addressLike.ReplaceAllString(s, "(hidden)")
}

// NameFor is a player's name as v reads it: their own name to
// themselves, PublicName to anyone else.
func (v Viewer) NameFor(key, name string) string {
	if v.Self(key) {
		return name
	}
	return PublicName(name)
}
