package record

import "strings"

// Identity is a player on a transport: an email address, a Discord user id
// or a console name. One game may have its players on different transports.
type Identity struct {
	Transport string // a registered transport's name: "email", "discord", "console"
	Address   string // the player's address on it
}

// Key returns the identity's canonical key "transport:address", with the
// address lower-cased. Player records are stored under it.
func (id Identity) Key() string {
	return strings.ToLower(id.Transport) + ":" + strings.ToLower(strings.TrimSpace(id.Address))
}

// String returns the key.
func (id Identity) String() string { return id.Key() }

// ParseIdentity reads a key written by Key ("console:bob").
func ParseIdentity(key string) (Identity, bool) {
	t, a, ok := strings.Cut(key, ":")
	if !ok || t == "" || a == "" {
		return Identity{}, false
	}
	return Identity{Transport: t, Address: a}, true
}
