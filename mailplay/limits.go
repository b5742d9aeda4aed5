package mailplay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/takbymail/takbot/record"
)

// The limits of mail to one address (see the package documentation):
//
//   - Events (record.Event: the opponent's move, a challenge, a reminder, a
//     result) are never limited.
//   - Answers to a player's own play in their games (record.Play: a move's
//     confirmation, a refused move, a question about it) are never
//     limited nor counted either: a limit never silences a game.
//   - Other answers (record.Answer) count against Config.MaxRepliesPerHour; an
//     answer over it is held back (outbox.HeldBack) and the next mail that
//     goes out to the address says so and until when.
//   - Mail from an unverified sender (neither through the sender's reply
//     token nor vouched for by the trusted Authentication-Results) is
//     answered at most Config.MaxUnverifiedRepliesPerHour times an hour
//     per From address; beyond that it is dropped unanswered, counted
//     (UnverifiedDropped) and logged once per window.

// maxHeldAnswers bounds the answers remembered as held back for one
// address; beyond it they are still held, but not listed in the note.
const maxHeldAnswers = 1000

// heldAnswers are the answers to one address that the hourly limit holds
// back: reply hash → when it may go out (Unix seconds).
type heldAnswers map[string]int64

// holdAnswer records that the answer hash to addr is held back until
// until, and reports whether it was not held before (so it is logged
// once, not at every retry).
func holdAnswer(tx record.StateTx, addr, hash string, until time.Time) (first bool, err error) {
	key := prefixHeld + strings.ToLower(addr)
	held := heldAnswers{}
	if _, err := getJSON(tx, key, &held); err != nil {
		return false, err
	}
	for h, at := range held {
		if until.Unix()-at > int64(sentKept/time.Second) {
			delete(held, h) // failed for good long ago
		}
	}
	_, known := held[hash]
	if !known && len(held) >= maxHeldAnswers {
		return true, nil
	}
	held[hash] = until.Unix()
	return !known, putJSON(tx, key, held)
}

// countAnswer counts an answer against the hourly limit of its address;
// over it, the answer is recorded as held back and returned as a
// *RateLimitError (the transaction is to commit). Events are not counted.
func (t *Transport) countAnswer(tx record.StateTx, r *record.Reply, to, hash string, now time.Time) (*RateLimitError, error) {
	if !r.Class.Limited() {
		return nil, nil
	}
	err := t.countSend(tx, to, hash, now)
	var rl *RateLimitError
	if !errors.As(err, &rl) {
		if err != nil {
			return nil, err
		}
		return nil, releaseAnswer(tx, to, hash)
	}
	if rl.first, err = holdAnswer(tx, to, hash, now.Add(rl.Wait)); err != nil {
		return nil, err
	}
	return rl, nil
}

// releaseAnswer forgets a held answer that goes out now.
func releaseAnswer(tx record.StateTx, addr, hash string) error {
	key := prefixHeld + strings.ToLower(addr)
	held := heldAnswers{}
	found, err := getJSON(tx, key, &held)
	if err != nil || !found {
		return err
	}
	if _, ok := held[hash]; !ok {
		return nil
	}
	delete(held, hash)
	if len(held) == 0 {
		return tx.Delete(key)
	}
	return putJSON(tx, key, held)
}

// heldStale is how long after its expected time a held answer still
// counts as held: an answer that failed for good meanwhile is no longer
// announced after it.
const heldStale = time.Hour

// heldNote is what a mail to addr says about the answers to the same
// address that the hourly limit holds back ("" when none): while an
// answer is held, every answer queued for the address waits (queued, from
// the outbox: those behind the held one in its lane do not reach the
// transport), so the note counts them all, at least the ones recorded as
// held.
func (t *Transport) heldNote(tx record.StateTx, addr string, queued int, now time.Time) (string, error) {
	held := heldAnswers{}
	if _, err := getJSON(tx, prefixHeld+strings.ToLower(addr), &held); err != nil {
		return "", err
	}
	n := 0
	var first int64
	for _, until := range held {
		if now.Unix()-until > int64(heldStale/time.Second) {
			continue
		}
		if n == 0 || until < first {
			first = until
		}
		n++
	}
	if n == 0 {
		return "", nil
	}
	n = max(n, queued)
	firstAt, lastAt := time.Unix(first, 0), time.Unix(first, 0)
	if n > 1 {
		var recent []rateEntry
		if _, err := getJSON(tx, prefixRate+strings.ToLower(addr), &recent); err != nil {
			return "", err
		}
		times := answerSchedule(recent, now, n, t.cfg.MaxRepliesPerHour)
		lastAt = maxTime(lastAt, times[len(times)-1])
	}
	return heldNoteText(n, firstAt, lastAt, now, t.cfg.MaxRepliesPerHour), nil
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// heldNoteText is the sentence of heldNote: n answers held, the first of
// them going out at first, the last at last.
func heldNoteText(n int, first, last, now time.Time, limit int) string {
	at := func(t time.Time) string {
		if y, m, d := t.UTC().Date(); y != now.UTC().Year() || m != now.UTC().Month() || d != now.UTC().Day() {
			return t.UTC().Format("2006-01-02 15:04 UTC")
		}
		return t.UTC().Format("15:04 UTC")
	}
	if n == 1 {
		return fmt.Sprintf("1 answer to you is held back until %s by the hourly limit of %d mails to one address.", at(first), limit)
	}
	return fmt.Sprintf("%d answers to you are held back by the hourly limit of %d mails to one address: the first goes out at %s, the last at %s.",
		n, limit, at(first), at(last))
}

// withNote returns r with the note as its first part, or r itself when
// the note is empty.
func withNote(r *record.Reply, note string) *record.Reply {
	if note == "" {
		return r
	}
	cp := *r
	cp.Parts = append([]record.Part{{Kind: record.Prose, Text: note}}, r.Parts...)
	return &cp
}

// AnswerTimes implements bot.AnswerScheduler: when each of the next n
// answers to a recipient may go out under the hourly limit, earliest
// first. The limit is a sliding hour: an answer goes out when fewer than
// MaxRepliesPerHour were counted in the hour before, so the k-th one
// waits for the answer MaxRepliesPerHour before it (sent or scheduled) to
// be an hour old.
func (t *Transport) AnswerTimes(ctx context.Context, to record.Identity, n int) ([]time.Time, error) {
	addr, ok := ParseAddress(to.Address)
	if to.Transport != TransportName || !ok || n <= 0 {
		return nil, nil
	}
	now := t.opts.Clock.Now().UTC().Truncate(time.Second)
	var recent []rateEntry
	err := t.ref.ViewState(ctx, TransportName, func(tx record.StateTx) error {
		_, err := getJSON(tx, prefixRate+strings.ToLower(addr), &recent)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("mailplay: answer times: %w", err)
	}
	return answerSchedule(recent, now, n, t.cfg.MaxRepliesPerHour), nil
}

// answerSchedule places n answers after the counted ones (recent) under a
// limit per sliding hour.
func answerSchedule(recent []rateEntry, now time.Time, n, limit int) []time.Time {
	at := make([]int64, 0, len(recent)+n)
	for _, e := range lastHour(recent, now, func(e rateEntry) (int64, bool) { return e.At, true }) {
		at = append(at, e.At)
	}
	out := make([]time.Time, 0, n)
	next := now.Unix()
	for range n {
		if len(at) >= limit && limit > 0 {
			next = max(next, at[len(at)-limit]+int64(time.Hour/time.Second))
		}
		at = append(at, next)
		out = append(out, time.Unix(next, 0).UTC())
	}
	return out
}

// unverifiedAnswers are the answers recently allowed to unverified mail
// from one address.
type unverifiedAnswers struct {
	At []int64 // Unix seconds, oldest first, within the last hour
	// Dropping is when the current run of dropped mail began (Unix
	// seconds), 0 when the last mail was answered: a run is logged once.
	Dropping int64 `json:",omitempty"`
}

// admitUnverified counts a mail from an unverified sender against the
// hourly limit of answers to its From address, and reports whether it may
// be handled (answered, or held for confirmation). Over the limit the
// mail is to be dropped: it is counted in UnverifiedDropped, and the
// first drop of a run is logged. The count is written in its own
// transaction before the mail is handled: a crash in between costs the
// address one answer of its hour, never an extra one.
func (t *Transport) admitUnverified(ctx context.Context, from string, log *slog.Logger) (bool, error) {
	limit := t.cfg.MaxUnverifiedRepliesPerHour
	now := t.opts.Clock.Now()
	key := prefixUnverified + strings.ToLower(from)
	admit, logDrop := false, false
	var next time.Time
	err := t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		admit, logDrop = false, false
		var st unverifiedAnswers
		if _, err := getJSON(tx, key, &st); err != nil {
			return err
		}
		st.At = lastHour(st.At, now, func(at int64) (int64, bool) { return at, true })
		if len(st.At) < limit {
			admit = true
			st.At, st.Dropping = append(st.At, now.Unix()), 0
			return putJSON(tx, key, st)
		}
		next = time.Unix(st.At[len(st.At)-limit], 0).Add(time.Hour)
		if st.Dropping != 0 {
			return nil // logged when the run began
		}
		logDrop, st.Dropping = true, now.Unix()
		return putJSON(tx, key, st)
	})
	if err != nil {
		return false, fmt.Errorf("mailplay: count an unverified mail: %w", err)
	}
	if !admit {
		t.unverifiedDropped.Add(1)
		if logDrop {
			log.Warn("unverified mail dropped unanswered: its From address had its hourly share of answers; later ones are dropped without a log line until then",
				"limit", limit, "until", next.UTC())
		}
	}
	return admit, nil
}

// UnverifiedDropped counts the mails dropped unanswered since the
// transport started, because their unverified From address had
// MaxUnverifiedRepliesPerHour answers in the last hour (the
// takbot_mail_unverified_dropped_total metric).
func (t *Transport) UnverifiedDropped() uint64 { return t.unverifiedDropped.Load() }

// DMARCFailDropped counts the mails dropped unanswered since the
// transport started because the trusted Authentication-Results said
// dmarc=fail for their From domain (the
// takbot_mail_dmarc_fail_dropped_total metric).
func (t *Transport) DMARCFailDropped() uint64 { return t.dmarcFailDropped.Load() }

// lastHour keeps, in place and in order, the entries of xs stamped within
// the hour before now that keep accepts (keep returns an entry's Unix
// time and whether it still counts): the sliding window of the hourly
// limits.
func lastHour[T any](xs []T, now time.Time, keep func(T) (int64, bool)) []T {
	hourAgo := now.Add(-time.Hour).Unix()
	kept := xs[:0]
	for _, x := range xs {
		if at, ok := keep(x); ok && at > hourAgo {
			kept = append(kept, x)
		}
	}
	return kept
}
