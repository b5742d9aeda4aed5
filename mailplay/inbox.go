package mailplay

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// confirmPrefix starts the token of a confirmation address:
// takbot+c-NONCE@example.org.
const confirmPrefix = "c-"

// handleMail decides what one mail (read into in, nil when unreadable)
// is and hands it on: to the referee, to the confirmation flow, or
// nowhere (automatic mail, the bot's own). It returns once the mail's
// effects are committed; an error leaves the mail to be tried again. The
// cursor is the caller's: a mail handled again after a crash is
// recognised by its dedup key (the referee's, or the confirmation's
// nonce) and changes nothing.
func (t *Transport) handleMail(ctx context.Context, m fetched, in *Inbound, perr error) (MailEvent, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), handleTimeout)
	defer cancel()
	ev := MailEvent{UID: uint32(m.uid)}
	skip := func(outcome MailOutcome, detail string) (MailEvent, error) {
		ev.Outcome, ev.Detail = outcome, detail
		return ev, nil
	}
	if perr != nil {
		t.log.Warn("unreadable mail skipped", "uid", m.uid, "err", perr)
		return skip(MailUnreadable, perr.Error())
	}
	ev.MessageID, ev.From = in.MessageID, in.From.Addr
	log := t.log.With("uid", m.uid, "message_id", in.MessageID, "from", in.From.Addr)
	received := m.internal
	if received.IsZero() {
		received = t.opts.Clock.Now()
	}
	from, fromOK := ParseAddress(in.From.Addr)
	switch {
	case baseAddress(in.From.Addr) == t.cfg.Address:
		log.Info("the bot's own mail ignored")
		return skip(MailOwn, "")
	case in.Bounce != nil:
		detail, err := t.bounced(ctx, in)
		if err != nil {
			return ev, err
		}
		return skip(MailBounce, detail)
	case in.Auto.IsAutomatic():
		log.Info("automatic mail not answered", "kind", in.Auto.Kind.String(), "reason", in.Auto.Reason)
		return skip(MailAutomatic, in.Auto.Reason)
	case !fromOK:
		log.Warn("mail without a usable sender address skipped")
		return skip(MailUnreadable, "no usable sender address")
	}
	ev.From = from
	token, hasToken := in.PlusToken(t.cfg.Address)
	token = strings.ToLower(token)
	if nonce, ok := strings.CutPrefix(token, confirmPrefix); hasToken && ok {
		return t.confirmed(ctx, ev, from, displayName(in.From), nonce, log)
	}
	authentic, how, reason, err := t.authenticate(ctx, in, from, token)
	if err != nil {
		return ev, err
	}
	if !authentic && reason.Forged() {
		// The trusted server says the From address is forged: nothing is
		// sent to it (no answer, no confirmation request), whatever the
		// mail asks.
		t.dmarcFailDropped.Add(1)
		log.Info("forged mail dropped unanswered: the trusted Authentication-Results say dmarc=fail for its From domain")
		return skip(MailForged, reason.String())
	}
	ev.Game = t.gameOf(in)
	text := commandText(in)
	parsed, perr := bot.ParseMessage(text)
	noCommand := perr != nil || len(parsed.Commands) == 0
	if ok, err := t.admitResponder(ctx, from, text, received, noCommand, log); err != nil {
		return ev, err
	} else if !ok {
		return skip(MailAutomatic, "answers the bot's mails automatically, without a command")
	}
	if !authentic {
		if stopped, err := t.stopped(ctx, from); err != nil {
			return ev, err
		} else if stopped {
			log.Debug("unverified mail from an address that answered stop dropped unanswered")
			return skip(MailDropped, "unverified mail from an address that asked for no mail")
		}
		ok, err := t.admitUnverified(ctx, from, log)
		if err != nil {
			return ev, err
		}
		if !ok {
			return skip(MailDropped, "unverified sender over the hourly limit of answers")
		}
	}
	// A command that needs strong assurance (pairing) cannot be carried
	// out by a confirmation: the mail is not held, the referee refuses it
	// at once and says how to send it.
	if perr == nil && parsed.Changes() && !authentic && parsed.Needs() < bot.AssuranceStrong {
		log.Info("unauthenticated mail held for confirmation", "game", ev.Game)
		ev.Outcome = MailHeld
		held, err := t.hold(ctx, in, from, ev.Game, text, received)
		if err == nil && !held {
			ev.Outcome, ev.Detail = MailIgnored, "too many mails from this address wait for a confirmation"
		}
		return ev, err
	}
	msg := bot.Message{
		ID: in.DedupKey, From: record.Identity{Transport: TransportName, Address: from},
		Name: displayName(in.From), Text: text, Game: ev.Game, Received: received, Unverified: !authentic,
	}
	out, err := t.ref.Handle(ctx, msg)
	if errors.Is(err, bot.ErrBadMessage) {
		log.Warn("mail the referee cannot handle skipped", "err", err)
		return skip(MailUnreadable, err.Error())
	}
	if err != nil {
		return ev, err
	}
	ev.Outcome, ev.Detail = MailHandled, how
	if out.Duplicate {
		ev.Outcome = MailDuplicate
	}
	log.Debug("mail handled", "game", ev.Game, "authenticated", how, "replies", len(out.Replies), "duplicate", out.Duplicate)
	return ev, nil
}

// authenticate decides whether the From address of a mail is genuine: the
// mail came to that player's personal reply address, or the trusted
// receiving server vouches for its domain. how names the proof.
// reason is the trusted Authentication-Results' verdict (AuthDMARCFail:
// the From address is forged).
func (t *Transport) authenticate(ctx context.Context, in *Inbound, from, token string) (ok bool, how string, reason AuthReason, err error) {
	if token != "" && in.FromCount == 1 {
		owner, err := t.tokenOwner(ctx, token)
		if err != nil {
			return false, "", 0, err
		}
		if sameAddress(owner, from) {
			return true, "reply token", 0, nil
		}
	}
	good, reason := Authenticated(in, t.cfg.TrustedAuthServID)
	if good {
		return true, reason.String(), reason, nil
	}
	return false, "none", reason, nil
}

// tokenOwner returns the address a reply token belongs to, "" if none.
func (t *Transport) tokenOwner(ctx context.Context, token string) (string, error) {
	var owner string
	err := t.ref.ViewState(ctx, TransportName, func(tx record.StateTx) error {
		raw, err := tx.Get(prefixPlayer + token)
		if errors.Is(err, record.ErrNotFound) {
			return nil
		}
		owner = string(raw)
		return err
	})
	return owner, err
}

// gameOf finds the game a mail addresses: a mail of the bot it answers or
// refers to (the latest first), else the "[Tak g7]" tag of its subject.
func (t *Transport) gameOf(in *Inbound) string {
	ids := append([]string(nil), in.InReplyTo...)
	for i := len(in.References) - 1; i >= 0; i-- {
		ids = append(ids, in.References[i])
	}
	for _, id := range ids {
		if game, _, ok := t.ourMessage(id); ok && game != "" {
			return game
		}
	}
	if game, ok := SubjectGameTag(in.Subject); ok {
		return game
	}
	return ""
}

// commandText is what the referee reads of a mail: the text the sender
// wrote, or, when that holds no command and the mail starts a new
// conversation, its subject followed by the text (pbmserv's habit of
// writing the move in the subject).
func commandText(in *Inbound) string {
	text := in.Text
	if len(in.InReplyTo) > 0 || len(in.References) > 0 {
		return text
	}
	subject := strings.TrimSpace(gameTag.ReplaceAllString(CleanSubject(in.Subject), ""))
	if subject == "" {
		return text
	}
	if p, err := bot.ParseMessage(text); err != nil || len(p.Commands) > 0 {
		return text
	}
	if p, err := bot.ParseMessage(subject); err != nil || len(p.Commands) == 0 {
		return text
	}
	if strings.TrimSpace(text) == "" {
		return subject
	}
	return subject + "\n" + text
}

// displayName is the sender's name as the referee shows it: the display
// name of From, without quotes and surrounding space.
func displayName(a Address) string {
	name := strings.TrimSpace(strings.Trim(strings.TrimSpace(a.Name), `"'`))
	if sameAddress(name, a.Addr) {
		return ""
	}
	return name
}

// bounced reports the hard failures of a delivery status notification to
// the referee. Only a bounce of a mail the bot sent counts (its keyed
// Message-ID is found in the report or the thread fields: see keys.go),
// and the address reported is the one that mail went to, so a forged
// report can name no one else, and a forger can name no mail they did
// not receive.
func (t *Transport) bounced(ctx context.Context, in *Inbound) (string, error) {
	rec, found, err := t.bouncedMail(ctx, in)
	if err != nil {
		return "", err
	}
	if !found {
		t.log.Info("bounce of a mail the bot did not send ignored", "message_id", in.MessageID, "original", in.Bounce.OriginalMessageID)
		return "not a mail of the bot", nil
	}
	if !rec.Keyed {
		t.log.Info("bounce of a mail sent before Message-IDs were keyed ignored: it cannot be verified", "message_id", in.MessageID, "reply", rec.Reply, "to", rec.To)
		return "an old Message-ID, which cannot be verified", nil
	}
	reason := ""
	for _, r := range in.Bounce.Recipients {
		if r.Severity == SeveritySoft || r.Severity == SeveritySuccess || r.Action == ActionDelayed || r.Action == ActionDelivered {
			continue
		}
		reason = bounceReason(r)
		break
	}
	if reason == "" && len(in.Bounce.Recipients) > 0 {
		t.log.Info("bounce without a permanent failure ignored", "reply", rec.Reply, "to", rec.To)
		return "no permanent failure", nil
	}
	if reason == "" {
		reason = "mail to the address bounced"
	}
	t.log.Warn("mail bounced: the address is reported undeliverable", "reply", rec.Reply, "to", rec.To, "reason", reason)
	if err := t.ref.ReportUndeliverable(ctx, record.Identity{Transport: TransportName, Address: rec.To}, rec.Reply, reason); err != nil {
		return "", fmt.Errorf("mailplay: report a bounce: %w", err)
	}
	return rec.To + ": " + reason, nil
}

// bouncedMail finds the bot's mail a bounce returns: the first id the
// bounce names whose sent-mail record holds that very Message-ID,
// preferring a keyed one (an old one is found only to be logged).
func (t *Transport) bouncedMail(ctx context.Context, in *Inbound) (sentRecord, bool, error) {
	ids := []string{in.Bounce.OriginalMessageID}
	ids = append(ids, in.InReplyTo...)
	ids = append(ids, in.References...)
	var rec sentRecord
	found := false
	err := t.ref.ViewState(ctx, TransportName, func(tx record.StateTx) error {
		for _, id := range ids {
			_, hash, ok := t.ourMessage(id)
			if !ok {
				continue
			}
			var r sentRecord
			got, err := getJSON(tx, prefixSent+hash, &r)
			if err != nil {
				return err
			}
			if !got || !strings.EqualFold(r.MessageID, strings.Trim(strings.TrimSpace(id), "<>")) {
				continue
			}
			if !found || r.Keyed && !rec.Keyed {
				rec, found = r, true
			}
			if rec.Keyed {
				return nil
			}
		}
		return nil
	})
	return rec, found, err
}

// bounceReason says why a recipient failed, for players.
func bounceReason(r BounceRecipient) string {
	if strings.HasPrefix(r.Status, "5.1.") {
		return "the address does not exist"
	}
	if d := strings.TrimSpace(r.DiagnosticCode); d != "" {
		if _, rest, ok := strings.Cut(d, ";"); ok {
			d = strings.TrimSpace(rest)
		}
		return "mail to it bounced: " + clip(d, 200)
	}
	if r.Status != "" {
		return "mail to it bounced (status " + r.Status + ")"
	}
	return "mail to the address bounced"
}
