package account

import (
	"time"

	"github.com/takbymail/takbot/bot/consent"
	"github.com/takbymail/takbot/bot/news"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Mail is what "stop", "start" and "held" need of the message being
// evaluated: its transport's consent and the answers waiting for the
// sender.
type Mail interface {
	Turn
	// From is the identity the message came from.
	From() record.Identity
	// ConsentOf is the consent a transport keeps, nil when it keeps none
	// (see consent.Consent).
	ConsentOf(transport string) consent.Consent
	// Extra and AtCommit add a write to the transaction of the message's
	// effects.
	Extra(fn func(record.Tx) error)
	AtCommit(fn func(record.Tx) error)
	// TransportTitle names a transport in a sentence ("email").
	TransportTitle(id record.Identity) string
	// PendingAnswers counts the answers that wait for delivery to id and
	// returns the first limit of them in order.
	PendingAnswers(id record.Identity, limit int) (int, []record.Reply, error)
	// AnswerTimes is when each of the next n answers to id may go out by
	// its transport's schedule (consent.AnswerScheduler), nil when it has
	// none.
	AnswerTimes(id record.Identity, n int) []time.Time
	// MarkPlay makes the reply to the player key about game a Play
	// answer, which a limit never holds back.
	MarkPlay(to, game string)
}

// Stop records that the sender's address wants no more mail from the
// bot except answers to their own messages; the transport keeps it (see
// consent.Consent) and declines everything else to the address. Writing
// to the bot again ends it, but not in this message: the referee records
// that its sender wrote before any command runs.
func Stop(t Mail, c *command.Command) error {
	from := t.From()
	cs := t.ConsentOf(from.Transport)
	if cs == nil {
		return t.Refused(words.StopNotMail{Transport: t.TransportTitle(from)})
	}
	at := t.Now()
	t.Extra(func(tx record.Tx) error { return cs.Stop(record.StateOf(tx, from.Transport), from.Address, at) })
	news.Stopped(t, t.Sender()) // no more news either
	t.Tell(t.Sender().Key, "", words.Stopped{Address: from.Address})
	return nil
}

// Start answers that the bot may mail the sender again: writing to it
// did that already.
func Start(t Mail, c *command.Command) error {
	o := words.Started{}
	if t.ConsentOf(t.From().Transport) != nil {
		o.Address = t.From().Address
	}
	t.Tell(t.Sender().Key, "", o)
	return nil
}

// MaxHeldListed bounds the answers "held" reads to list them; beyond it
// they are counted only.
const MaxHeldListed = 200

// HeldAnswers is "held": it lists what waits for the sender, the answers
// waiting for delivery to them (a transport's limit holds back the first,
// the others wait behind it in their lane), counted by subject, with when
// the first and the last of each will go out. Only the sender's own
// identities are read (the one they wrote from, their account's, the one
// a paired account writes from), and only their own answers are shown.
// Its answer is never held itself (it would be useless behind the
// answers it lists).
func HeldAnswers(t Mail, c *command.Command) error {
	key := t.Sender().Key
	t.MarkPlay(key, "")
	total := 0
	for _, id := range ownIdentities(t) {
		n, rs, err := t.PendingAnswers(id, MaxHeldListed)
		if err != nil {
			return err
		}
		if n == 0 {
			continue
		}
		total += n
		times := consent.Schedule(rs, t.AnswerTimes(id, n), t.Now())
		o := words.Held{N: n, Transport: t.TransportTitle(id), Address: id.Address, Now: t.Now(), More: n - len(rs)}
		for _, h := range consent.Group(rs, times) {
			o.Groups = append(o.Groups, words.HeldGroup{Subject: h.Subject, N: h.N, First: h.First, Last: h.Last})
		}
		t.Tell(key, "", o)
	}
	t.Tell(key, "", words.HeldEnd{None: total == 0})
	return nil
}

// ownIdentities are the identities the sender's replies go to: the one
// they wrote from, their account's, and the one their paired account
// writes from; each once.
func ownIdentities(t Mail) []record.Identity {
	var out []record.Identity
	seen := map[string]bool{}
	add := func(id record.Identity, ok bool) {
		if ok && !seen[id.Key()] {
			seen[id.Key()] = true
			out = append(out, id)
		}
	}
	from, p := t.From(), t.Sender()
	add(from, from.Transport != "" && from.Address != "")
	add(record.ParseIdentity(p.Key))
	if p.Via != "" {
		add(record.ParseIdentity(p.Via))
	}
	return out
}
