package digest

import (
	"context"
	"errors"
	"time"

	"github.com/takbymail/takbot/bot/news"
	"github.com/takbymail/takbot/bot/schedule"
	"github.com/takbymail/takbot/bot/wake"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Space is the state space of the digest index.
const Space = "referee.digest"

// maxPerTick bounds the digests one tick sends; the rest wait for the
// next tick.
const maxPerTick = 1000

// Turn is what the digest needs of the message or clock event being
// evaluated; package bot's session implements it.
type Turn interface {
	// Now is when the referee evaluates.
	Now() time.Time
	// Sender is the sender's player record (nil for a clock event).
	Sender() *record.Player
	// Player returns a player record under the session's locks;
	// MarkPlayer has it written at commit.
	Player(key string) (*record.Player, error)
	MarkPlayer(p *record.Player)
	// GamesOf are a player's game ids, oldest first; PeekGame reads a
	// game without its lock; SetAside reports (and logs once) a damaged
	// record that err names, which is then left out.
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	SetAside(err error) bool
	// GameLine describes a game for player key as "games" lists it, and
	// whether it waits for them.
	GameLine(g *record.Game, key string) (string, bool)
	// Zone is a player's time zone (UTC when they chose none); SetZone
	// sets it from its name, or returns the refusal to return.
	Zone(p *record.Player) *time.Location
	SetZone(p *record.Player, name string) error
	// AtCommit adds a write to the commit's transaction; View reads the
	// store.
	AtCommit(fn func(record.Tx) error)
	View(fn func(record.Tx) error) error
	// Refusal refuses the sender's command with o.
	Refusal(g *record.Game, o words.Refusal) error
	// Tell adds o's words to the reply to player to about game, TellBlock
	// a monospace block, Offer the choices.
	Tell(to, game string, o words.Outcome)
	TellBlock(to, game, caption, text string)
	Offer(to, game string, cs ...words.Choice)
}

// index is the wake index of the digests: "digest/SECONDS/PLAYER".
var index = wake.Index{Space: Space, Name: "digest", Max: maxPerTick}

// reindex moves a player's index key from old to next (either zero: none)
// in the commit's transaction.
func reindex(t Turn, player string, old, next time.Time) {
	if old.Equal(next) {
		return
	}
	t.AtCommit(func(tx record.Tx) error { return index.Move(tx, player, old, next) })
}

// Schedule sets when a player's digest is next due, from now, and moves
// its index key.
func Schedule(t Turn, p *record.Player) {
	old := p.Digest.Next
	tod, err := schedule.ParseTimeOfDay(p.Digest.At)
	if err != nil { // a damaged record: no digest rather than a wrong one
		p.Digest = nil
		reindex(t, p.Key, old, time.Time{})
		return
	}
	p.Digest.Next = schedule.NextDaily(t.Now(), tod, t.Zone(p), p.Digest.Last)
	reindex(t, p.Key, old, p.Digest.Next)
}

// zoneName names a player's zone, "UTC" when they chose none.
func zoneName(p *record.Player) string {
	if p.Zone == "" {
		return "UTC"
	}
	return p.Zone
}

// Set is "set digest [daily] TIME [ZONE]" and "set digest off"; game is
// the game the sender's commands go to, which the answer is about.
func Set(t Turn, args []string, game string) error {
	p := t.Sender()
	req, err := schedule.ParseDaily(args)
	switch {
	case errors.Is(err, schedule.ErrNoDaily):
		return t.Refusal(nil, words.Refusal{Reason: words.DigestWhen})
	case err != nil:
		return t.Refusal(nil, words.Refusal{Reason: words.DigestTime, Arg: command.Excerpt(req.Time, 20)})
	case req.Off && p.Digest == nil:
		t.Tell(p.Key, game, words.DigestSet{Off: true, Already: true})
		return nil
	case req.Off:
		reindex(t, p.Key, p.Digest.Next, time.Time{})
		p.Digest = nil
		t.MarkPlayer(p)
		t.Tell(p.Key, game, words.DigestSet{Off: true})
		return nil
	}
	tod := req.At
	switch {
	case req.Zone != "":
		if err := t.SetZone(p, req.Zone); err != nil {
			return err
		}
	case p.Zone == "":
		return t.Refusal(nil, words.Refusal{Reason: words.DigestZone, Arg: tod.String()})
	}
	if p.Digest == nil {
		p.Digest = &record.Digest{}
	}
	p.Digest.At = tod.String()
	Schedule(t, p)
	t.MarkPlayer(p)
	t.Tell(p.Key, game, words.DigestSet{At: p.Digest.At, Zone: zoneName(p), First: p.Digest.Next})
	return nil
}

// Rezoned moves player p's digest, if they have one, to the zone they
// just chose, and tells them in the reply about game.
func Rezoned(t Turn, p *record.Player, game string) {
	if p.Digest == nil {
		return
	}
	Schedule(t, p)
	t.Tell(p.Key, game, words.DigestSet{At: p.Digest.At, Zone: zoneName(p), First: p.Digest.Next, Moved: true})
}

// Setting is player p's digest as "settings" shows it.
func Setting(p *record.Player) words.DigestSetting {
	o := words.DigestSetting{Zone: zoneName(p)}
	if p.Digest != nil {
		o.At = p.Digest.At
	}
	return o
}

// TickAll serves the digests due by now (the wake index), each with tick,
// which runs Tick under the player's lock and commits; a digest whose
// record is damaged (setAside reports it, logged once) waits until it is
// mended.
func TickAll(ctx context.Context, view func(func(record.Tx) error) error, now time.Time,
	tick func(player string, at time.Time) ([]record.Reply, error), setAside func(error) bool) ([]record.Reply, error) {
	return index.TickAll(ctx, view, now, func(d wake.Due) ([]record.Reply, error) { return tick(d.ID, d.At) }, setAside)
}

// Tick serves one player's digest, due at at by the index, under the
// player's lock: it drafts the digest when the day's is due and games
// wait, and moves the index key. day is the day served ("" for none), for
// the replies' ids.
func Tick(t Turn, player string, at time.Time) (day string, err error) {
	p, err := t.Player(player)
	if err != nil {
		return "", err
	}
	now := t.Now()
	switch {
	case p.Digest == nil || p.Digest.Next.IsZero():
		reindex(t, player, at, time.Time{}) // a stale key: drop it
		return "", nil
	case !p.Digest.Next.Equal(at) || p.Digest.Next.After(now):
		reindex(t, player, at, p.Digest.Next) // a stale key: put the right one
		return "", nil
	}
	loc := t.Zone(p)
	if day = schedule.Day(p.Digest.Next, loc); day > p.Digest.Last {
		sent, err := write(t, p, now.In(loc).Format("Monday 2 January"))
		if err != nil {
			return "", err
		}
		p.Digest.Last = day
		if today := schedule.Day(now, loc); sent && today > day {
			// sent late (the referee was down): it serves today too, so
			// that no day gets two
			p.Digest.Last = today
		}
	} else {
		day = ""
	}
	Schedule(t, p)
	t.MarkPlayer(p)
	return day, nil
}

// calledOff reports whether a game never started or was called off.
func calledOff(g *record.Game) bool {
	return g.Status == record.Declined || g.Status == record.Cancelled || g.Status == record.Expired || g.Status == record.Aborted
}

// write drafts a player's digest, titled with the day it goes out
// ("Sunday 22 November"): their games waiting for them, and the news
// held for it (bot/news), or nothing when there is neither. It reports
// whether it drafted one.
func write(t Turn, p *record.Player, day string) (bool, error) {
	ids, err := t.GamesOf(p.Key)
	if err != nil {
		return false, err
	}
	o := words.Digest{Day: day}
	for _, id := range ids {
		g, err := t.PeekGame(id)
		if err != nil {
			if t.SetAside(err) {
				continue
			}
			return false, err
		}
		if calledOff(g) {
			continue
		}
		if line, waiting := t.GameLine(g, p.Key); waiting {
			o.Lines = append(o.Lines, line)
			if o.First == "" {
				o.First = g.ID // the game the hint names, never a finished one (issue 26)
			}
		}
	}
	held, err := news.Held(t, p)
	if err != nil {
		return false, err
	}
	if len(o.Lines) > 0 {
		t.Tell(p.Key, "", o)
		caption, text := o.Block()
		t.TellBlock(p.Key, "", caption, text)
		t.Tell(p.Key, "", words.DigestHint{Game: o.First})
		t.Offer(p.Key, "", words.GamesChoice)
	}
	if len(held.Seeks)+len(held.Events) > 0 {
		caption, text := held.Block()
		t.TellBlock(p.Key, "", caption, text)
		return true, nil
	}
	return len(o.Lines) > 0, nil
}
