package bot

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/takbymail/takbot/bot/consent"
	"github.com/takbymail/takbot/words"
)

// The consent of addresses anyone can name (mail): the rules are package
// consent's; the referee records who wrote (noteWrote), holds a challenge
// notice to a stranger for its grace period (holdNotice, voidNotice) and
// tells the other player of a reply declined (declined).

// ChallengeGrace is the default of Options.ChallengeGrace: see
// consent.ChallengeGrace.
const ChallengeGrace = consent.ChallengeGrace

// Consent is the optional interface of a Transport that keeps consent:
// see consent.Consent.
type Consent = consent.Consent

// Unwanted returns the failure of a reply declined for want of consent:
// see consent.Unwanted.
func Unwanted(reason string, err error) error { return consent.Unwanted(reason, err) }

// IsUnwanted reports whether err is a reply declined for want of consent.
func IsUnwanted(err error) bool { return consent.IsUnwanted(err) }

// consentOf returns the Consent of a running transport, nil when it keeps
// none.
func (r *Referee) consentOf(transport string) Consent {
	e := r.transport(transport)
	if e == nil || e.t == nil {
		return nil
	}
	c, _ := e.t.(Consent)
	return c
}

// noteWrote records that the sender wrote to the bot (consent.NoteWrote).
func (s *session) noteWrote() { consent.NoteWrote(s, s.msg.From, s.msg.Unverified) }

// stranger reports whether a player never wrote to the bot on a transport
// that keeps consent (consent.Stranger).
func (s *session) stranger(p *PlayerRecord) (bool, error) { return consent.Stranger(s, p) }

// draftID is the id the reply of a draft of this session gets (replies).
func (s *session) draftID(d *draft) string {
	for i, x := range s.drafts {
		if x == d {
			return s.replyBase + "/" + strconv.Itoa(i+1)
		}
	}
	return ""
}

// holdNotice makes the challenge notice d of game g wait the grace
// period (Options.ChallengeGrace) and remembers it in the game, so that "cancel" can withdraw it.
func (s *session) holdNotice(g *GameRecord, d *draft) {
	if s.r.opts.ChallengeGrace < 0 {
		return
	}
	d.notBefore = s.now.Add(s.r.opts.ChallengeGrace)
	g.Notice = s.draftID(d)
}

// voidNotice withdraws the challenge notice of game g while it still
// waits out its grace period (holdNotice): one of this very message is
// not written at all, a stored one is marked failed. It reports whether
// the challenged player was never told.
func (s *session) voidNotice(g *GameRecord) (bool, error) {
	id := g.Notice
	if id == "" {
		return false, nil
	}
	g.Notice = ""
	for _, d := range s.drafts {
		if s.draftID(d) == id {
			d.void = true
			return true, nil
		}
	}
	return consent.VoidStored(s, id)
}

// declined records a reply its transport declined for want of consent
// (see Unwanted): failed, without marking its recipient unreachable; the
// other player of its game is told, privately, at most once a day per
// recipient.
func (r *Referee) declined(ctx context.Context, rp *Reply, reason string) error {
	now := r.clock.Now()
	d := rp.Delivery
	d.Failed, d.LastError, d.NextTry = now, reason, time.Time{}
	fail := func(tx Tx) error { return tx.SetDelivery(rp.ID, d) }
	var g *GameRecord
	if rp.Game != "" {
		if err := r.store.View(ctx, func(tx Tx) error {
			var err error
			g, err = tx.Game(rp.Game)
			return err
		}); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
	}
	me, ok := consent.Told(g, rp.To.Key())
	if !ok {
		return r.store.Update(ctx, fail)
	}
	other := g.Players[1-me]
	base := "declined:" + rp.To.Key() + ":" + other + ":" + now.UTC().Format(time.DateOnly)
	ls := &lockSet{r: r}
	ls.lock(map[int]bool{stripeOf(other): true})
	defer ls.unlock()
	s := r.newSession(ctx, ls, Message{}, base)
	t := s.tell(other, g.ID)
	t.private = true
	t.line(words.NotSent{Game: wordsGame(g), To: me, Reason: reason}.Words(words.Reader{}))
	s.extra = append(s.extra, fail)
	replies, err := s.commit(&ProcessedRecord{ID: base, At: now}, nil)
	if errors.Is(err, errProcessed) {
		return r.store.Update(ctx, fail) // told today already
	}
	if err != nil {
		return err
	}
	r.notify(replies)
	return nil
}
