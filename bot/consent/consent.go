package consent

import (
	"context"
	"errors"
	"time"

	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

// Consent of the addresses anyone can name. A player may challenge any
// mail address ("new victim@elsewhere.example"); its owner never asked
// for mail. The referee and the mail transport share the rules
// (README, "Consent"):
//
//   - An address that never wrote to the bot (never sent it a message the
//     transport vouched for, nor confirmed one) gets at most a few mails a
//     day, whatever anyone sends; the transport enforces it when it
//     sends, and declines the rest (Unwanted): the other player of the
//     reply's game is told once a day.
//   - The first notice of a challenge to such an address waits
//     ChallengeGrace before it goes out; a challenge withdrawn meanwhile
//     sends it nothing at all.
//   - Anyone may answer "stop": no more mail except answers to their own
//     messages, until they write again.

// ChallengeGrace is how long the first notice of a challenge to an
// address that never wrote to the bot waits before it goes out: a
// challenge withdrawn with "cancel" meanwhile sends nothing at all to
// that address.
const ChallengeGrace = 10 * time.Minute

// VoidMargin is how long before the end of its grace period a waiting
// challenge notice can still be withdrawn: after that it may be on its
// way, and the withdrawal is told to both players as usual.
const VoidMargin = 5 * time.Second

// Voidable reports whether a stored challenge notice with delivery state
// d can still be withdrawn at now: it waits, and not about to go.
func Voidable(d record.Delivery, now time.Time) bool {
	return d.Pending() && d.NextTry.After(now.Add(VoidMargin))
}

// Consent is an optional interface of a Transport whose players are
// named by an address anyone can write down (mail): it keeps, per
// address, whether its owner ever wrote to the bot and whether they asked
// not to be written to. The referee calls it inside its own transactions,
// with the transport's adapter state; the transport enforces both when it
// sends (see Unwanted).
type Consent interface {
	// Wrote reports whether the owner of address ever wrote to the bot:
	// sent a message the transport vouched for (Message.Unverified
	// false), or confirmed one.
	Wrote(tx record.StateTx, address string) (bool, error)
	// MarkWrote records, in the transaction of such a message, that its
	// sender wrote at at. It also ends an opt-out ("stop"): writing to
	// the bot again asks for its mail again.
	MarkWrote(tx record.StateTx, address string, at time.Time) error
	// Stop records that the owner of address asks for no mail from the
	// bot except the answers to their own messages, until they write
	// again (the "stop" command).
	Stop(tx record.StateTx, address string, at time.Time) error
}

// Unwanted returns the permanent failure of a reply that its transport
// will not send because its recipient did not consent to it: an address
// that never wrote and had its share of mail for the day, or one that
// asked for no more ("stop"). Reason says why in a few words, for the
// other player ("the address does not accept more mail from takbot
// today"). The reply is marked failed; unlike other permanent failures
// the recipient is not marked unreachable, and the other player of the
// reply's game is told at most once a day per recipient, privately.
func Unwanted(reason string, err error) error {
	return &outbox.DeliveryError{Permanent: true, Unwanted: true, Reason: reason, Err: err}
}

// IsUnwanted reports whether err is a reply declined for want of consent
// (see Unwanted).
func IsUnwanted(err error) bool {
	var de *outbox.DeliveryError
	return errors.As(err, &de) && de.Unwanted
}

// AnswerScheduler is implemented by a transport whose limit holds answers
// back (mail's hourly limit of answers to one address): it says when the
// answers waiting for a recipient will go out, so that "held" can tell
// them. A transport without such a limit need not implement it.
type AnswerScheduler interface {
	// AnswerTimes returns when each of the next n answers (Answer class)
	// to a recipient may go out under the transport's limit, earliest
	// first, counting from now: answers that go out at once are stamped
	// now.
	AnswerTimes(ctx context.Context, to record.Identity, n int) ([]time.Time, error)
}

// Held is answers waiting for one recipient under one subject, and when
// the first and the last of them will go out.
type Held struct {
	Subject     string
	N           int
	First, Last time.Time
}

// Group counts the waiting answers rs by subject, in their order, with
// when each goes out (times, one per answer).
func Group(rs []record.Reply, times []time.Time) []Held {
	var out []Held
	at := map[string]int{}
	for i, rp := range rs {
		subj := rp.Subject
		if subj == "" {
			subj = "[Tak]"
		}
		j, ok := at[subj]
		if !ok {
			j = len(out)
			at[subj] = j
			out = append(out, Held{Subject: subj, First: times[i]})
		}
		out[j].N++
		out[j].Last = times[i]
	}
	return out
}

// Schedule says when each of the answers rs (the first of those waiting)
// will go out: sched, the transport's schedule, when it has one for all
// of them (nil otherwise); else the head's next try, and the others as
// soon as possible after it. Nothing goes before the head's next try.
func Schedule(rs []record.Reply, sched []time.Time, now time.Time) []time.Time {
	out := make([]time.Time, len(rs))
	first := now
	if len(rs) > 0 && rs[0].Delivery.NextTry.After(first) {
		first = rs[0].Delivery.NextTry
	}
	if len(sched) >= len(rs) {
		copy(out, sched)
		if len(rs) > 0 && rs[0].Delivery.NextTry.After(out[0]) {
			for i := range out {
				if rs[0].Delivery.NextTry.After(out[i]) {
					out[i] = rs[0].Delivery.NextTry
				}
			}
		}
		return out
	}
	for i := range out {
		out[i] = first
	}
	return out
}

// WithdrawnBeforeSent is the delivery error recorded on a challenge
// notice withdrawn during its grace period.
const WithdrawnBeforeSent = "the challenge was withdrawn before it went out"

// VoidStored withdraws the stored challenge notice id while it still
// waits out its grace period: it is marked failed, with the message's
// effects. It reports whether it was withdrawn (not: gone, or about to
// go, or never stored).
func VoidStored(t Session, id string) (bool, error) {
	var rp *record.Reply
	if err := t.View(func(tx record.Tx) error {
		var err error
		rp, err = tx.Reply(id)
		return err
	}); errors.Is(err, record.ErrNotFound) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	now := t.Now()
	if !Voidable(rp.Delivery, now) {
		return false, nil // gone, or about to go
	}
	d := rp.Delivery
	d.Failed, d.LastError, d.NextTry = now, WithdrawnBeforeSent, time.Time{}
	t.Extra(func(tx record.Tx) error {
		cur, err := tx.Reply(id)
		if err != nil || !cur.Delivery.Pending() {
			return err
		}
		return tx.SetDelivery(id, d)
	})
	return true, nil
}

// Told is who is told that a reply to the player key about game g was
// declined: the other player of g, by colour index (me is key's), unless
// there is none (no game, a game against oneself).
func Told(g *record.Game, key string) (me int, ok bool) {
	if g == nil {
		return -1, false
	}
	me = -1
	for c, k := range g.Players {
		if k == key {
			me = c
		}
	}
	return me, me >= 0 && g.Players[1-me] != "" && g.Players[1-me] != g.Players[me]
}
