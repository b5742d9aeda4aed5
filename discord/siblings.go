package discord

import (
	"context"
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/record"
)

// siblings returns the replies of one event about one game to the
// Discord players in its thread (the reply itself first). A reply's id is
// its event's id, "/", and its index among the event's replies.
func (t *Transport) siblings(ctx context.Context, r *record.Reply, place placeRecord) []record.Reply {
	out := []record.Reply{*r}
	if len(place.Members) < 2 {
		return out
	}
	base, idx, ok := splitReplyID(r.ID)
	if !ok {
		return out
	}
	for i := 1; i <= min(idx+12, 64); i++ {
		if i == idx {
			continue
		}
		rp, err := t.ref.Reply(ctx, base+"/"+strconv.Itoa(i))
		if errors.Is(err, record.ErrNotFound) {
			continue
		}
		if err != nil {
			t.log.Warn("discord: read a reply's siblings", "reply", r.ID, "err", err)
			return out
		}
		if rp.Game == r.Game && rp.To.Transport == Name && rp.To.Address != r.To.Address && !rp.Private && place.member(rp.To.Address) {
			out = append(out, *rp)
		}
	}
	return out
}

// splitReplyID splits "EVENT/N".
func splitReplyID(id string) (string, int, bool) {
	i := strings.LastIndexByte(id, '/')
	if i <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(id[i+1:])
	if err != nil || n < 1 {
		return "", 0, false
	}
	return id[:i], n, true
}

// chosen picks the reply of an event that the thread shows: the one for
// a player who did not cause the event, then one that asks its reader to
// act, then the first written.
func chosen(sibs []record.Reply, sender string) record.Reply {
	best := append([]record.Reply(nil), sibs...)
	sort.SliceStable(best, func(i, j int) bool {
		a, b := best[i], best[j]
		if (a.To.Address == sender) != (b.To.Address == sender) {
			return b.To.Address == sender
		}
		if a.Attention != b.Attention {
			return a.Attention
		}
		if a.Seq != b.Seq {
			return a.Seq < b.Seq
		}
		return a.ID < b.ID
	})
	return best[0]
}

// pings lists the players an event's thread post mentions: those who did
// not cause it (a clock event or a mail concerns every Discord player),
// except the ones who get it by DM.
func (t *Transport) pings(sibs []record.Reply, sender string) []string {
	var out []string
	for _, r := range sibs {
		u := r.To.Address
		if u == sender || t.wantsDM(u) {
			continue
		}
		out = append(out, u)
	}
	sort.Strings(out)
	return out
}
