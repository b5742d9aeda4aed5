package pairing

import (
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Turn is what pairing needs of the message being evaluated (bot's
// session implements it). Players and games read through it are the
// session's: a change is written with the message's other changes once
// marked (MarkPlayer, MarkGame).
type Turn interface {
	// Now is when the referee evaluates the message; Sender the sending
	// player (a paired identity's primary); From the identity the message
	// came from.
	Now() time.Time
	Sender() *record.Player
	From() record.Identity
	Player(key string) (*record.Player, error)
	MarkPlayer(p *record.Player)
	// Locked is nil when the session holds the lock of player key's
	// records, else the error that runs the message again with it.
	Locked(keys ...string) error
	// GamesOf lists a player's game ids; Game loads one under its lock.
	GamesOf(key string) ([]string, error)
	Game(id string) (*record.Game, error)
	MarkGame(g *record.Game)
	// View reads the store; Extra adds a write to the message's commit.
	View(fn func(record.Tx) error) error
	Extra(fn func(record.Tx) error)
	// Refused refuses the command, saying why.
	Refused(o words.Outcome) error
	// Tell answers player to about game ("": none); TellDirect tells
	// one identity, never routed to the identity a paired player last
	// wrote from.
	Tell(to, game string, o words.Outcome)
	TellDirect(key string, o words.Outcome)
	// Transports lists the referee's transports.
	Transports(first string) []community.Transport
	// Unverified reports whether the transport cannot vouch for the
	// message's sender.
	Unverified() bool
}

// Resolve makes a message from a paired identity, own, the primary's: it
// returns the primary's record (under its lock) and notes where the
// player wrote from. It runs before the sender is known (Turn.Sender is
// not read).
func Resolve(t Turn, own *record.Player) (*record.Player, error) {
	p := own
	if own.Alias != "" {
		if err := t.Locked(own.Alias); err != nil {
			return nil, err
		}
		primary, err := t.Player(own.Alias)
		if err != nil {
			return nil, err
		}
		if primary.Paired != own.Key {
			return own, nil // a half-written pair: the identity stands alone
		}
		p = primary
	}
	if p.Paired != "" && !t.Unverified() {
		via := own.Key
		if via == p.Key {
			via = ""
		}
		if p.Via != via {
			p.Via = via
			t.MarkPlayer(p)
		}
	}
	return p, nil
}

// pairPrefix keys the pairing codes in community.RefereeSpace:
// "pair/KX7M2QPA".
const pairPrefix = "pair/"

// maxPairGames bounds the games that move when two identities pair.
const maxPairGames = 200

// Pair gives a code ("pair"), joins with one ("pair CODE"), or
// separates ("unpair", "pair off").
func Pair(t Turn, c *command.Command) error {
	word := ""
	if f := strings.Fields(c.Text); len(f) > 0 {
		word = strings.ToLower(f[0])
	}
	switch {
	case word == "unpair" && len(c.Args) == 0, word != "unpair" && len(c.Args) == 1 && strings.EqualFold(c.Args[0], "off"):
		return unpair(t)
	case word == "unpair":
		return t.Refused(words.PairRefusal{Reason: words.UnpairArgs})
	case len(c.Args) == 0:
		return pairCode(t)
	case len(c.Args) > 1:
		return t.Refused(words.PairRefusal{Reason: words.PairCodeWords})
	}
	return pairJoin(t, c.Args[0])
}

// pairCode gives the sender a one-time code.
func pairCode(t Turn) error {
	me := t.Sender()
	if me.Paired != "" {
		return t.Refused(words.PairRefusal{Reason: words.AlreadyPairedWith, With: account(t, me.Paired)})
	}
	code, err := community.NewCode(nil)
	if err != nil {
		return err
	}
	now := t.Now()
	expires := now.Add(community.CodeTTL)
	ticket := community.Ticket{Key: me.Key, Expires: expires}.Encode()
	old := me.PairCode
	t.Extra(func(tx record.Tx) error {
		// Retire the sender's earlier code and every expired one.
		var stale []string
		if err := tx.ScanState(community.RefereeSpace, pairPrefix, func(k string, v []byte) error {
			if !community.DecodeTicket(v).Valid(now) || k == pairPrefix+old {
				stale = append(stale, k)
			}
			return nil
		}); err != nil {
			return err
		}
		for _, k := range stale {
			if err := tx.DeleteState(community.RefereeSpace, k); err != nil {
				return err
			}
		}
		return tx.PutState(community.RefereeSpace, pairPrefix+code, ticket)
	})
	me.PairCode = code
	t.MarkPlayer(me)
	t.Tell(me.Key, "", words.PairCodeGiven{Code: community.ShowCode(code), Runs: runningNames(t), Expires: expires})
	return nil
}

// pairJoin joins the sender to the identity that was given code w.
func pairJoin(t Turn, w string) error {
	me := t.Sender()
	code, ok := community.ReadCode(w)
	if !ok {
		return t.Refused(words.PairRefusal{Reason: words.NotACode, Arg: command.Excerpt(w, 20), Count: community.CodeLen})
	}
	primary, err := ticketHolder(t, code)
	if err != nil {
		return err
	}
	ids, err := t.GamesOf(me.Key)
	if err != nil {
		return err
	}
	if len(ids) > maxPairGames {
		return t.Refused(words.PairRefusal{Reason: words.TooManyGames, Count: len(ids), Max: maxPairGames})
	}
	moved, err := gamesToMove(t, ids, primary.Key)
	if err != nil {
		return err
	}
	me.Moved = nil
	for _, g := range moved {
		c, _ := g.ColorOf(me.Key)
		g.Players[c] = primary.Key
		t.MarkGame(g)
		me.Moved = append(me.Moved, g.ID)
	}
	me.Alias, primary.Paired, primary.Via, primary.PairCode = primary.Key, me.Key, "", ""
	t.MarkPlayer(me)
	t.MarkPlayer(primary)
	t.Extra(func(tx record.Tx) error { return tx.DeleteState(community.RefereeSpace, pairPrefix+code) })
	paired := words.Paired{Alias: account(t, me.Key), Primary: account(t, primary.Key), Name: primary.Name, Moved: len(moved)}
	t.Tell(me.Key, "", paired)
	paired.ToPrimary = true
	t.TellDirect(primary.Key, paired)
	return nil
}

// ticketHolder is the player who was given code, when the sender may
// join them.
func ticketHolder(t Turn, code string) (*record.Player, error) {
	me := t.Sender()
	var raw []byte
	err := t.View(func(tx record.Tx) error {
		var err error
		raw, err = tx.State(community.RefereeSpace, pairPrefix+code)
		return err
	})
	var tk community.Ticket
	switch {
	case errors.Is(err, record.ErrNotFound):
	case err != nil:
		return nil, err
	default:
		tk = community.DecodeTicket(raw)
	}
	if !tk.Valid(t.Now()) {
		return nil, t.Refused(words.PairRefusal{Reason: words.CodeDead, Arg: community.ShowCode(code), Count: int(community.CodeTTL / time.Minute)})
	}
	if tk.Key == me.Key {
		return nil, t.Refused(words.PairRefusal{Reason: words.OwnCode})
	}
	if me.Paired != "" || me.Alias != "" {
		return nil, t.Refused(words.PairRefusal{Reason: words.ThisPaired})
	}
	if err := t.Locked(tk.Key); err != nil {
		return nil, err
	}
	primary, err := t.Player(tk.Key)
	if err != nil {
		return nil, err
	}
	if primary.Paired != "" || primary.Alias != "" {
		return nil, t.Refused(words.PairRefusal{Reason: words.OtherPaired})
	}
	return primary, nil
}

// gamesToMove are the sender's games that join primary's list: all but
// the finished games between the two; a game in progress between them
// refuses the pairing.
func gamesToMove(t Turn, ids []string, primary string) ([]*record.Game, error) {
	me := t.Sender().Key
	var moved []*record.Game
	for _, id := range ids {
		g, err := t.Game(id)
		if err != nil {
			return nil, err
		}
		c, _ := g.ColorOf(me)
		switch other := g.Players[c.Opponent()]; {
		case other == primary && (g.Status == record.Active || g.Status == record.Challenged):
			return nil, t.Refused(words.PairRefusal{Reason: words.PlayEachOther, Arg: id})
		case other == primary:
			continue // a finished game between the two stays as it was
		}
		moved = append(moved, g)
	}
	return moved, nil
}

// unpair separates the sender's paired identities.
func unpair(t Turn) error {
	primary := t.Sender()
	if primary.Paired == "" {
		return t.Refused(words.PairRefusal{Reason: words.NotPaired})
	}
	if err := t.Locked(primary.Paired); err != nil {
		return err
	}
	alias, err := t.Player(primary.Paired)
	if err != nil {
		return err
	}
	back := 0
	for _, id := range alias.Moved {
		g, err := t.Game(id)
		if errors.Is(err, record.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		for _, c := range []tak.Color{tak.White, tak.Black} {
			if g.Players[c] == primary.Key {
				g.Players[c] = alias.Key
				t.MarkGame(g)
				back++
			}
		}
	}
	aliasKey := alias.Key
	alias.Alias, alias.Moved = "", nil
	primary.Paired, primary.Via = "", ""
	t.MarkPlayer(alias)
	t.MarkPlayer(primary)
	from := t.From().Key()
	other := primary.Key
	if from == primary.Key {
		other = aliasKey
	}
	unpaired := words.Unpaired{Primary: account(t, primary.Key), Alias: account(t, aliasKey), Back: back}
	t.TellDirect(from, unpaired)
	sent := account(t, from)
	unpaired.From = &sent
	t.TellDirect(other, unpaired)
	return nil
}

// account names an identity for its own player: by its address, or by
// its player's name where the address is a number (a Discord id).
func account(t Turn, key string) words.Account {
	id, ok := record.ParseIdentity(key)
	if !ok {
		return words.Account{Who: key}
	}
	a := words.Account{Title: id.Transport, Who: id.Address}
	all := t.Transports(id.Transport)
	if i := slices.IndexFunc(all, func(e community.Transport) bool { return strings.EqualFold(e.Name, id.Transport) }); i >= 0 {
		e := all[i]
		a.Title = strings.TrimPrefix(e.Title, "the ")
		if e.Named && e.ParseAddress != nil && strings.Trim(a.Who, "0123456789") == "" {
			if p, err := t.Player(key); err == nil && p.Name != "" {
				a.Who = p.Name
			}
		}
	}
	return a
}

// runningNames lists the running transports: "console and email".
func runningNames(t Turn) string {
	var names []string
	for _, e := range t.Transports("") {
		if e.Running {
			names = append(names, e.Title)
		}
	}
	switch len(names) {
	case 0:
		return "no transport"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
