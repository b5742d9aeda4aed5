package consent

import (
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Session is what the rules that read the store need of the message
// being evaluated; the referee's session implements it.
type Session interface {
	// Now is when the referee evaluates the message; Sender who sent it.
	Now() time.Time
	Sender() *record.Player
	// GamesOf lists a player's games; PeekGame reads one under its lock.
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	// ChallengeExpiry is when a challenge expires unanswered.
	ChallengeExpiry(g *record.Game) time.Time
	// Quotas are the referee's quotas (with their defaults).
	Quotas() Quotas
	// MomentOf stamps an action on game g with where the game stands.
	MomentOf(g *record.Game) string
	// Refused refuses the command being run; RefusedWith offers actions.
	Refused(o words.Outcome) error
	RefusedWith(o words.Outcome, actions ...record.Action) error
	// ConsentOf is the consent a transport keeps, nil for none.
	ConsentOf(transport string) Consent
	// View reads the store; Extra adds a write to the transaction of
	// the message's effects.
	View(fn func(record.Tx) error) error
	Extra(fn func(record.Tx) error)
}

// CheckOwnChallenges refuses a challenge or an open challenge ("new
// anyone") from a sender who has as many waiting as the quotas allow;
// open challenges count among them. Each is offered to be withdrawn.
func CheckOwnChallenges(t Session) error {
	most := t.Quotas().OpenChallenges
	mine, err := waitingOf(t, t.Sender().Key, true)
	if err != nil || len(mine) < most {
		return err
	}
	var cmds []record.Action
	for _, id := range mine {
		a := record.Action{Label: words.WithdrawChallenge(id), Command: "cancel", Game: id}
		if g, err := t.PeekGame(id); err == nil {
			a.Moment = t.MomentOf(g) // once accepted, the button withdraws nothing else
		}
		cmds = append(cmds, a)
	}
	return t.RefusedWith(words.OwnChallengesFull{IDs: mine, Max: most}, cmds...)
}

// CheckChallenges refuses a challenge from the sender to op when the
// sender has too many challenges waiting, or op has too many to answer.
// The caller holds op's lock, so two challengers cannot both pass the
// last free place.
func CheckChallenges(t Session, op *record.Player) error {
	if err := CheckOwnChallenges(t); err != nil {
		return err
	}
	theirs, err := waitingOf(t, op.Key, false)
	if err != nil || len(theirs) < t.Quotas().ChallengesTo {
		return err
	}
	return t.Refused(words.ChallengesToFull{Name: op.Name, N: len(theirs)})
}

// waitingOf lists the challenges of a player that wait for an answer
// (Waiting): those the player sent (sent) or those sent to them,
// including the ones this message created.
func waitingOf(t Session, key string, sent bool) ([]string, error) {
	ids, err := t.GamesOf(key)
	if err != nil {
		return nil, err
	}
	gs := make([]*record.Game, 0, len(ids))
	for _, id := range ids {
		g, err := t.PeekGame(id)
		if err != nil {
			return nil, err
		}
		gs = append(gs, g)
	}
	return Waiting(gs, key, sent, t.Now(), t.ChallengeExpiry), nil
}

// NoteWrote records, with the message's effects, that its sender (from)
// wrote to the bot, when the transport vouched for the message (or it was
// confirmed: not unverified). The referee calls it before any command
// runs, so that a "stop" in the same message is recorded after it and
// stands.
func NoteWrote(t Session, from record.Identity, unverified bool) {
	c := t.ConsentOf(from.Transport)
	if unverified || c == nil {
		return
	}
	at := t.Now()
	t.Extra(func(tx record.Tx) error { return c.MarkWrote(record.StateOf(tx, from.Transport), from.Address, at) })
}

// Stranger reports whether a player never wrote to the bot on a
// transport that keeps consent: mail to them is capped, and a challenge
// to them waits ChallengeGrace. A paired player wrote.
func Stranger(t Session, p *record.Player) (bool, error) {
	if p.Paired != "" || p.Alias != "" || p.Via != "" {
		return false, nil
	}
	id, ok := record.ParseIdentity(p.Key)
	if !ok {
		return false, nil
	}
	c := t.ConsentOf(id.Transport)
	if c == nil {
		return false, nil
	}
	wrote := false
	err := t.View(func(tx record.Tx) error {
		var err error
		wrote, err = c.Wrote(record.StateOf(tx, id.Transport), id.Address)
		return err
	})
	return !wrote, err
}
