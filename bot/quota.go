package bot

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

// Quotas bound what one sender may do, on every transport. Zero values take
// the defaults, except MessagesPerHour (see there).
type Quotas struct {
	// OpenChallenges is the most challenges one player may have waiting
	// for an answer at once, their open challenges ("new anyone") among
	// them (default 5); another "new" is refused.
	OpenChallenges int
	// ChallengesTo is the most unanswered challenges one player may be
	// sent (default 20); a challenge beyond it is refused to its sender.
	ChallengesTo int
	// CommandsPerMessage is the most commands one message may hold
	// (default 20, at most MaxCommands); a message with more is refused
	// whole, none of its commands run.
	CommandsPerMessage int
	// MessagesPerHour is the most messages the referee reads from one
	// sender in an hour; beyond it, a message is recorded as handled and
	// nothing of it is run, and the sender is told once per hour. A
	// transport that cannot vouch for a sender (Message.Unverified) has
	// its messages counted apart, so a forger cannot use up the real
	// owner's messages. 0 means no limit (takbot serve's configuration
	// sets one: limits.messages_per_hour).
	MessagesPerHour int
	// AnalysesPerHour is the most positions one player may have takbot
	// analyse ("analyse") in an hour (default 10: some 50 s of engine
	// at the default search time); asking again for a position already
	// analysed for them within the hour, the game unchanged since, is
	// not counted again (the result is kept, see bot/analysis), nor is
	// the same position asked twice in one message, which is analysed
	// once.
	AnalysesPerHour int
}

// The default quotas.
const (
	DefaultOpenChallenges = 5
	DefaultChallengesTo   = 20
	// DefaultCommandsPerMessage is the default of Quotas.CommandsPerMessage.
	DefaultCommandsPerMessage = 20
	// DefaultAnalysesPerHour is the default of Quotas.AnalysesPerHour.
	DefaultAnalysesPerHour = 10
)

func (q *Quotas) setDefaults() {
	if q.OpenChallenges <= 0 {
		q.OpenChallenges = DefaultOpenChallenges
	}
	if q.ChallengesTo <= 0 {
		q.ChallengesTo = DefaultChallengesTo
	}
	if q.CommandsPerMessage <= 0 {
		q.CommandsPerMessage = DefaultCommandsPerMessage
	}
	q.CommandsPerMessage = min(q.CommandsPerMessage, MaxCommands)
	if q.AnalysesPerHour <= 0 {
		q.AnalysesPerHour = DefaultAnalysesPerHour
	}
	if q.MessagesPerHour < 0 {
		q.MessagesPerHour = 0
	}
}

// rateWindow is the hour over which a sender's messages are counted.
const rateWindow = time.Hour

// maxRateSenders bounds the senders whose counts are kept in memory; when
// it is reached, the counts of windows that ended are forgotten, and if
// that is not enough, arbitrary ones.
const maxRateSenders = 100_000

// senderRates counts each sender's messages in their current window. The
// counts live in memory: a restart starts every window again.
type senderRates struct {
	mu sync.Mutex
	m  map[string]*senderWindow
}

type senderWindow struct {
	start time.Time
	n     int
}

// rateVerdict is what the count says of one message.
type rateVerdict struct {
	over   bool      // beyond the limit: nothing of the message runs
	notice bool      // the first message beyond it in this window: say so
	until  time.Time // when the window ends
}

// take counts one message of key at now against limit (0: no limit).
func (sr *senderRates) take(key string, now time.Time, limit int) rateVerdict {
	if limit <= 0 {
		return rateVerdict{}
	}
	sr.mu.Lock()
	defer sr.mu.Unlock()
	if sr.m == nil {
		sr.m = map[string]*senderWindow{}
	}
	w := sr.m[key]
	if w == nil || !now.Before(w.start.Add(rateWindow)) || now.Before(w.start) {
		if w == nil && len(sr.m) >= maxRateSenders {
			sr.forget(now)
		}
		w = &senderWindow{start: now}
		sr.m[key] = w
	}
	w.n++
	until := w.start.Add(rateWindow)
	return rateVerdict{over: w.n > limit, notice: w.n == limit+1, until: until}
}

// forget drops the windows that ended, then arbitrary ones until a tenth
// of the room is free, so that a flood of new senders costs one pass per
// maxRateSenders/10 of them. Called with mu held.
func (sr *senderRates) forget(now time.Time) {
	for k, w := range sr.m {
		if !now.Before(w.start.Add(rateWindow)) {
			delete(sr.m, k)
		}
	}
	for k := range sr.m {
		if len(sr.m) < maxRateSenders-maxRateSenders/10 {
			break
		}
		delete(sr.m, k)
	}
}

// rateKey is what a sender's messages are counted under: a transport that
// cannot vouch for the sender counts apart.
func rateKey(msg Message) string {
	if msg.Unverified {
		return msg.From.Key() + "\x00unverified"
	}
	return msg.From.Key()
}

// overRate answers the first message beyond the hourly limit; later ones
// are not answered.
func (s *session) overRate() {
	s.refused = true
	s.dropped = true
	if !s.rate.notice {
		return
	}
	s.tell(s.msg.From.Key(), "").say("You have sent more than %d messages in the last hour; the referee reads at most %d an hour from one sender, "+
		"so it did not read this one and will not read or answer any other you send before %s. Send your commands again after that.",
		s.r.opts.Quotas.MessagesPerHour, s.r.opts.Quotas.MessagesPerHour, fmtTime(s.rate.until))
}

// checkChallengeQuotas refuses a challenge from the sender to op when the
// sender has too many challenges waiting, or op has too many to answer.
// The opponent's games must be counted under their lock, so two
// challengers cannot both pass the last free place.
func (s *session) checkChallengeQuotas(op *PlayerRecord) error {
	if st := stripeOf(op.Key); !s.ls.has(st) {
		return &needLock{st}
	}
	if err := s.checkOwnChallenges(); err != nil {
		return err
	}
	q := s.r.opts.Quotas
	theirs, err := s.openChallenges(op.Key, false)
	if err != nil {
		return err
	}
	if len(theirs) >= q.ChallengesTo {
		return refuse("%s already has %d challenges waiting for an answer, the most the referee lets a player have; your challenge was not sent. Try again once %s has answered some",
			op.Name, len(theirs), op.Name)
	}
	return nil
}

// checkOwnChallenges refuses a challenge or an open challenge ("new
// anyone") from a sender who has as many waiting as the referee allows;
// open challenges count among them.
func (s *session) checkOwnChallenges() error {
	q := s.r.opts.Quotas
	mine, err := s.openChallenges(s.sender.Key, true)
	if err != nil {
		return err
	}
	if len(mine) >= q.OpenChallenges {
		var cmds []Action
		for _, id := range mine {
			a := Action{Label: "Withdraw the challenge " + id, Command: "cancel", Game: id}
			if g, err := s.peekGame(id); err == nil {
				a.Moment = MomentOf(g) // once accepted, the button withdraws nothing else
			}
			cmds = append(cmds, a)
		}
		return &refusal{msg: fmt.Sprintf("you have %s waiting for an answer (%s), and the referee lets you have at most %d at once: "+
			"withdraw one (e.g. \"game %s; cancel\") or wait until one is answered or expires",
			plural(len(mine), "open challenge", "open challenges"), listIDs(mine), q.OpenChallenges, mine[0]), actions: cmds}
	}
	return nil
}

// openChallenges lists the challenges of a player that wait for an answer
// and have not expired: those the player sent (sent) or those sent to
// them, including the ones this session created.
func (s *session) openChallenges(key string, sent bool) ([]string, error) {
	ids, err := s.gamesOf(key)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil {
			return nil, err
		}
		if g.Status != Challenged || !s.now.Before(s.r.challengeExpiry(g)) {
			continue
		}
		if (g.Players[g.Challenger] == key) == sent {
			out = append(out, id)
		}
	}
	sort.Slice(out, func(i, j int) bool { return gameLess(out[i], out[j]) })
	return out, nil
}

// gameLess orders game ids by number: g2 before g10.
func gameLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// listIDs names games: "g3, g7 and g9", at most five then "and N more".
func listIDs(ids []string) string {
	if len(ids) <= 5 {
		return joinAnd(ids)
	}
	return strings.Join(ids[:5], ", ") + fmt.Sprintf(" and %d more", len(ids)-5)
}
