package bot

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/community"
)

// One player, two transports. "pair" gives the sender a one-time code;
// "pair CODE" sent from another identity (the player's Discord account,
// their mail address) joins the two: the identity that asked for the code
// becomes the primary, the other its alias.
//
// Why the code is the confirmation of both sides: the first identity
// confirms by asking for the code (a command that changes something, so
// an unverified mail cannot do it: the mail transport holds it until the
// sender confirms from their real mailbox); the code goes only to that
// identity, so the second identity proves, by sending it, that the same
// person holds both (and confirms by sending it). The code is random (40
// bits), works once, lasts community.CodeTTL, and a player's hourly message limit
// bounds guessing. The first identity is told at once, with "unpair" to
// undo it.
//
// What joining does: the alias's games move to the primary (their seat's
// key becomes the primary's, listed in the alias's Moved), so one game
// list serves both; the primary's settings, name and rating are the
// player's (the alias's stay in its record, unused, and come back at
// "unpair"). A message from the alias is handled as the primary's; the
// answer goes back to the identity it came from, and events (an
// opponent's move, a reminder) go to the identity the player last wrote
// from (PlayerRecord.Via). "unpair", from either, moves the alias's games
// back; games begun while paired stay with the primary.

// pairPrefix keys the pairing codes in refereeSpace: "pair/KX7M2QPA".
const pairPrefix = "pair/"

// maxPairGames bounds the games that move when two identities pair.
const maxPairGames = 200

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

// cmdPair gives a code, joins with one, or ("unpair", "pair off")
// separates.
func (s *session) cmdPair(c *Command) error {
	word := ""
	if f := strings.Fields(c.Text); len(f) > 0 {
		word = strings.ToLower(f[0])
	}
	switch {
	case word == "unpair" && len(c.Args) == 0, word != "unpair" && len(c.Args) == 1 && strings.EqualFold(c.Args[0], "off"):
		return s.unpair()
	case word == "unpair":
		return refuse("\"unpair\" takes nothing after it")
	case len(c.Args) == 0:
		return s.pairCode()
	case len(c.Args) > 1:
		return refuse("write the code as one word, e.g. \"pair KX7M-2QPA\"")
	}
	return s.pairJoin(c.Args[0])
}

// pairCode gives the sender a one-time code.
func (s *session) pairCode() error {
	me := s.sender
	if me.Paired != "" {
		return refuse("your account is already paired with %s; send \"unpair\" first to pair it with another", s.identityText(me.Paired))
	}
	code, err := community.NewCode(nil)
	if err != nil {
		return err
	}
	expires := s.now.Add(community.CodeTTL)
	ticket := community.Ticket{Key: me.Key, Expires: expires}.Encode()
	old, now := me.PairCode, s.now
	s.extra = append(s.extra, func(tx Tx) error {
		// Retire the sender's earlier code and every expired one.
		var stale []string
		if err := tx.ScanState(refereeSpace, pairPrefix, func(k string, v []byte) error {
			if !community.DecodeTicket(v).Valid(now) || k == pairPrefix+old {
				stale = append(stale, k)
			}
			return nil
		}); err != nil {
			return err
		}
		for _, k := range stale {
			if err := tx.DeleteState(refereeSpace, k); err != nil {
				return err
			}
		}
		return tx.PutState(refereeSpace, pairPrefix+code, ticket)
	})
	me.PairCode = code
	s.markPlayer(me)
	d := s.tell(me.Key, "")
	d.say("Your pairing code is %s. Send \"pair %s\" from your other account (this takbot runs %s) before %s, and the two become one player: one game list, one rating and your settings here. "+
		"The code works once. Give it to nobody: whoever sends it joins your account.", community.ShowCode(code), community.ShowCode(code), s.r.runningNames(), fmtTime(expires))
	return nil
}

// pairJoin joins the sender to the identity that was given code w.
func (s *session) pairJoin(w string) error {
	me := s.sender
	code, ok := community.ReadCode(w)
	if !ok {
		return refuse("%q is not a pairing code: a code has %d letters and digits, like KX7M-2QPA. Send \"pair\" from your other account to get one", excerpt(w, 20), community.CodeLen)
	}
	var raw []byte
	err := s.view(func(tx Tx) error {
		var err error
		raw, err = tx.State(refereeSpace, pairPrefix+code)
		return err
	})
	var t community.Ticket
	switch {
	case errors.Is(err, ErrNotFound):
	case err != nil:
		return err
	default:
		t = community.DecodeTicket(raw)
	}
	if !t.Valid(s.now) {
		return refuse("the code %s does not work: a code works once, for %d minutes. Send \"pair\" from your other account for a new one", community.ShowCode(code), int(community.CodeTTL/time.Minute))
	}
	if t.Key == me.Key {
		return refuse("send this code from your other account (by mail or on Discord), not from the one that asked for it")
	}
	if me.Paired != "" || me.Alias != "" {
		return refuse("this account is already paired; send \"unpair\" first")
	}
	if st := stripeOf(t.Key); !s.ls.has(st) {
		return &needLock{st}
	}
	primary, err := s.player(t.Key)
	if err != nil {
		return err
	}
	if primary.Paired != "" || primary.Alias != "" {
		return refuse("the account that asked for this code is paired with another meanwhile; it must send \"unpair\" first")
	}
	ids, err := s.gamesOf(me.Key)
	if err != nil {
		return err
	}
	if len(ids) > maxPairGames {
		return refuse("this account has %d games, and at most %d can join another account's list", len(ids), maxPairGames)
	}
	var moved []*gameState
	for _, id := range ids {
		gs, err := s.game(id)
		if err != nil {
			return err
		}
		c, _ := gs.rec.ColorOf(me.Key)
		switch other := gs.rec.Players[c.Opponent()]; {
		case other == primary.Key && (gs.rec.Status == Active || gs.rec.Status == Challenged):
			return refuse("your two accounts play each other in game %s: finish it (or withdraw the challenge) before you pair them", id)
		case other == primary.Key:
			continue // a finished game between the two stays as it was
		}
		moved = append(moved, gs)
	}
	me.Moved = nil
	for _, gs := range moved {
		c, _ := gs.rec.ColorOf(me.Key)
		gs.rec.Players[c] = primary.Key
		gs.dirty = true
		me.Moved = append(me.Moved, gs.rec.ID)
	}
	me.Alias, primary.Paired, primary.Via, primary.PairCode = primary.Key, me.Key, "", ""
	s.markPlayer(me)
	s.markPlayer(primary)
	s.extra = append(s.extra, func(tx Tx) error { return tx.DeleteState(refereeSpace, pairPrefix+code) })
	joined := "This account had no games of its own to add."
	if len(moved) > 0 {
		joined = plural(len(moved), "game of this account joined", "games of this account joined") + " the list."
	}
	s.tell(me.Key, "").say("Paired: %s and %s are now one player, %s, with one game list. %s Your settings, name and rating are those of %s. "+
		"Answers come back where you write from; news of your games goes where you last wrote from. Send \"unpair\" from either to separate them.",
		s.identityText(me.Key), s.identityText(primary.Key), primary.Name, joined, s.identityText(primary.Key))
	s.tellDirect(primary.Key).say("%s is now paired with %s: the code you asked for was sent from there, so both are you, %s, with one game list and your settings. "+
		"If that was not you, send \"unpair\" at once.", capitalize(s.identityText(primary.Key)), s.identityText(me.Key), primary.Name)
	return nil
}

// unpair separates the sender's paired identities.
func (s *session) unpair() error {
	primary := s.sender
	if primary.Paired == "" {
		return refuse("your account is not paired with another; \"pair\" gives a code to pair it")
	}
	if st := stripeOf(primary.Paired); !s.ls.has(st) {
		return &needLock{st}
	}
	alias, err := s.player(primary.Paired)
	if err != nil {
		return err
	}
	back := 0
	for _, id := range alias.Moved {
		gs, err := s.game(id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		for c, k := range gs.rec.Players {
			if k == primary.Key {
				gs.rec.Players[c] = alias.Key
				gs.dirty = true
				back++
			}
		}
	}
	aliasKey := alias.Key
	alias.Alias, alias.Moved = "", nil
	primary.Paired, primary.Via = "", ""
	s.markPlayer(alias)
	s.markPlayer(primary)
	went := "No game went back"
	if back > 0 {
		went = plural(back, "game went back", "games went back")
	}
	text := fmt.Sprintf("Unpaired: %s and %s are two players again. %s to %s; the games begun while they were paired stay with %s, and each keeps its own settings.",
		s.identityText(primary.Key), s.identityText(aliasKey), went, s.identityText(aliasKey), s.identityText(primary.Key))
	from := s.msg.From.Key()
	s.tellDirect(from).say("%s", text)
	other := primary.Key
	if from == primary.Key {
		other = aliasKey
	}
	s.tellDirect(other).say("%s (\"unpair\" was sent from %s.)", text, s.identityText(from))
	return nil
}

// identityText names an identity for its own player: "your email
// account alice@example.org", "your Discord account Alice" (a Discord
// address is a number: the name says more).
func (s *session) identityText(key string) string {
	id, ok := ParseIdentity(key)
	if !ok {
		return key
	}
	title, who := id.Transport, id.Address
	if e := s.r.transport(id.Transport); e != nil {
		title = strings.TrimPrefix(e.info.Title, "the ")
		if e.info.DisplayName != nil && e.info.ParseAddress != nil && strings.Trim(who, "0123456789") == "" {
			if p, err := s.player(key); err == nil && p.Name != "" {
				who = p.Name
			}
		}
	}
	return fmt.Sprintf("your %s account %s", title, who)
}
