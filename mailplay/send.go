package mailplay

import (
	"bytes"
	"context"
	"encoding/base32"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

// RateLimitError is a mail held back because its recipient had
// MaxRepliesPerHour mails in the last hour.
type RateLimitError struct {
	Address string
	Wait    time.Duration // until a slot frees
	first   bool          // the reply was not held back before
}

// Error describes the limit.
func (e *RateLimitError) Error() string {
	return fmt.Sprintf("mailplay: %s had its hourly share of mail; next slot in %s", e.Address, e.Wait.Round(time.Second))
}

// Send delivers one reply by SMTP (see the package documentation for the
// mail it writes). A reply sent before is sent again as the same mail
// (same Message-ID, headers and body). Failures are outbox.Temporary (no
// connection, a 4xx answer), outbox.HeldBack (an answer over the hourly
// limit, with the time until a slot frees) or outbox.Permanent (the server
// refused the recipient or the mail with a 5xx answer). Events are never
// held back.
func (t *Transport) Send(ctx context.Context, r *record.Reply) error {
	if r.To.Transport != TransportName {
		return outbox.Permanent("not an email player", fmt.Errorf("mailplay: reply %s is for %s", r.ID, r.To.Key()))
	}
	to, ok := ParseAddress(r.To.Address)
	if !ok {
		return outbox.Permanent("not a mail address", fmt.Errorf("mailplay: reply %s: %q is not a mail address", r.ID, r.To.Address))
	}
	if err := t.backfillConsent(ctx); err != nil {
		return outbox.Temporary(err, 0)
	}
	unlock := t.sendLocks.lock(to)
	defer unlock()
	rec, hash, token, err := t.prepare(ctx, r, to)
	if err != nil {
		var ce *consentError
		if errors.As(err, &ce) {
			t.declined(ce, "mail")
			return bot.Unwanted(ce.reason(), err)
		}
		var rl *RateLimitError
		if errors.As(err, &rl) {
			if rl.first {
				t.log.Info("hourly limit reached: answer held back", "reply", r.ID, "to", to, "wait", rl.Wait)
			}
			return outbox.HeldBack(err, rl.Wait)
		}
		return outbox.Temporary(err, 0)
	}
	shown := withNote(r, rec.Note)
	if rec.Stranger {
		shown = t.withOptOut(shown)
	}
	body := t.compose(shown, hash, replyLinks{replyTo: t.plusAddress(token), subject: rec.Subject, game: r.Game})
	toName := r.ToName
	if sameAddress(toName, to) {
		toName = ""
	}
	m := &Outgoing{
		From:       Address{Name: t.cfg.Name, Addr: t.cfg.Address},
		To:         []Address{{Name: toName, Addr: to}},
		ReplyTo:    []Address{{Name: t.cfg.Name, Addr: t.plusAddress(token)}},
		Subject:    rec.Subject,
		MessageID:  rec.MessageID,
		InReplyTo:  rec.InReplyTo,
		References: rec.References,
		Date:       rec.At,
		Text:       body.Text,
		HTML:       body.HTML,
		Pictures:   body.Pictures,
		Files:      body.Files,
	}
	if r.Game != "" {
		m.Headers = []Field{{Key: "X-Takbot-Game", Value: r.Game}}
	}
	m.Headers = append(m.Headers, rec.Unsubscribe...)
	var buf bytes.Buffer
	if err := WriteOutgoing(&buf, m); err != nil {
		return outbox.Permanent("the reply cannot be written as a mail", err)
	}
	if err := t.smtp.send(ctx, t.cfg.Address, to, buf.Bytes()); err != nil {
		return deliveryError(err)
	}
	t.log.Debug("sent", "reply", r.ID, "to", to, "game", r.Game, "message_id", rec.MessageID)
	return nil
}

// deliveryError maps an SMTP failure to the referee's delivery errors.
func deliveryError(err error) error {
	var se *SMTPError
	if !errors.As(err, &se) || !se.Permanent() {
		return outbox.Temporary(err, 0)
	}
	if se.Stage == StageRcpt && (strings.HasPrefix(se.Enhanced, "5.1.") || se.Enhanced == "" && se.Code == 550) {
		return outbox.Permanent("the address does not exist", err)
	}
	msg := strings.TrimSpace(se.Message)
	if msg == "" {
		msg = fmt.Sprintf("code %d", se.Code)
	}
	return outbox.Permanent("the mail server refused it: "+clip(msg, 200), err)
}

// prepare decides, once per reply, the mail's headers (its Message-ID,
// its place in the game's thread, its subject) and its note on held
// answers, and counts an answer against the recipient's hourly limit, in
// one transaction; a reply prepared before gets the same headers again,
// so a mail sent again after a crash is the same mail. An answer over the
// limit is recorded as held and a *RateLimitError returned. It returns the
// reply's hash (keyed, see keys.go; the legacy one for a reply prepared
// before the ids were keyed) and the player's reply token (made on first
// use).
func (t *Transport) prepare(ctx context.Context, r *record.Reply, to string) (rec sentRecord, hash, token string, err error) {
	secret, err := t.secret(ctx)
	if err != nil {
		return sentRecord{}, "", "", err
	}
	keyedHash, legacyHash := keyedReplyHash(secret, r.ID), legacyReplyHash(r.ID)
	fresh := keyedToken(secret, to)
	// The answers queued for the address: when the limit holds one back,
	// those behind it in its lane wait too, and the note counts them all.
	queued, _, err := t.ref.PendingAnswers(ctx, r.To, 0)
	if err != nil {
		return sentRecord{}, "", "", err
	}
	if r.Class == record.Answer && queued > 0 {
		queued-- // this one, going out now
	}
	now := t.opts.Clock.Now().UTC().Truncate(time.Second)
	var limited *RateLimitError
	var unwanted *consentError
	err = t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		rec, hash, limited, unwanted = sentRecord{}, keyedHash, nil, nil
		var err error
		if token, err = ensureToken(tx, to, fresh); err != nil {
			return err
		}
		found, err := getJSON(tx, prefixSent+keyedHash, &rec)
		if err != nil || found {
			return err
		}
		if found, err := getJSON(tx, prefixSent+legacyHash, &rec); err != nil || found {
			hash = legacyHash
			return err
		}
		stranger, cerr, err := t.admitMail(tx, to, hash, r.Class == record.Answer, now)
		if err != nil || cerr != nil {
			unwanted = cerr
			return err
		}
		if limited, err = t.countAnswer(tx, r, to, hash, now); err != nil || limited != nil {
			return err
		}
		note, err := t.heldNote(tx, to, queued, now)
		if err != nil {
			return err
		}
		rec = sentRecord{Note: note, Reply: r.ID, Game: r.Game, To: to, Subject: subjectFor(r), At: now, Keyed: true,
			MessageID: MessageIDFor(messageLocal(r.Game, hash), t.domain), Stranger: stranger}
		if stranger {
			if rec.Unsubscribe, err = t.optOut(tx, secret, to, token); err != nil {
				return err
			}
		}
		if r.Game == "" {
			if id, ok := causeMessageID(r.Cause); ok {
				rec.InReplyTo, rec.References = []string{id}, []string{id}
			}
		} else if err := t.threadOn(tx, &rec, hash); err != nil {
			return err
		}
		if err := tx.Put(prefixLastMail+strings.ToLower(to), []byte(strconv.FormatInt(now.Unix(), 10))); err != nil {
			return err
		}
		return putJSON(tx, prefixSent+hash, rec)
	})
	if err == nil && limited != nil {
		err = limited
	}
	if err == nil && unwanted != nil {
		err = unwanted
	}
	return rec, hash, token, err
}

// threadOn places a game's mail in the recipient's thread of that game:
// the first mail is the root; each later one answers the previous and
// refers to the root.
//
// The subject is the game's as the referee names it ("[Tak g1] Alice vs
// Bob, 5x5"): the players' names are fixed when the game starts, so it
// changes at most once, at the accept, when the challenged player's name
// as they chose it replaces the one the challenger typed ("bob"), and
// stays the same from the game's first mail to its last. In-Reply-To and
// References go on across that change, so mutt, Thunderbird and Apple
// Mail keep the challenge and the game in one thread; Gmail, which also
// needs the same subject, starts a conversation where the game begins and
// keeps the whole game in it. A reply that names the game by its tag alone
// ("[Tak g1]": the game could not be read) keeps the thread's subject.
func (t *Transport) threadOn(tx record.StateTx, rec *sentRecord, hash string) error {
	key := threadKey(rec.Game, rec.To)
	var th threadState
	if _, err := getJSON(tx, key, &th); err != nil {
		return err
	}
	if th.Root == "" {
		th = threadState{Subject: rec.Subject, Root: rec.MessageID, Last: rec.MessageID, LastReply: hash}
		return putJSON(tx, key, th)
	}
	if rec.Subject == "" || rec.Subject == "[Tak "+rec.Game+"]" {
		rec.Subject = th.Subject
	}
	th.Subject = rec.Subject
	rec.InReplyTo = []string{th.Last}
	rec.References = []string{th.Root}
	if th.Last != th.Root {
		rec.References = append(rec.References, th.Last)
	}
	th.Prev, th.Last, th.LastReply = th.Last, rec.MessageID, hash
	return putJSON(tx, key, th)
}

// messageLocal is the local part of a reply's Message-ID: the game and
// the reply's hash ("g7.3f9a…"), or the hash alone.
func messageLocal(game, hash string) string {
	if game == "" {
		return hash
	}
	return game + "." + hash
}

// ourMessage reads a Message-ID the bot wrote for a reply: its game ("" if
// none) and the reply's hash.
func (t *Transport) ourMessage(id string) (game, hash string, ok bool) {
	local, ok := ParseMessageIDFor(id, t.domain)
	if !ok {
		return "", "", false
	}
	game, hash = "", local
	if i := strings.LastIndexByte(local, '.'); i >= 0 {
		game, hash = local[:i], local[i+1:]
	}
	if !isReplyHash(hash) {
		return "", "", false
	}
	return game, hash, true
}

// causeMessageID returns the Message-ID of the mail that caused a reply,
// when a mail did ("email:mid:ID").
func causeMessageID(cause string) (string, bool) {
	id, ok := strings.CutPrefix(cause, TransportName+":mid:")
	return id, ok && msgIDChars(id) && len(id) <= 900
}

// plusAddress is the bot's address with a token: takbot+TOKEN@domain.
func (t *Transport) plusAddress(token string) string {
	at := strings.LastIndexByte(t.cfg.Address, '@')
	return t.cfg.Address[:at] + "+" + token + t.cfg.Address[at:]
}

// tokenEncoding writes tokens in lower-case letters and digits, which
// survive every mail system's handling of local parts.
var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// ensureToken returns the player's token, storing fresh (keyedToken) as
// it when the player has none yet.
func ensureToken(tx record.StateTx, addr, fresh string) (string, error) {
	addr = strings.ToLower(addr)
	raw, err := tx.Get(prefixToken + addr)
	if err == nil {
		return string(raw), nil
	}
	if !errors.Is(err, record.ErrNotFound) {
		return "", err
	}
	if err := tx.Put(prefixToken+addr, []byte(fresh)); err != nil {
		return "", err
	}
	return fresh, tx.Put(prefixPlayer+fresh, []byte(addr))
}

// countSend counts a mail to addr against its hourly limit, or returns a
// *RateLimitError when the limit is reached. A mail counted before (same
// hash) is counted once.
func (t *Transport) countSend(tx record.StateTx, addr, hash string, now time.Time) error {
	key := prefixRate + strings.ToLower(addr)
	var recent []rateEntry
	if _, err := getJSON(tx, key, &recent); err != nil {
		return err
	}
	kept := lastHour(recent, now, func(e rateEntry) (int64, bool) { return e.At, e.Hash != hash })
	if len(kept) >= t.cfg.MaxRepliesPerHour {
		oldest := kept[len(kept)-t.cfg.MaxRepliesPerHour].At
		wait := time.Unix(oldest, 0).Add(time.Hour).Sub(now)
		return &RateLimitError{Address: addr, Wait: max(wait, time.Second)}
	}
	return putJSON(tx, key, append(kept, rateEntry{Hash: hash, At: now.Unix()}))
}
