package web

import (
	"regexp"
	"strings"
	"unicode"
)

// addressLike matches what must never reach a page: an email address
// (anything@anything) and a Discord id (a snowflake of 15 to 20 digits).
var addressLike = regexp.MustCompile(`[^\s@<>"'(),;:\[\]]*@[^\s@<>"'(),;:\[\]]+|\b[0-9]{15,20}\b`)

// hiddenName stands for a name that would reveal an address or an id.
const hiddenName = "a player"

// publicName is a player's display name as a page may show it: a name
// that is an address or an id (a record's fallback when no display name
// was known) becomes the local part of the address, or hiddenName.
func publicName(name string) string {
	name = strings.TrimSpace(name)
	if i := strings.IndexByte(name, ':'); i >= 0 && strings.IndexFunc(name[:i], func(r rune) bool { return !unicode.IsLower(r) }) < 0 {
		name = name[i+1:] // "discord:123…", "email:ann@…": a key
	}
	if local, _, ok := strings.Cut(name, "@"); ok {
		local, _, _ = strings.Cut(local, "+")
		name = strings.Trim(local, ".-_")
	}
	if name == "" || addressLike.MatchString(name) {
		return hiddenName
	}
	if len(name) >= 15 && strings.IndexFunc(name, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		return hiddenName
	}
	return name
}

// scrub hides whatever looks like an address or an id in a text shown or
// handed out (a PTN file's comments).
func scrub(s string) string {
	return addressLike.ReplaceAllString(s, "(hidden)")
}
