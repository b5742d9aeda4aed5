package community

// Transport is what challenges and pairing know of a transport of the
// referee's: how a player names an address on it, and whether it runs.
type Transport struct {
	// Name is the identity prefix ("email"); Title names it in
	// sentences ("email", "Discord").
	Name, Title string
	// Running is false for a transport the referee knows but does not
	// run: its players cannot be reached.
	Running bool
	// Named is set when the transport knows display names: its addresses
	// are numbers that say less than the name.
	Named bool
	// ParseAddress reads an address as a player writes it (nil: none).
	ParseAddress func(text string) (address string, ok bool)
	// Lobby is the key of the transport's lobby ("": none), told of open
	// challenges.
	Lobby string
}

// RefereeSpace is the referee's own key space in the state store, beside
// the transports' (a transport's name has no '~'): the open seeks'
// index and the pairing codes.
const RefereeSpace = "~referee"
