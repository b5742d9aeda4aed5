package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/takbymail/takbot/bot/digest"
)

// The daily digest's clock: package digest decides, under the player's lock.

// tickDigests sends the digests that are due ([digest.TickAll]).
func (r *Referee) tickDigests(ctx context.Context, now time.Time) ([]Reply, error) {
	tick := func(player string, at time.Time) ([]Reply, error) { return r.tickDigest(ctx, player, at) }
	return digest.TickAll(ctx, r.view(ctx), now, tick, r.SetAside)
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
	day, err := digest.Tick(s, key, at)
	if err != nil {
		return nil, err
	}
	if day != "" {
		s.replyBase = "digest:" + key + ":" + day
	}
	replies, err = s.commit(&ProcessedRecord{}, nil)
	if err == nil && len(replies) > 0 {
		r.logger().Info("digest sent", "player", key, "games", len(replies))
	}
	return replies, err
}
