package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/schedule"
)

// The daily digest: "set digest daily 08:00 Europe/Berlin" sends the
// player, once a day at that time of their zone, one message listing the
// games waiting for them (their move, a challenge or a proposal to
// answer), and nothing when none waits.
//
// The wake index: a digest is per player, and the clock index of the
// store is per game, so the referee keeps its own index in the store's
// key-value state, in the space digestSpace (no transport is named so:
// transport names have no dot): one key "digest/SECONDS/PLAYER" per
// player with a digest, SECONDS the Unix time of PlayerRecord.Digest.Next,
// zero-padded so that keys sort by time. A tick reads the keys up to now
// only. The key moves in the transaction that changes the player's
// record, and the record keeps the day last served (Digest.Last), so a
// restart neither loses a digest nor sends one twice.

// digestSpace is the state space of the digest index.
const digestSpace = "referee.digest"

// maxDigestsPerTick bounds the digests one tick sends; the rest wait for
// the next tick.
const maxDigestsPerTick = 1000

// digestKey is the index key of a player's digest due at at.
func digestKey(at time.Time, player string) string {
	return fmt.Sprintf("digest/%012d/%s", at.Unix(), player)
}

// parseDigestKey reads an index key.
func parseDigestKey(k string) (time.Time, string, bool) {
	rest, ok := strings.CutPrefix(k, "digest/")
	if !ok {
		return time.Time{}, "", false
	}
	secs, player, ok := strings.Cut(rest, "/")
	n, err := strconv.ParseInt(secs, 10, 64)
	if !ok || err != nil || player == "" {
		return time.Time{}, "", false
	}
	return time.Unix(n, 0), player, true
}

// reindexDigest moves a player's index key from old to next (either zero:
// none) in the session's transaction.
func (s *session) reindexDigest(player string, old, next time.Time) {
	if old.Equal(next) {
		return
	}
	s.extra = append(s.extra, func(tx Tx) error {
		if !old.IsZero() {
			if err := tx.DeleteState(digestSpace, digestKey(old, player)); err != nil {
				return err
			}
		}
		if next.IsZero() {
			return nil
		}
		return tx.PutState(digestSpace, digestKey(next, player), []byte(player))
	})
}

// scheduleDigest sets when a player's digest is next due, from now, and
// moves its index key.
func (s *session) scheduleDigest(p *PlayerRecord) {
	old := p.Digest.Next
	tod, err := schedule.ParseTimeOfDay(p.Digest.At)
	if err != nil { // a damaged record: no digest rather than a wrong one
		p.Digest = nil
		s.reindexDigest(p.Key, old, time.Time{})
		return
	}
	p.Digest.Next = schedule.NextDaily(s.now, tod, zoneOf(p), p.Digest.Last)
	s.reindexDigest(p.Key, old, p.Digest.Next)
}

// setDigest is "set digest [daily] TIME [ZONE]" and "set digest off".
func (s *session) setDigest(args []string) error {
	p := s.sender
	example := "\"set digest daily 08:00 Europe/Berlin\""
	req, err := schedule.ParseDaily(args)
	switch {
	case errors.Is(err, schedule.ErrNoDaily):
		return refuse("say when, e.g. %s (a time of day and your time zone), or \"set digest off\"", example)
	case err != nil:
		return refuse("the digest's time must be a time of day such as 08:00, 8am or 20:30, not %q; e.g. %s", excerpt(req.Time, 20), example)
	case req.Off && p.Digest == nil:
		s.tell(p.Key, s.defaultGame()).say("Your daily digest is already off.")
		return nil
	case req.Off:
		s.reindexDigest(p.Key, p.Digest.Next, time.Time{})
		p.Digest = nil
		s.markPlayer(p)
		s.tell(p.Key, s.defaultGame()).say("Your daily digest is off: no more daily message listing your games.")
		return nil
	}
	tod := req.At
	switch {
	case req.Zone != "":
		if _, err := setZoneOf(p, req.Zone); err != nil {
			return err
		}
	case p.Zone == "":
		return refuse("say your time zone too, so that %s is your %s: e.g. \"set digest daily %s Europe/Berlin\" (Region/City, or UTC)", tod, tod, tod)
	}
	if p.Digest == nil {
		p.Digest = &Digest{}
	}
	p.Digest.At = tod.String()
	s.scheduleDigest(p)
	s.markPlayer(p)
	s.tell(p.Key, s.defaultGame()).say("Every day at %s %s you get one message listing the games waiting for you (none when nothing waits); the first is due %s.",
		p.Digest.At, zoneName(p), s.timeFor(p.Key, p.Digest.Next))
	return nil
}

// errStopScan stops a scan of the index at the first key not yet due.
var errStopScan = errors.New("stop")

// tickDigests sends the digests that are due.
func (r *Referee) tickDigests(ctx context.Context, now time.Time) ([]Reply, error) {
	type due struct {
		at     time.Time
		player string
	}
	var dues []due
	err := r.store.View(ctx, func(tx Tx) error {
		dues = dues[:0]
		return tx.ScanState(digestSpace, "digest/", func(k string, _ []byte) error {
			at, player, ok := parseDigestKey(k)
			if !ok {
				return nil
			}
			if at.After(now) || len(dues) >= maxDigestsPerTick {
				return errStopScan
			}
			dues = append(dues, due{at, player})
			return nil
		})
	})
	if err != nil && !errors.Is(err, errStopScan) {
		return nil, fmt.Errorf("bot: digests: %w", err)
	}
	var all []Reply
	var errs []error
	for _, d := range dues {
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		rs, err := r.tickDigest(ctx, d.player, d.at)
		if r.SetAside(err) {
			continue // logged once; the digest waits until the record is mended
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("bot: digest of %s: %w", d.player, err))
			continue
		}
		all = append(all, rs...)
	}
	return all, errors.Join(errs...)
}

// tickDigest sends one player's digest, due at at by the index, under the
// player's lock.
func (r *Referee) tickDigest(ctx context.Context, key string, at time.Time) (replies []Reply, err error) {
	ls := &lockSet{r: r}
	ls.lock(map[int]bool{stripeOf(key): true})
	defer ls.unlock()
	s := r.newSession(ctx, ls, Message{}, "digest:"+key)
	defer func() {
		if v := recover(); v != nil {
			r.logger().Error("panic while sending a digest", "player", key, "panic", v)
			replies, err = nil, fmt.Errorf("internal error: %v", v)
		}
	}()
	p, err := s.player(key)
	if err != nil {
		return nil, err
	}
	switch {
	case p.Digest == nil || p.Digest.Next.IsZero():
		s.reindexDigest(key, at, time.Time{}) // a stale key: drop it
	case !p.Digest.Next.Equal(at) || p.Digest.Next.After(s.now):
		s.reindexDigest(key, at, p.Digest.Next) // a stale key: put the right one
	default:
		loc := zoneOf(p)
		if day := schedule.Day(p.Digest.Next, loc); day > p.Digest.Last {
			s.replyBase = "digest:" + key + ":" + day
			sent, err := s.writeDigest(p, s.now.In(loc).Format("Monday 2 January"))
			if err != nil {
				return nil, err
			}
			p.Digest.Last = day
			if today := schedule.Day(s.now, loc); sent && today > day {
				// sent late (the referee was down): it serves today too,
				// so that no day gets two
				p.Digest.Last = today
			}
		}
		s.scheduleDigest(p)
		s.markPlayer(p)
	}
	replies, err = s.commit(&ProcessedRecord{}, nil)
	if err == nil && len(replies) > 0 {
		r.logger().Info("digest sent", "player", key, "games", len(replies))
	}
	return replies, err
}

// writeDigest drafts a player's digest, titled with the day it goes out
// ("Sunday 22 November"): their games waiting for them, or nothing when
// none waits. It reports whether it drafted one.
func (s *session) writeDigest(p *PlayerRecord, day string) (bool, error) {
	ids, err := s.gamesOf(p.Key)
	if err != nil {
		return false, err
	}
	var lines []string
	first := "" // the first game waiting for the reader, which the hint names
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil {
			if s.r.SetAside(err) {
				continue
			}
			return false, err
		}
		if calledOff(g) {
			continue
		}
		if line, waiting := s.gameLine(g, p.Key); waiting {
			lines = append(lines, line)
			if first == "" {
				first = g.ID
			}
		}
	}
	if len(lines) == 0 {
		return false, nil
	}
	d := s.tell(p.Key, "")
	d.public = true
	d.say("Your daily digest, %s: %s waiting for you.", day, plural(len(lines), "game is", "games are"))
	d.block("Waiting for you:", strings.Join(lines, "\n"))
	// The example names a game that waits for the reader, never a
	// finished one (issue 26).
	d.say("Send \"game ID\" to choose one (\"game %s; board\" shows its board), or \"games\" for all your games. \"set digest off\" stops this message.", first)
	d.act(gamesAction)
	return true, nil
}
