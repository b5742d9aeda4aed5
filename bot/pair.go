package bot

// One player, two transports: "pair" and "unpair" are bot/pairing's
// (its doc says what pairing does and why the code confirms both sides).
// Here, the referee's side: a message from a paired identity is the
// primary's, and replies are routed to the identity a player wrote from.

// person returns the player a key stands for: the primary of a paired
// identity, else the key's own record.
func (s *session) person(key string) (*PlayerRecord, error) {
	p, err := s.player(key)
	if err != nil || p.Alias == "" {
		return p, err
	}
	return s.player(p.Alias)
}

// resolveSender makes a message from a paired identity the primary's: it
// returns the primary's record (under its lock) and notes where the
// player wrote from.
func (s *session) resolveSender(own *PlayerRecord) (*PlayerRecord, error) {
	p := own
	if own.Alias != "" {
		if st := stripeOf(own.Alias); !s.ls.has(st) {
			return nil, &needLock{st}
		}
		primary, err := s.player(own.Alias)
		if err != nil {
			return nil, err
		}
		if primary.Paired != own.Key {
			return own, nil // a half-written pair: the identity stands alone
		}
		p = primary
	}
	if p.Paired != "" && !s.msg.Unverified {
		via := own.Key
		if via == p.Key {
			via = ""
		}
		if p.Via != via {
			p.Via = via
			s.markPlayer(p)
		}
	}
	return p, nil
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

// tellDirect returns a draft to one identity, never routed elsewhere.
func (s *session) tellDirect(key string) *draft {
	d := &draft{to: key, direct: true, public: true}
	s.drafts = append(s.drafts, d)
	return d
}
