package news

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Space is the referee's state space of news (see the package's doc); no
// transport is named so (transport names have no dot).
const Space = "referee.news"

// PerDay is how many notices a subscriber gets at once in a (UTC) day;
// the rest wait for their daily digest.
const PerDay = 5

// MaxHeld bounds the news held for one subscriber's digest; beyond it
// more is dropped ("seeks" lists every open challenge).
const MaxHeld = 20

// The keys of Space.
const (
	subPrefix  = "sub/"  // sub/PLAYER: "s", "e" or "se", what they asked for
	sentPrefix = "sent/" // sent/PLAYER: "2026-11-28 3", the notices sent at once that day
	heldPrefix = "held/" // held/PLAYER/ITEM: the news held for the digest
	eventItem  = "event:"
)

// Turn is what "set news" needs of the message being evaluated.
type Turn interface {
	// Now is when the referee evaluates the message; Sender the player
	// who sent it, whose record MarkPlayer has written with its effects.
	Now() time.Time
	Sender() *record.Player
	MarkPlayer(p *record.Player)
	// AtCommit adds a write to the transaction of the message's effects.
	AtCommit(fn func(record.Tx) error)
	// Tell tells an outcome to the player key in the reply about game
	// ("" for none); Refused refuses the command being run.
	Tell(to, game string, o words.Outcome)
	Refused(o words.Outcome) error
}

// request is what the words after "set news" ask for.
type request struct {
	seeks, events, what bool // what: a topic was named
	off, daily, now     bool
}

// parse reads the words after "set news", or returns the word it does
// not know.
func parse(args []string) (request, string) {
	var q request
	for _, a := range args {
		switch strings.ToLower(strings.TrimRight(a, ".,!?:")) {
		case "off", "no", "none":
			q.off = true
		case "on", "yes", "all", "both":
			q.seeks, q.events, q.what = true, true, true
		case "seeks", "seek", "challenges":
			q.seeks, q.what = true, true
		case "events", "event":
			q.events, q.what = true, true
		case "daily", "digest":
			q.daily = true
		case "now", "immediate", "immediately", "instant":
			q.now = true
		default:
			return q, a
		}
	}
	return q, ""
}

// Set is "set news off|seeks|events|on [daily|now]": topics named replace
// the player's; "daily" keeps them to the digest, "now" sends them at
// once; game is the game the reply is about.
func Set(t Turn, args []string, game string) error {
	q, bad := parse(args)
	switch {
	case bad != "":
		return t.Refused(words.NewsRefused{Kind: words.NewsWhat, Arg: command.Excerpt(bad, 20)})
	case len(args) == 0:
		return t.Refused(words.NewsRefused{Kind: words.NewsNothing})
	}
	p := t.Sender()
	if q.off {
		o := words.NewsSet{Off: true, Already: p.News == nil}
		p.News = nil
		t.MarkPlayer(p)
		index(t, p)
		t.Tell(p.Key, game, o)
		return nil
	}
	n := record.News{}
	if p.News != nil {
		n = *p.News
	}
	if q.what {
		n.Seeks, n.Events = q.seeks, q.events
	}
	if q.daily || q.now {
		n.Daily = q.daily
	}
	switch {
	case !n.Seeks && !n.Events:
		return t.Refused(words.NewsRefused{Kind: words.NewsNothing})
	case n.Daily && p.Digest == nil:
		return t.Refused(words.NewsRefused{Kind: words.NewsNoDigest})
	}
	p.News = &n
	t.MarkPlayer(p)
	index(t, p)
	t.Tell(p.Key, game, words.NewsSet{NewsSetting: Setting(p)})
	return nil
}

// Stopped ends player p's news ("stop" on mail), if any, with the
// message's effects.
func Stopped(t Turn, p *record.Player) {
	if p.News == nil {
		return
	}
	p.News = nil
	t.MarkPlayer(p)
	index(t, p)
}

// Setting is player p's news as "settings" shows it.
func Setting(p *record.Player) words.NewsSetting {
	o := words.NewsSetting{PerDay: PerDay}
	if p.Digest != nil {
		o.Digest = p.Digest.At
	}
	if p.News != nil {
		o.Seeks, o.Events, o.Daily = p.News.Seeks, p.News.Events, p.News.Daily
	}
	return o
}

// topics is what a player asked for, as the index keeps it.
func topics(n *record.News) string {
	var b strings.Builder
	if n != nil && n.Seeks {
		b.WriteByte('s')
	}
	if n != nil && n.Events {
		b.WriteByte('e')
	}
	return b.String()
}

// index writes player p's entry of the subscribers' index at commit;
// without news, their day's count and held news go too.
func index(t Turn, p *record.Player) {
	key, what := subPrefix+p.Key, topics(p.News)
	t.AtCommit(func(tx record.Tx) error {
		if what != "" {
			return tx.PutState(Space, key, []byte(what))
		}
		var held []string
		if err := tx.ScanState(Space, heldPrefix+p.Key+"/", func(k string, _ []byte) error { held = append(held, k); return nil }); err != nil {
			return err
		}
		for _, k := range append(held, key, sentPrefix+p.Key) {
			if err := tx.DeleteState(Space, k); err != nil {
				return err
			}
		}
		return nil
	})
}

// day is the UTC day of t, which the count of notices sent at once runs
// by.
func day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// sentOn reads a "sent/" value: the notices sent at once on day d.
func sentOn(v []byte, d string) int {
	at, n, ok := strings.Cut(string(v), " ")
	if !ok || at != d {
		return 0
	}
	k, err := strconv.Atoi(n)
	if err != nil || k < 0 {
		return 0
	}
	return k
}

// countSent adds one to the notices sent at once to player key on day d,
// inside the transaction, so that the count is exact.
func countSent(key, d string) func(record.Tx) error {
	return func(tx record.Tx) error {
		v, err := tx.State(Space, sentPrefix+key)
		if err != nil && !errors.Is(err, record.ErrNotFound) {
			return fmt.Errorf("news: sent: %w", err)
		}
		return tx.PutState(Space, sentPrefix+key, []byte(d+" "+strconv.Itoa(sentOn(v, d)+1)))
	}
}
