package mailplay

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Consent (see bot.Consent and the README's "Consent"): anyone may name
// any address to the bot, so the transport keeps, per address, whether
// its owner ever wrote to the bot (a mail through their reply token or
// vouched for by the trusted Authentication-Results, or a confirmed one)
// and whether they answered "stop".
//
//   - An address that never wrote gets at most StrangerMailsPerDay mails
//     in any 24 hours, whatever anyone sends: replies of every class and
//     confirmation requests. The count is committed before the mail is
//     sent, so a crash can resend a mail counted, never send one more.
//     Beyond it mail is declined (bot.Unwanted: recorded as not
//     delivered; the other player of the game is told once a day),
//     counted (ConsentDropped) and logged once a run.
//   - An address that answered "stop", or used the one-click unsubscribe
//     link (Unsubscribe), gets only the answers to its own mail; mail
//     from it that the transport cannot vouch for is dropped unanswered
//     (no confirmation request either). Writing to the bot again ends it.
//   - Every mail to an address that never wrote says how to stop it with
//     one word, and carries List-Unsubscribe (a mailto: address, and with
//     Options.UnsubscribeURL an https one with one-click POST, RFC 8058).

// The transport keeps consent for the referee.
var _ bot.Consent = (*Transport)(nil)

// StrangerMailsPerDay bounds the mails to an address that never wrote to
// the bot, in any 24 hours.
const StrangerMailsPerDay = 3

// strangerWindow is the window of StrangerMailsPerDay.
const strangerWindow = 24 * time.Hour

// consentMark is when an address wrote to the bot, or asked it to stop.
type consentMark struct {
	At int64 // Unix seconds
}

// strangerMail are the mails recently sent to an address that never wrote.
type strangerMail struct {
	Sent []rateEntry // within strangerWindow, oldest first
	// Dropping is when the current run of declined mail began (Unix
	// seconds), 0 when the last mail went out: a run is logged once.
	Dropping int64 `json:",omitempty"`
}

// Wrote implements bot.Consent: the address sent the bot a mail it
// vouched for, or confirmed one.
func (t *Transport) Wrote(tx record.StateTx, address string) (bool, error) {
	return hasKey(tx, prefixWrote+strings.ToLower(address))
}

// MarkWrote implements bot.Consent: the address wrote; a "stop" ends.
func (t *Transport) MarkWrote(tx record.StateTx, address string, at time.Time) error {
	addr := strings.ToLower(address)
	if found, err := hasKey(tx, prefixWrote+addr); err != nil {
		return err
	} else if !found {
		if err := putJSON(tx, prefixWrote+addr, consentMark{At: at.Unix()}); err != nil {
			return err
		}
	}
	if found, err := hasKey(tx, prefixStop+addr); err != nil || !found {
		return err
	}
	return tx.Delete(prefixStop + addr)
}

// Stop implements bot.Consent: no more mail to the address but answers to
// its own.
func (t *Transport) Stop(tx record.StateTx, address string, at time.Time) error {
	return putJSON(tx, prefixStop+strings.ToLower(address), consentMark{At: at.Unix()})
}

// hasKey reports whether a state key is present.
func hasKey(tx record.StateTx, key string) (bool, error) {
	_, err := tx.Get(key)
	if errors.Is(err, record.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// consentError is a mail not sent for want of consent: the address asked
// for no more mail, or never wrote and had its share of the day.
type consentError struct {
	Address string
	Stopped bool
	first   bool // the first of a run: logged
}

func (e *consentError) Error() string {
	if e.Stopped {
		return fmt.Sprintf("mailplay: %s asked for no mail but answers to its own (stop)", e.Address)
	}
	return fmt.Sprintf("mailplay: %s never wrote to the bot and had its share of mail for the last 24 hours", e.Address)
}

// reason is what the other player is told.
func (e *consentError) reason() string {
	if e.Stopped {
		return "the address does not accept mail from takbot"
	}
	return "the address is not accepting more mail from takbot today"
}

// admitMail decides, in the transaction that prepares a mail to addr (a
// reply of class class, or a confirmation request), whether it may go
// out, and counts it when addr never wrote: a mail counted before (same
// hash) is counted once. It returns whether addr is a stranger (the mail
// then carries the opt-out), or a *consentError.
func (t *Transport) admitMail(tx record.StateTx, addr, hash string, answer bool, now time.Time) (stranger bool, cerr *consentError, err error) {
	key := strings.ToLower(addr)
	stopped, err := hasKey(tx, prefixStop+key)
	if err != nil {
		return false, nil, err
	}
	wrote, err := hasKey(tx, prefixWrote+key)
	if err != nil {
		return false, nil, err
	}
	var st strangerMail
	had, err := getJSON(tx, prefixStranger+key, &st)
	if err != nil {
		return false, nil, err
	}
	refuse := func(e *consentError) (bool, *consentError, error) {
		if st.Dropping == 0 {
			e.first, st.Dropping = true, now.Unix()
			if err := putJSON(tx, prefixStranger+key, st); err != nil {
				return false, nil, err
			}
		}
		return !wrote, e, nil
	}
	if stopped && !answer {
		return refuse(&consentError{Address: addr, Stopped: true})
	}
	if wrote {
		if had { // a stranger no more, or a run of declined mail over
			return false, nil, tx.Delete(prefixStranger + key)
		}
		return false, nil, nil
	}
	dayAgo := now.Add(-strangerWindow).Unix()
	kept, counted := st.Sent[:0], false
	for _, e := range st.Sent {
		if e.At > dayAgo {
			kept = append(kept, e)
			counted = counted || e.Hash == hash
		}
	}
	st.Sent = kept
	if !counted {
		if len(kept) >= t.cfg.StrangerMailsPerDay {
			return refuse(&consentError{Address: addr})
		}
		st.Sent = append(st.Sent, rateEntry{Hash: hash, At: now.Unix()})
	}
	st.Dropping = 0
	return true, nil, putJSON(tx, prefixStranger+key, st)
}

// declined counts and logs (once a run) a mail not sent for want of
// consent.
func (t *Transport) declined(e *consentError, what string) {
	t.consentDropped.Add(1)
	if e.first {
		t.log.Warn(what+" not sent: "+e.reason()+"; later ones are dropped without a log line until one goes out",
			"to", e.Address, "stopped", e.Stopped, "per_day", t.cfg.StrangerMailsPerDay)
	}
}

// ConsentDropped counts the mails not sent since the transport started
// because their address never wrote and had its share of the day, or
// answered "stop" (the takbot_mail_consent_dropped_total metric).
func (t *Transport) ConsentDropped() uint64 { return t.consentDropped.Load() }

// keyConsentBackfill marks that the addresses that wrote before consent
// was kept are recorded (backfillConsent).
const keyConsentBackfill = "consent-backfill"

// backfillConsent records, once per database, the addresses that wrote
// to the bot before it kept consent, as far as the games tell: the
// challenger of every game, and both players of every game that was
// answered (accepted, declined; played, over, aborted). It runs before
// the first mail is sent, so a player of those days is not taken for a
// stranger. An address that only ever sent read-only commands is not
// found: its first mail to the bot records it.
func (t *Transport) backfillConsent(ctx context.Context) error {
	t.backfillMu.Lock()
	defer t.backfillMu.Unlock()
	if t.backfilled {
		return nil
	}
	var done bool
	if err := t.ref.ViewState(ctx, TransportName, func(tx record.StateTx) error {
		var err error
		done, err = hasKey(tx, keyConsentBackfill)
		return err
	}); err != nil {
		return err
	}
	if done {
		t.backfilled = true
		return nil
	}
	wrote := map[string]bool{}
	err := t.ref.ForEachGame(ctx, func(g *record.Game) error {
		answered := g.Status != record.Challenged && g.Status != record.Cancelled && g.Status != record.Expired
		for _, key := range g.Players {
			c, _ := g.ColorOf(key)
			if addr, ok := strings.CutPrefix(key, TransportName+":"); ok && (answered || c == g.Challenger) {
				wrote[strings.ToLower(addr)] = true
			}
		}
		return nil
	})
	if err != nil && !t.ref.SetAside(err) { // a damaged game is left out
		return fmt.Errorf("mailplay: record who wrote before: %w", err)
	}
	now := t.opts.Clock.Now()
	n := 0
	if err := t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		n = 0
		for addr := range wrote {
			if found, err := hasKey(tx, prefixWrote+addr); err != nil {
				return err
			} else if !found {
				if err := putJSON(tx, prefixWrote+addr, consentMark{At: now.Unix()}); err != nil {
					return err
				}
				n++
			}
		}
		return tx.Put(keyConsentBackfill, []byte(now.UTC().Format(time.RFC3339)))
	}); err != nil {
		return fmt.Errorf("mailplay: record who wrote before: %w", err)
	}
	if n > 0 {
		t.log.Info("the addresses that played before are recorded as having written to the bot", "addresses", n)
	}
	t.backfilled = true
	return nil
}

// stopped reports whether an address answered "stop".
func (t *Transport) stopped(ctx context.Context, addr string) (bool, error) {
	var found bool
	err := t.ref.ViewState(ctx, TransportName, func(tx record.StateTx) error {
		var err error
		found, err = hasKey(tx, prefixStop+strings.ToLower(addr))
		return err
	})
	return found, err
}

// unsubscribeToken is the token of an address's one-click unsubscribe
// link: 120 bits of its keyed hash, which nobody without the secret can
// make for another address.
func unsubscribeToken(secret []byte, addr string) string {
	return tokenEncoding.EncodeToString(keyed(secret, "unsubscribe", strings.ToLower(addr))[:15])
}

// isUnsubscribeToken reports whether s has the form unsubscribeToken
// writes.
func isUnsubscribeToken(s string) bool {
	if len(s) != 24 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '2' <= c && c <= '7') {
			return false
		}
	}
	return true
}

// optOut is what a mail to a stranger carries: the opt-out paragraph and
// the List-Unsubscribe fields. The unsubscribe token is recorded, in the
// transaction that prepares the mail, so that Unsubscribe finds its
// address.
func (t *Transport) optOut(tx record.StateTx, secret []byte, addr, replyToken string) ([]Field, error) {
	mailto := "mailto:" + t.plusAddress(replyToken) + "?subject=stop"
	if t.opts.UnsubscribeURL == "" {
		return []Field{{Key: "List-Unsubscribe", Value: "<" + mailto + ">"}}, nil
	}
	tok := unsubscribeToken(secret, addr)
	if err := tx.Put(prefixUnsubscribe+tok, []byte(strings.ToLower(addr))); err != nil {
		return nil, err
	}
	link := strings.TrimRight(t.opts.UnsubscribeURL, "/") + "/" + url.PathEscape(tok)
	return []Field{
		{Key: "List-Unsubscribe", Value: "<" + link + ">, <" + mailto + ">"},
		{Key: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
	}, nil
}

// optOutText ends a mail to an address that never wrote to the bot; how
// says how to stop it ("reply with the one word stop").
func (t *Transport) optOutText(how string) string {
	return fmt.Sprintf("You get this mail because someone gave your address to takbot, a referee of Tak games; you have never written to it. "+
		"It sends at most %d mails a day to an address that never wrote to it. To get no more, %s.", t.cfg.StrangerMailsPerDay, how)
}

// withOptOut returns r with the opt-out paragraph as its last part.
func (t *Transport) withOptOut(r *record.Reply) *record.Reply {
	cp := *r
	cp.Parts = append(append([]record.Part(nil), r.Parts...), record.Part{Kind: record.Prose, Text: t.optOutText("reply with the one word stop")})
	return &cp
}

// Unsubscribe carries out a one-click unsubscribe (RFC 8058): the address
// the token was made for gets no more mail but answers to its own, as
// after "stop". An unknown token changes nothing and is no error, so the
// caller can answer every token alike; the error is the store's.
func (t *Transport) Unsubscribe(ctx context.Context, token string) error {
	if !isUnsubscribeToken(token) {
		return nil
	}
	now := t.opts.Clock.Now()
	addr := ""
	err := t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		raw, err := tx.Get(prefixUnsubscribe + token)
		if errors.Is(err, record.ErrNotFound) {
			addr = ""
			return nil
		}
		if err != nil {
			return err
		}
		addr = string(raw)
		if found, err := hasKey(tx, prefixStop+addr); err != nil || found {
			return err
		}
		return t.Stop(tx, addr, now)
	})
	if err != nil {
		return fmt.Errorf("mailplay: unsubscribe: %w", err)
	}
	if addr != "" {
		t.log.Info("unsubscribed by the one-click link: no more mail but answers to its own", "address", addr)
	}
	return nil
}
