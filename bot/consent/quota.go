package consent

import (
	"sort"
	"sync"
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
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
	// (default 20, at most command.MaxCommands); a message with more is
	// refused whole, none of its commands run.
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

// SetDefaults gives the quotas left zero their defaults.
func (q *Quotas) SetDefaults() {
	if q.OpenChallenges <= 0 {
		q.OpenChallenges = DefaultOpenChallenges
	}
	if q.ChallengesTo <= 0 {
		q.ChallengesTo = DefaultChallengesTo
	}
	if q.CommandsPerMessage <= 0 {
		q.CommandsPerMessage = DefaultCommandsPerMessage
	}
	q.CommandsPerMessage = min(q.CommandsPerMessage, command.MaxCommands)
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

// Rates counts each sender's messages in their current window. The
// counts live in memory: a restart starts every window again. The zero
// Rates is ready to use.
type Rates struct {
	mu sync.Mutex
	m  map[string]*senderWindow
}

type senderWindow struct {
	start time.Time
	n     int
}

// Verdict is what the count says of one message.
type Verdict struct {
	Over   bool      // beyond the limit: nothing of the message runs
	Notice bool      // the first message beyond it in this window: say so
	Until  time.Time // when the window ends
}

// Take counts one message of key at now against limit (0: no limit).
func (sr *Rates) Take(key string, now time.Time, limit int) Verdict {
	if limit <= 0 {
		return Verdict{}
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
	return Verdict{Over: w.n > limit, Notice: w.n == limit+1, Until: until}
}

// forget drops the windows that ended, then arbitrary ones until a tenth
// of the room is free, so that a flood of new senders costs one pass per
// maxRateSenders/10 of them. Called with mu held.
func (sr *Rates) forget(now time.Time) {
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

// RateKey is what a sender's messages are counted under: a transport that
// cannot vouch for the sender (unverified) counts apart.
func RateKey(from record.Identity, unverified bool) string {
	if unverified {
		return from.Key() + "\x00unverified"
	}
	return from.Key()
}

// Waiting lists, of a player's games, the challenges that wait for an
// answer at now and have not expired (expiry says when each does): those
// the player key sent (sent) or those sent to them, ordered by number.
// The challenge quotas count them.
func Waiting(games []*record.Game, key string, sent bool, now time.Time, expiry func(*record.Game) time.Time) []string {
	var out []string
	for _, g := range games {
		if g.Status != record.Challenged || !now.Before(expiry(g)) {
			continue
		}
		if (g.Players[g.Challenger] == key) == sent {
			out = append(out, g.ID)
		}
	}
	sort.Slice(out, func(i, j int) bool { return GameLess(out[i], out[j]) })
	return out
}

// GameLess orders game ids by number: g2 before g10.
func GameLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// ChatWindow is the window of chat's limit: a player may say
// Options.ChatPerHour things in a game in it.
const ChatWindow = time.Hour

// Recent keeps the times of the last ChatWindow.
func Recent(at []time.Time, now time.Time) []time.Time {
	var out []time.Time
	for _, t := range at {
		if now.Sub(t) < ChatWindow {
			out = append(out, t)
		}
	}
	return out
}
