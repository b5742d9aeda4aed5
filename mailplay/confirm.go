package mailplay

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

// confirmFor is how long a held mail waits for its confirmation.
const confirmFor = 7 * 24 * time.Hour

// confirmKept is how long a confirmation is remembered after it was
// confirmed or expired, so the same mail read again is never asked about
// twice (as long as the referee remembers handled mail).
const confirmKept = 90 * 24 * time.Hour

// confirmQuote bounds each line of a confirmation request that says what
// a held command would do (in the referee's words), in characters.
const confirmQuote = 240

// confirmRetry bounds the wait between attempts to send a confirmation
// request.
const confirmRetry = 30 * time.Minute

// maxPending bounds the held mails of one From address waiting for a
// confirmation made in the last pendingWindow: a flood of mail forged in
// someone's name asks them at most this often, and the rest is dropped.
// Besides, at most one request waits unanswered per address and
// confirmWindow: a mail that needs a confirmation while a request made to
// its address within the hour waits for its answer is dropped (logged),
// so an address gets at most one request an hour, however much is sent in
// its name; once its owner answers, their next mail may be asked about.
const (
	maxPending    = 3
	pendingWindow = 24 * time.Hour
	confirmWindow = time.Hour
)

// hold keeps an unauthenticated mail that would change anything until the
// owner of its From address confirms it, and queues the request; it
// reports false, and keeps nothing, when maxPending mails of that address
// wait already. The nonce derives from the mail's dedup key and a secret,
// so the same mail read again finds its confirmation, and nobody else can
// guess it.
func (t *Transport) hold(ctx context.Context, in *Inbound, from, game, text string, received time.Time) (bool, error) {
	secret, err := t.secret(ctx)
	if err != nil {
		return false, err
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("confirm\x00" + in.DedupKey))
	nonce := tokenEncoding.EncodeToString(mac.Sum(nil)[:10])
	c := confirmation{
		Nonce: nonce, ID: in.DedupKey, From: from, Text: text, Game: game, Received: received, Created: t.opts.Clock.Now().UTC().Truncate(time.Second),
	}
	held, recent := true, false
	err = t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		var old confirmation
		found, err := getJSON(tx, prefixConfirm+nonce, &old)
		if err != nil {
			return err
		}
		if found {
			held, recent = true, false
			return nil
		}
		pending := 0
		recent = false
		if err := tx.Scan(prefixConfirm, func(_ string, v []byte) error {
			var o confirmation
			if unmarshalJSON(v, &o) == nil && sameAddress(o.From, c.From) && o.Done.IsZero() && c.Created.Sub(o.Created) < pendingWindow {
				pending++
				recent = recent || c.Created.Sub(o.Created) < confirmWindow
			}
			return nil
		}); err != nil {
			return err
		}
		if held = pending < maxPending && !recent; !held {
			return nil
		}
		return putJSON(tx, prefixConfirm+nonce, c)
	})
	if err != nil {
		return false, err
	}
	if !held && recent {
		t.log.Warn("mail not held: a confirmation request to its address, made within the hour, waits for its answer", "from", from, "message_id", in.MessageID)
		return false, nil
	}
	if !held {
		t.log.Warn("mail not held: too many from its address wait for a confirmation", "from", from, "message_id", in.MessageID, "pending", maxPending)
		return false, nil
	}
	select {
	case t.confirmWake <- struct{}{}:
	default:
	}
	return true, nil
}

// confirmed handles a reply to a confirmation address: from the address
// the held mail came from, it hands the held mail to the referee with
// its own id and received time (so it counts once, by its original time);
// anything else is logged and dropped.
//
// The player's name is the one the confirming mail gives, never the held
// mail's: that one may be a forger's.
func (t *Transport) confirmed(ctx context.Context, ev MailEvent, from, name, nonce string, log *slog.Logger) (MailEvent, error) {
	var c confirmation
	var found bool
	if err := t.ref.ViewState(ctx, TransportName, func(tx record.StateTx) error {
		var err error
		found, err = getJSON(tx, prefixConfirm+nonce, &c)
		return err
	}); err != nil {
		return ev, err
	}
	now := t.opts.Clock.Now()
	ignore := func(detail string) (MailEvent, error) {
		log.Info("reply to a confirmation address ignored: "+detail, "held", c.ID)
		ev.Outcome, ev.Detail = MailIgnored, detail
		return ev, nil
	}
	switch {
	case !found:
		return ignore("unknown confirmation")
	case !sameAddress(c.From, from):
		return ignore("from another address than the held mail's")
	case !c.Done.IsZero():
		return ignore("confirmed before")
	case now.Sub(c.Created) > confirmFor:
		return ignore("the held mail expired")
	}
	ev.Game = c.Game
	c.Done = now.UTC()
	done, err := stateWrite(prefixConfirm+nonce, c)
	if err != nil {
		return ev, err
	}
	out, err := t.ref.Handle(ctx, bot.Message{
		ID: c.ID, From: record.Identity{Transport: TransportName, Address: c.From}, Name: name,
		Text: c.Text, Game: c.Game, Received: c.Received, State: []bot.StateWrite{done}, Confirmed: true,
	})
	if errors.Is(err, bot.ErrBadMessage) {
		log.Warn("confirmed mail the referee cannot handle", "held", c.ID, "err", err)
		ev.Outcome, ev.Detail = MailUnreadable, err.Error()
		return ev, t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
			return tx.Put(done.Key, done.Value)
		})
	}
	if err != nil {
		return ev, err
	}
	log.Info("held mail confirmed and handled", "held", c.ID, "game", c.Game, "replies", len(out.Replies), "duplicate", out.Duplicate)
	ev.Outcome, ev.Detail = MailConfirmed, c.ID
	return ev, nil
}

// quoteCommand writes a line of a confirmation request: on one
// line, without control or format characters (right-to-left overrides),
// at most confirmQuote characters.
func quoteCommand(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > confirmQuote {
		s = string(r[:confirmQuote-1]) + "…"
	}
	return s
}

// secret returns the transport's secret (keySecret, see keys.go), made on
// first use: at the first start, which reads it before any mail.
func (t *Transport) secret(ctx context.Context) ([]byte, error) {
	t.secretMu.Lock()
	defer t.secretMu.Unlock()
	if t.secretVal != nil {
		return t.secretVal, nil
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("mailplay: secret: %w", err)
	}
	var secret []byte
	err := t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		raw, err := tx.Get(keySecret)
		if err == nil && len(raw) >= 16 {
			secret = append([]byte(nil), raw...)
			return nil
		}
		if err != nil && !errors.Is(err, record.ErrNotFound) {
			return err
		}
		secret = fresh
		return tx.Put(keySecret, fresh)
	})
	if err != nil {
		return nil, err
	}
	t.secretVal = secret
	return secret, nil
}

// pruneEvery is how often old adapter state is removed.
const pruneEvery = 24 * time.Hour

// confirmLoop sends the pending confirmation requests until ctx ends,
// when woken by a new one and when a retry is due, and prunes old state
// once a day.
func (t *Transport) confirmLoop(ctx context.Context) {
	var pruned time.Time
	for {
		if now := t.opts.Clock.Now(); now.Sub(pruned) >= pruneEvery {
			if err := t.prune(ctx); err != nil && ctx.Err() == nil {
				t.log.Error("prune the email state", "err", err)
			}
			pruned = now
		}
		wait := min(t.sendConfirmations(ctx), pruneEvery)
		select {
		case <-ctx.Done():
			return
		case <-t.confirmWake:
		case <-t.after(wait):
		}
	}
}

// sendConfirmations sends every confirmation request that is due and
// returns the wait until the next one is.
func (t *Transport) sendConfirmations(ctx context.Context) time.Duration {
	var pending []confirmation
	if err := t.ref.ViewState(ctx, TransportName, func(tx record.StateTx) error {
		return tx.Scan(prefixConfirm, func(_ string, v []byte) error {
			var c confirmation
			if err := unmarshalJSON(v, &c); err == nil && c.Sent.IsZero() && c.Done.IsZero() {
				pending = append(pending, c)
			}
			return nil
		})
	}); err != nil {
		if ctx.Err() == nil {
			t.log.Error("read the confirmations", "err", err)
		}
		return confirmRetry
	}
	sort.Slice(pending, func(i, j int) bool { return pending[i].Created.Before(pending[j].Created) })
	wait := confirmRetry
	for _, c := range pending {
		if ctx.Err() != nil {
			return wait
		}
		now := t.opts.Clock.Now()
		if now.Sub(c.Created) > confirmFor {
			continue // expired unsent: pruned later
		}
		if d := c.NextTry.Sub(now); d > 0 {
			wait = min(wait, d)
			continue
		}
		err := t.sendConfirmation(ctx, c)
		if err == nil {
			continue
		}
		if _, sent := t.confirmSent.Load(c.Nonce); sent {
			// Sent, not recorded (logged): only the record is tried again.
			wait = min(wait, t.backoff(c.Attempts+1))
			continue
		}
		c.Attempts++
		retry := min(t.backoff(c.Attempts), confirmRetry)
		var rl *RateLimitError
		if errors.As(err, &rl) {
			retry = rl.Wait
		}
		c.NextTry = now.Add(retry)
		wait = min(wait, retry)
		t.log.Warn("confirmation request not sent yet", "to", c.From, "held", c.ID, "retry_in", retry, "err", err)
		if uerr := t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
			var cur confirmation
			if found, err := getJSON(tx, prefixConfirm+c.Nonce, &cur); err != nil || !found || !cur.Sent.IsZero() || !cur.Done.IsZero() {
				return err
			}
			cur.Attempts, cur.NextTry = c.Attempts, c.NextTry
			return putJSON(tx, prefixConfirm+c.Nonce, cur)
		}); uerr != nil && ctx.Err() == nil {
			t.log.Error("record a confirmation retry", "err", uerr)
		}
	}
	return wait
}

// sendConfirmation sends one confirmation request (counted against the
// hourly limit of its address) and records it as sent. The mail is the
// same each time it is sent.
//
// A request the server took is never sent again by this process: when
// the record that it was sent fails (a full disk), the transport keeps
// it in memory and only tries the record again. Each send is counted in
// the state first, so a request goes out only after a write succeeded;
// a request sent again after a restart has the same Message-ID.
func (t *Transport) sendConfirmation(ctx context.Context, c confirmation) error {
	if err := t.backfillConsent(ctx); err != nil {
		return err
	}
	unlock := t.sendLocks.lock(c.From)
	defer unlock()
	if at, ok := t.confirmSent.Load(c.Nonce); ok {
		return t.recordConfirmationSent(context.WithoutCancel(ctx), c, at.(time.Time))
	}
	now := t.opts.Clock.Now().UTC().Truncate(time.Second)
	secret, err := t.secret(ctx)
	if err != nil {
		return err
	}
	var optOut []Field
	var token string
	var unwanted *consentError
	if err := t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		optOut, unwanted, token = nil, nil, ""
		stranger, cerr, err := t.admitMail(tx, c.From, confirmPrefix+c.Nonce, false, now)
		if err != nil || cerr != nil {
			unwanted = cerr
			return err
		}
		if stranger {
			if token, err = ensureToken(tx, c.From, keyedToken(secret, c.From)); err != nil {
				return err
			}
			if optOut, err = t.optOut(tx, secret, c.From, token); err != nil {
				return err
			}
		}
		return t.countSend(tx, c.From, confirmPrefix+c.Nonce, now)
	}); err != nil {
		return err
	}
	if unwanted != nil {
		t.declined(unwanted, "confirmation request")
		return t.markConfirmation(context.WithoutCancel(ctx), c.Nonce, func(cur *confirmation) { cur.Sent = now; cur.Done = now })
	}
	m := t.confirmationMail(c)
	if optOut != nil {
		// not "reply": a reply confirms the held mail
		note := t.optOutText("write the one word stop to " + t.plusAddress(token))
		if i := strings.LastIndex(m.Text, "\n-- \n"); i >= 0 {
			m.Text = m.Text[:i] + "\n" + note + "\n" + m.Text[i:]
		} else {
			m.Text += "\n\n" + note
		}
		m.Headers = append(m.Headers, optOut...)
	}
	var buf bytes.Buffer
	if err := WriteOutgoing(&buf, m); err != nil {
		return err
	}
	sctx, cancel := outbox.SendContext(ctx, 2*time.Minute)
	err = t.smtp.send(sctx, t.cfg.Address, c.From, buf.Bytes())
	cancel()
	// Recorded even when stopping: a request the server took and the bot
	// did not record would go out again.
	ctx = context.WithoutCancel(ctx)
	if err != nil {
		var se *SMTPError
		if errors.As(err, &se) && se.Permanent() {
			t.log.Warn("confirmation request refused for good", "to", c.From, "err", err)
			return t.markConfirmation(ctx, c.Nonce, func(cur *confirmation) { cur.Sent = now; cur.Done = now })
		}
		return err
	}
	t.log.Info("confirmation requested", "to", c.From, "held", c.ID, "game", c.Game)
	t.confirmSent.Store(c.Nonce, now)
	return t.recordConfirmationSent(ctx, c, now)
}

// recordConfirmationSent records that the server took the request at at;
// until it is recorded, the transport remembers it (confirmSent), so the
// request is not sent again.
func (t *Transport) recordConfirmationSent(ctx context.Context, c confirmation, at time.Time) error {
	if err := t.markConfirmation(ctx, c.Nonce, func(cur *confirmation) { cur.Sent = at }); err != nil {
		t.log.Warn("a confirmation request was sent but not recorded yet; it is not sent again", "to", c.From, "held", c.ID, "err", err)
		return fmt.Errorf("mailplay: record the confirmation request sent: %w", err)
	}
	t.confirmSent.Delete(c.Nonce)
	return nil
}

// markConfirmation changes a stored confirmation.
func (t *Transport) markConfirmation(ctx context.Context, nonce string, change func(*confirmation)) error {
	return t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		var cur confirmation
		found, err := getJSON(tx, prefixConfirm+nonce, &cur)
		if err != nil || !found {
			return err
		}
		change(&cur)
		return putJSON(tx, prefixConfirm+nonce, cur)
	})
}

// confirmationMail writes the request: to the From address of the held
// mail, saying in the referee's own words what its commands would do,
// with the confirmation address as Reply-To. The held mail may be forged,
// so nothing of it is repeated but a short excerpt cleaned of links and
// addresses (bot.Command.InWords): not its subject, not its sender's
// display name, not its words.
func (t *Transport) confirmationMail(c confirmation) *Outgoing {
	var lines []string
	strong := false
	if p, err := bot.ParseMessage(c.Text); err == nil {
		game := c.Game
		for _, cmd := range p.Commands {
			lines = append(lines, "  - "+quoteCommand(cmd.InWords(game)))
			if cmd.Policy().Assurance == bot.AssuranceStrong {
				strong = true
			}
			if cmd.Name == "game" && len(cmd.Args) == 1 && cmd.Err == nil {
				if id := strings.ToLower(cmd.Args[0]); len(id) <= 12 && strings.Trim(strings.TrimPrefix(id, "g"), "0123456789") == "" {
					game = id
				}
			}
		}
	}
	if len(lines) == 0 {
		lines = []string{"  - nothing the referee can read as a command"}
	}
	never := ""
	if strong {
		never = "\n\nPairing accounts hands control of your games to another account, so the referee never does it from a confirmation: to pair, send the command again as a reply to one of the referee's mails.\n"
	}
	text := fmt.Sprintf(`The referee received a mail sent in your name on %s. It came to the referee's public address, not to your personal reply address, so the referee cannot tell that you sent it.

If you confirm it, the referee will carry out:

%s
%s
To confirm, reply to this mail; there is no need to write anything. That carries out the commands above, once, within 7 days.

If you did not send it, ignore this mail: ignoring it is safe, and nothing changes. The referee asks you at most once an hour; other mails sent in your name meanwhile are dropped.

To skip this step, answer the referee's mails with "Reply": they carry your personal reply address.

-- 
%s`, c.Received.UTC().Format("2006-01-02 15:04 UTC"), strings.Join(lines, "\n"), never, footerText)
	subject := "Please confirm the commands of a mail sent in your name"
	if c.Game != "" {
		subject = "[Tak " + c.Game + "] please confirm the commands of a mail sent in your name"
	}
	m := &Outgoing{
		From:      Address{Name: t.cfg.Name, Addr: t.cfg.Address},
		To:        []Address{{Addr: c.From}},
		ReplyTo:   []Address{{Name: t.cfg.Name, Addr: t.plusAddress(confirmPrefix + c.Nonce)}},
		Subject:   strings.Join(strings.Fields(subject), " "),
		MessageID: MessageIDFor("confirm."+c.Nonce, t.domain),
		Date:      c.Created,
		Text:      text,
	}
	if id, ok := strings.CutPrefix(c.ID, "mid:"); ok && msgIDChars(id) && len(id) <= 900 {
		m.InReplyTo, m.References = []string{id}, []string{id}
	}
	return m
}
