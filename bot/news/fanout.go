package news

import (
	"sort"
	"strings"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Fan is what telling the subscribers needs of the message being
// evaluated.
type Fan interface {
	Turn
	// Player reads a player's record (a fresh one when unknown); View
	// reads the store.
	Player(key string) (*record.Player, error)
	View(fn func(record.Tx) error) error
	// Stranger reports whether p never wrote to the referee.
	Stranger(p *record.Player) (bool, error)
	// News sends the player to an outcome as news (an event of its
	// own, about no game), offering actions.
	News(to string, o words.Outcome, acts ...record.Action)
}

// subscriber is an entry of the index and the notices sent to it today.
type subscriber struct {
	key  string
	sent int
}

// subscribers reads the index: the players who asked for topic ('s' or
// 'e'), in key order, with the notices each was sent at once on day d.
func subscribers(t Fan, topic byte, d string) ([]subscriber, error) {
	var out []subscriber
	err := t.View(func(tx record.Tx) error {
		out = out[:0]
		if err := tx.ScanState(Space, subPrefix, func(k string, v []byte) error {
			if strings.IndexByte(string(v), topic) >= 0 {
				out = append(out, subscriber{key: strings.TrimPrefix(k, subPrefix)})
			}
			return nil
		}); err != nil {
			return err
		}
		for i := range out {
			v, err := tx.State(Space, sentPrefix+out[i].key)
			if err == nil {
				out[i].sent = sentOn(v, d)
			}
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out, err
}

// reader is the record of subscriber key when they may be told of
// topic: still subscribed (the record, not the index, decides), a
// primary record, and someone who wrote to the bot; nil when not.
func reader(t Fan, key string, topic byte) (*record.Player, error) {
	p, err := t.Player(key)
	if err != nil || p.Alias != "" || strings.IndexByte(topics(p.News), topic) < 0 {
		return nil, err
	}
	if stranger, err := t.Stranger(p); err != nil || stranger {
		return nil, err
	}
	return p, nil
}

// Seek tells the subscribers of new open challenge g, whose seeker is
// labelled seeker (a public name and rating, as the lobbies read it):
// those its rating range admits, never its seeker.
func Seek(t Fan, g *record.Game, seeker string) error {
	if g.Seek == nil {
		return nil
	}
	d := day(t.Now())
	subs, err := subscribers(t, 's', d)
	if err != nil {
		return err
	}
	for _, s := range subs {
		if s.key == g.Players[g.Challenger] {
			continue
		}
		p, err := reader(t, s.key, 's')
		if err != nil {
			return err
		}
		if p == nil || !admits(g, p) {
			continue
		}
		o := words.SeekNews{Seek: listed(g, seeker), PerDay: PerDay, Digest: p.Digest != nil, Private: g.Private}
		deliver(t, p, s.sent, d, g.ID, seeker, func(last bool) words.Outcome { o.Last = last; return o },
			record.Action{Label: "Accept " + g.ID, Command: "accept " + g.ID, Game: g.ID})
	}
	return nil
}

// admits reports whether player p may accept open challenge g: its
// rating range admits p's rating on its size (unrated players count as
// community.UnratedRating).
func admits(g *record.Game, p *record.Player) bool {
	r := community.Range{Low: g.Seek.Low, High: g.Seek.High}
	if r.Any() {
		return true
	}
	e, ok := p.Ratings[standing.Pool(g.Config.Size)]
	_, in := r.Admits(e.Rating, ok && e.Games > 0)
	return in
}

// listed is open challenge g as a notice or a digest lists it.
func listed(g *record.Game, seeker string) words.SeekListed {
	return words.SeekListed{ID: g.ID, Seeker: seeker, Size: g.Config.Size, Komi: g.Config.Komi, Days: g.Days,
		You: g.Challenger.Opponent(), Ranged: !(community.Range{Low: g.Seek.Low, High: g.Seek.High}).Any(), Low: g.Seek.Low, High: g.Seek.High}
}

// deliver sends subscriber p the notice at once while p takes notices at
// once and had fewer than PerDay today (sent), else holds item (with
// value) for p's digest when p has one.
func deliver(t Fan, p *record.Player, sent int, d, item, value string, notice func(last bool) words.Outcome, acts ...record.Action) {
	if !p.News.Daily && sent < PerDay {
		t.News(p.Key, notice(sent+1 == PerDay), acts...)
		t.AtCommit(countSent(p.Key, d))
		return
	}
	if p.Digest != nil {
		t.AtCommit(hold(p.Key, item, value))
	}
}

// hold keeps item for player key's digest, at most MaxHeld of them.
func hold(key, item, value string) func(record.Tx) error {
	return func(tx record.Tx) error {
		n := 0
		if err := tx.ScanState(Space, heldPrefix+key+"/", func(string, []byte) error { n++; return nil }); err != nil {
			return err
		}
		if n >= MaxHeld {
			return nil
		}
		return tx.PutState(Space, heldPrefix+key+"/"+item, []byte(value))
	}
}

// AnnounceEvent tells the subscribers to events of new event e (a
// private event: nobody). The events' package calls it, through its own
// Turn, when an event opens to sign-up.
func AnnounceEvent(t Fan, e words.EventNotice, private bool) error {
	if private || e.Name == "" {
		return nil
	}
	d := day(t.Now())
	subs, err := subscribers(t, 'e', d)
	if err != nil {
		return err
	}
	for _, s := range subs {
		p, err := reader(t, s.key, 'e')
		if err != nil {
			return err
		}
		if p == nil {
			continue
		}
		deliver(t, p, s.sent, d, eventItem+e.Name, e.Line(), func(bool) words.Outcome { return e })
	}
	return nil
}
