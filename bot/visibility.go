package bot

import (
	"regexp"
	"strings"
	"unicode"
)

// Privacy in one filter. Every read view of games and players decides
// what it shows here, and nowhere else: "stats", "seeks", "games",
// "watch", the leaderboards, the web pages (package web reads through
// Viewer too) and the lobbies.
//
//   - A private game (GameRecord.Private, "private=yes") is seen by its
//     two players only: to anyone else it does not exist (Viewer.SeesGame).
//     It is never rated (GameRecord.Rated), since a rating would tell its
//     result.
//   - A player's record, as others see it, is made of the games they see
//     of the player, in progress or over (Viewer.Counts). A player of
//     whom a viewer sees no such game is, to that viewer, unknown: "stats"
//     answers as for a name or an address nobody plays under, and the web
//     has no page for them. So no answer tells whether an address plays
//     here.
//   - An open challenge ("new anyone") is an offer to anyone: its seeker
//     and options are listed ("seeks", the lobbies) even with
//     private=yes; once a private one is taken, the lobbies are told that
//     it was accepted, not by whom.
//   - Names are shown as PublicName writes them: never an address or a
//     Discord id. Namesakes are told apart by their transport and a game
//     the viewer can see (package ranking), never by their address.

// Viewer is who reads a view: a player's key, or Public for everyone (the
// web pages, a lobby, a leaderboard, metrics).
type Viewer string

// Public is the viewer of whatever anyone may read.
const Public Viewer = ""

// ViewerOf is the viewer a player is.
func ViewerOf(key string) Viewer { return Viewer(key) }

// SeesGame reports whether v may know of game g at all: a private game
// is its players' only.
func (v Viewer) SeesGame(g *GameRecord) bool {
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
func (v Viewer) Counts(g *GameRecord) bool {
	return v.SeesGame(g) && (g.Status == Active || g.Status == Over)
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
