package discord

import (
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

// Live buttons: the adapter remembers, per game, the messages it posted
// with buttons and the game's moment they were drawn for (bot.MomentOf,
// also in each button's custom_id). When any reply about the game is
// delivered, the buttons of the messages drawn for another moment than
// the game's current one are taken off (the message stays as it was
// written): a move, a settled proposal, an answered challenge leave live
// buttons only on the posts of the game as it stands. A reply whose own
// moment has passed when it goes out goes without its buttons. The
// referee still checks each press's moment (an edit may fail, or race
// the press), so this is what players see, not what guards the game.

// keyLive is the state key of a game's live button messages.
const keyLive = "live/" // game id → liveRecord

// liveRetention bounds how long a game's live messages are remembered
// after the last reply with buttons.
const liveRetention = 30 * 24 * time.Hour

// liveRecord lists the messages of a game that carry live buttons.
type liveRecord struct {
	Posts []livePost
	At    time.Time // the last change
}

// livePost is one message with buttons.
type livePost struct {
	Channel string `json:",omitempty"` // where it is (a thread, a DM)
	Message string
	// Token and App edit an ephemeral follow-up, which only the
	// interaction's token reaches (for tokenLife after At); a message
	// without them is edited in its channel.
	Token  string `json:",omitempty"`
	App    string `json:",omitempty"`
	Moment string
	At     time.Time
}

// replyMoment is the moment of its game a reply's buttons were drawn for
// ("" when it has no action about its game).
func replyMoment(r *record.Reply) string {
	if r.Game == "" {
		return ""
	}
	for _, p := range r.Parts {
		for _, a := range p.Actions {
			if a.Game == r.Game && a.Moment != "" {
				return a.Moment
			}
		}
	}
	return ""
}

// withoutActions returns a copy of a reply without its actions (a reply
// delivered after a newer one of its game: its buttons would be stale at
// birth).
func withoutActions(r *record.Reply) *record.Reply {
	c := *r
	c.Parts = nil
	for _, p := range r.Parts {
		if p.Kind != record.Actions {
			c.Parts = append(c.Parts, p)
		}
	}
	return &c
}

// deliverLive delivers a reply about a game under the game's live lock.
// The game's current moment decides: a reply whose buttons were drawn for
// another moment (the game moved on before it went out; the pipeline's
// lanes are per player) goes out without them, and once it is out, the
// buttons of every remembered message of another moment are taken off.
// Any reply about the game does this, with buttons or without (a
// declined proposal, a withdrawn challenge, a loss on time carry none).
func (d *delivery) deliverLive(ctx context.Context) error {
	t, game := d.t, d.r.Game
	unlock := t.locks.lock("live:" + game)
	defer unlock()
	g, err := t.ref.Game(ctx, game)
	if err != nil {
		if !errors.Is(err, record.ErrNotFound) {
			t.log.Debug("discord: read a game for its live buttons", "game", game, "err", err)
		}
		return d.deliver(ctx)
	}
	current := bot.MomentOf(g)
	moment := replyMoment(d.r)
	if moment != "" && moment != current {
		d.r = withoutActions(d.r)
		moment = ""
	}
	d.track = moment != ""
	var rec liveRecord
	if _, err := t.getState(ctx, keyLive+game, &rec); err != nil {
		return outbox.Temporary(err, 0)
	}
	err = d.deliver(ctx)
	now := t.clock.Now()
	kept := rec.Posts[:0]
	changed := false
	for _, p := range rec.Posts {
		switch {
		case p.Moment == current:
			kept = append(kept, p)
		case t.opts.keepButtons:
			changed = true
		case t.takeButtonsOff(ctx, p, now):
			changed = true
		default: // later: its thread is archived
			kept = append(kept, p)
		}
	}
	rec.Posts = append(kept, d.livePosts(moment)...)
	if changed || len(d.posted) > 0 {
		t.saveLive(ctx, game, rec)
	}
	return err
}

// livePosts are the messages this delivery posted with buttons.
func (d *delivery) livePosts(moment string) []livePost {
	out := make([]livePost, 0, len(d.posted))
	for _, p := range d.posted {
		p.Moment = moment
		out = append(out, p)
	}
	return out
}

// posting notes a message posted with buttons.
func (d *delivery) posting(m *discordgo.Message, components int, token, app string) {
	if !d.track || m == nil || components == 0 || m.ID == "" {
		return
	}
	p := livePost{Channel: m.ChannelID, Message: m.ID, Token: token, App: app, At: d.t.clock.Now()}
	d.posted = append(d.posted, p)
}

// saveLive writes a game's live messages (a failure only means buttons
// stay on a post longer: the referee refuses their presses anyway).
func (t *Transport) saveLive(ctx context.Context, game string, rec liveRecord) {
	rec.At = t.clock.Now()
	w := write(keyLive+game, rec)
	if len(rec.Posts) == 0 {
		w = bot.StateWrite{Key: keyLive + game, Delete: true}
	}
	if err := t.putState(ctx, w); err != nil {
		t.log.Warn("discord: record the messages with live buttons", "game", game, "err", err)
	}
}

// takeButtonsOff removes the buttons of a superseded message, and
// reports false when that must wait: the message is in an archived
// thread, which Discord does not let anyone edit, and which the adapter
// does not unarchive for this alone (the thread of a finished game stays
// archived; the referee refuses the buttons' presses anyway). A message
// gone, or an ephemeral one whose token has expired, is let be.
func (t *Transport) takeButtonsOff(ctx context.Context, p livePost, now time.Time) bool {
	none := []discordgo.MessageComponent{}
	if ch, ok := t.stateChannel(p.Channel); ok && ch.IsThread() && ch.ThreadMetadata != nil && ch.ThreadMetadata.Archived {
		return false
	}
	var err error
	switch {
	case p.Token != "":
		if now.Sub(p.At) >= tokenLife {
			return true
		}
		_, err = t.s.FollowupMessageEdit(&discordgo.Interaction{AppID: p.App, Token: p.Token}, p.Message,
			&discordgo.WebhookEdit{Components: &none}, discordgo.WithContext(ctx))
	case p.Channel != "":
		_, err = t.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: p.Message, Channel: p.Channel, Components: &none},
			discordgo.WithContext(ctx))
	}
	if err != nil {
		t.log.Debug("discord: take the buttons off a superseded message", "message", p.Message, "err", err)
		return true
	}
	t.log.Debug("discord: buttons taken off a superseded message", "message", p.Message, "moment", p.Moment)
	return true
}
