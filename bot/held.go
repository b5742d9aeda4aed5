package bot

import (
	"context"
	"fmt"
	"time"
)

// AnswerScheduler is implemented by a transport whose limit holds answers
// back (mail's hourly limit of answers to one address): it says when the
// answers waiting for a recipient will go out, so that "held" can tell
// them. A transport without such a limit need not implement it.
type AnswerScheduler interface {
	// AnswerTimes returns when each of the next n answers (Answer class)
	// to a recipient may go out under the transport's limit, earliest
	// first, counting from now: answers that go out at once are stamped
	// now.
	AnswerTimes(ctx context.Context, to Identity, n int) ([]time.Time, error)
}

// PendingAnswers counts the answers (Answer class: the ones a transport's
// limit may hold back) that wait for delivery to a recipient, and returns
// the first limit of them in order (limit 0: the count only). Play answers
// and events are never held, and are not counted. A transport uses it to
// tell the true number of answers it holds back, the one it refused and
// those queued behind it.
func (r *Referee) PendingAnswers(ctx context.Context, to Identity, limit int) (int, []Reply, error) {
	var n int
	var out []Reply
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		n, out, err = tx.PendingLane(to.Transport, LaneOf(to, Answer), limit)
		return err
	})
	if err != nil {
		return 0, nil, fmt.Errorf("bot: pending answers to %s: %w", to.Key(), err)
	}
	return n, out, nil
}

// maxHeldListed bounds the answers "held" reads to list them; beyond it
// they are counted only.
const maxHeldListed = 200

// cmdHeld lists what waits for the sender: the answers waiting for
// delivery to them (a transport's limit holds back the first, the others
// wait behind it in their lane), counted by subject, with when the first
// and the last of each will go out. Only the sender's
// own identities are read (the one they wrote from, their account's, the
// one a paired account writes from), and only their own answers are
// shown. Its answer is never held itself (it would be useless behind the
// answers it lists).
func (s *session) cmdHeld(c *Command) error {
	d := s.tell(s.sender.Key, "")
	d.play = true
	ids := s.ownIdentities()
	total := 0
	for _, id := range ids {
		n, rs, err := s.r.PendingAnswers(s.ctx, id, maxHeldListed)
		if err != nil {
			return err
		}
		if n == 0 {
			continue
		}
		total += n
		times := s.answerTimes(id, rs, n)
		title := id.Transport
		if e := s.r.transport(id.Transport); e != nil {
			title = e.info.Title
		}
		d.say("%s by %s (%s):", plural(n, "answer to you waits", "answers to you wait"), title, id.Address)
		type group struct {
			subject     string
			n           int
			first, last time.Time
		}
		var groups []*group
		at := map[string]*group{}
		for i, rp := range rs {
			subj := rp.Subject
			if subj == "" {
				subj = "[Tak]"
			}
			g := at[subj]
			if g == nil {
				g = &group{subject: subj, first: times[i]}
				at[subj] = g
				groups = append(groups, g)
			}
			g.n++
			g.last = times[i]
		}
		for _, g := range groups {
			when := "at once"
			switch {
			case g.first.After(s.now) && g.last.Equal(g.first):
				when = "at " + fmtTime(g.first)
			case g.last.After(s.now) && !g.first.After(s.now):
				when = "from now until " + fmtTime(g.last)
			case g.last.After(s.now):
				when = "from " + fmtTime(g.first) + " until " + fmtTime(g.last)
			}
			d.say("  %d about %q: %s", g.n, g.subject, when)
		}
		if n > len(rs) {
			d.say("  and %d more after them.", n-len(rs))
		}
	}
	if total == 0 {
		d.say("Nothing waits for you: every answer to you has gone out. (Answers about your own moves in your games, and your games' news, are never held back.)")
		return nil
	}
	d.say("An hourly limit holds back answers to one address; answers about your own moves in your games, and your games' news, are never held and go out at once.")
	return nil
}

// ownIdentities are the identities the sender's replies go to: the one
// they wrote from, their account's, and the one their paired account
// writes from; each once.
func (s *session) ownIdentities() []Identity {
	var out []Identity
	seen := map[string]bool{}
	add := func(id Identity, ok bool) {
		if ok && !seen[id.Key()] {
			seen[id.Key()] = true
			out = append(out, id)
		}
	}
	add(s.msg.From, s.msg.From.Transport != "" && s.msg.From.Address != "")
	add(ParseIdentity(s.sender.Key))
	if s.sender.Via != "" {
		add(ParseIdentity(s.sender.Via))
	}
	return out
}

// answerTimes says when each of the answers rs (the first of n waiting
// for id) will go out: the transport's schedule when it has one; else the
// head's next try, and the others as soon as possible after it.
func (s *session) answerTimes(id Identity, rs []Reply, n int) []time.Time {
	out := make([]time.Time, len(rs))
	if e := s.r.transport(id.Transport); e != nil {
		if sch, ok := e.t.(AnswerScheduler); ok {
			ts, err := sch.AnswerTimes(s.ctx, id, n)
			if err == nil && len(ts) >= len(rs) {
				copy(out, ts)
				// a head waiting for its next try goes no earlier
				if len(rs) > 0 && rs[0].Delivery.NextTry.After(out[0]) {
					for i := range out {
						out[i] = maxTime(out[i], rs[0].Delivery.NextTry)
					}
				}
				return out
			}
			if err != nil {
				s.r.logger().Warn("held: the transport's schedule", "transport", id.Transport, "err", err)
			}
		}
	}
	first := s.now
	if len(rs) > 0 && rs[0].Delivery.NextTry.After(first) {
		first = rs[0].Delivery.NextTry
	}
	for i := range out {
		out[i] = first
	}
	return out
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
