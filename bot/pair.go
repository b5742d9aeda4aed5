package bot

// One player, two transports: "pair" and "unpair" are bot/pairing's
// (its doc says what pairing does and why the code confirms both sides).
// Here, the referee's side: replies are routed to the identity a player
// wrote from (a message from a paired identity is the primary's:
// pairing.Resolve).

// person returns the player a key stands for: the primary of a paired
// identity, else the key's own record.
func (s *session) person(key string) (*PlayerRecord, error) {
	p, err := s.player(key)
	if err != nil || p.Alias == "" {
		return p, err
	}
	return s.player(p.Alias)
}

// route is the identity a draft goes to: the identity the message came
// from for the sender, the identity a paired player last wrote from for
// others, else the draft's own key.
func (s *session) route(d *draft) Identity {
	id, _ := ParseIdentity(d.to)
	if d.direct {
		return id
	}
	if s.sender != nil && d.to == s.sender.Key && s.msg.From.Transport != "" {
		from, _ := ParseIdentity(s.msg.From.Key())
		return from
	}
	if p, err := s.player(d.to); err == nil && p.Paired != "" && p.Via != "" {
		if via, ok := ParseIdentity(p.Via); ok {
			return via
		}
	}
	return id
}
