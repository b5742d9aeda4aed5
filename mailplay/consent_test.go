package mailplay_test

import (
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/localmail"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/web"
)

// victimAddr never wrote to the bot: anyone can name it.
const victimAddr = "victim@example.test"

// unsubscribeBase is the one-click base the consent tests give the
// transport.
const unsubscribeBase = "https://tak.example.test/unsubscribe"

// lastSentTo parses the last mail the bot sent to addr (localmail's log).
func lastSentTo(t *testing.T, sys *localmail.System, addr string) *mailplay.Inbound {
	t.Helper()
	sent := sys.Sent()
	for i := len(sent) - 1; i >= 0; i-- {
		for _, to := range sent[i].To {
			if strings.EqualFold(to, addr) {
				in, err := mailplay.ParseInbound(sent[i].Raw)
				if err != nil {
					t.Fatal(err)
				}
				return in
			}
		}
	}
	t.Fatalf("no mail was sent to %s", addr)
	return nil
}

// oneClickToken is the token of a mail's https List-Unsubscribe link.
func oneClickToken(t *testing.T, in *mailplay.Inbound) string {
	t.Helper()
	v := in.Header.Get("List-Unsubscribe")
	i := strings.Index(v, "<"+unsubscribeBase+"/")
	if i < 0 {
		t.Fatalf("List-Unsubscribe %q has no one-click link", v)
	}
	tok, _, _ := strings.Cut(v[i+len(unsubscribeBase)+2:], ">")
	return tok
}

// TestStrangerCap: an address that never wrote gets at most
// StrangerMailsPerDay mails in 24 hours, whatever their class; beyond
// it Send declines (bot.Unwanted, counted, logged once a run); a mail
// sent again (after a crash) is not counted twice; each mail carries the
// one-word opt-out and List-Unsubscribe with one-click POST; a day later
// it gets mail again; once it wrote, no cap and no opt-out.
func TestStrangerCap(t *testing.T) {
	clock := &settableClock{now: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	logs := &logCounter{}
	h, sys := startLocal(t, harnessOptions{noStart: true, clock: clock, logger: slog.New(logs), unsubscribeURL: unsubscribeBase})
	to := record.Identity{Transport: mailplay.TransportName, Address: victimAddr}
	reply := func(id string, class record.ReplyClass) *record.Reply {
		return &record.Reply{ID: "email:mid:" + id + "@example.test/1", To: to, Subject: "[Tak g1] Mallory vs victim", Game: "g1",
			Class: class, Created: clock.Now(), Parts: []record.Part{{Kind: record.Prose, Text: "Reply " + id + "."}}}
	}
	if err := sys.AddUser(victimAddr, passwordOf(victimAddr)); err != nil {
		t.Fatal(err)
	}
	send := func(r *record.Reply) error { return h.tr.Send(h.ctx(), r) }
	for i, id := range []string{"e1", "a2", "e3"} {
		class := record.Event
		if i == 1 {
			class = record.Answer
		}
		if err := send(reply(id, class)); err != nil {
			t.Fatalf("mail %d of the day: %v", i+1, err)
		}
		in := lastSentTo(t, sys, victimAddr)
		if !strings.Contains(in.FullText, "never written to it") || !strings.Contains(in.FullText, "reply with the one word stop") {
			t.Errorf("mail %s to a stranger has no opt-out:\n%s", id, in.FullText)
		}
		if v := in.Header.Get("List-Unsubscribe"); !strings.Contains(v, "<mailto:takbot+") || !strings.Contains(v, "?subject=stop>") {
			t.Errorf("List-Unsubscribe %q: want the mailto: form", v)
		}
		if v := in.Header.Get("List-Unsubscribe-Post"); v != "List-Unsubscribe=One-Click" {
			t.Errorf("List-Unsubscribe-Post %q", v)
		}
		oneClickToken(t, in)
	}
	for range 3 {
		for _, id := range []string{"e4", "a5"} {
			err := send(reply(id, record.Event))
			if !bot.IsUnwanted(err) {
				t.Fatalf("mail %s beyond the cap: %v, want declined", id, err)
			}
			var de *outbox.DeliveryError
			if !errors.As(err, &de) || !strings.Contains(de.Reason, "not accepting more mail from takbot today") {
				t.Errorf("declined with %v", err)
			}
		}
	}
	if err := send(reply("e1", record.Event)); err != nil {
		t.Errorf("a mail sent before, sent again: %v (it is counted once)", err)
	}
	if n := len(sys.Sent()); n != 4 {
		t.Errorf("%d mails went out, want 4 (3, and the first again)", n)
	}
	if n := h.tr.ConsentDropped(); n != 6 {
		t.Errorf("ConsentDropped %d, want 6", n)
	}
	if n := logs.count("mail not sent: the address is not accepting more mail"); n != 1 {
		t.Errorf("%d log lines about declined mail, want 1 for the run", n)
	}
	clock.advance(24 * time.Hour)
	if err := send(reply("e6", record.Event)); err != nil {
		t.Errorf("a day later: %v", err)
	}
	h.wrote(victimAddr)
	for _, id := range []string{"e7", "e8", "e9", "e10"} {
		if err := send(reply(id, record.Event)); err != nil {
			t.Fatalf("to an address that wrote: %v", err)
		}
	}
	if in := lastSentTo(t, sys, victimAddr); strings.Contains(in.FullText, "never written") || in.Header.Get("List-Unsubscribe") != "" {
		t.Errorf("a mail to a player carries the stranger's opt-out:\n%s\n%v", in.FullText, in.Header.Get("List-Unsubscribe"))
	}
}

// TestStopAndOneClick: an address that asked to stop (by the one-click
// link here) gets answers to its own mail only; a forged or unknown
// token changes nothing and is no error; unsubscribing twice is the same
// as once.
func TestStopAndOneClick(t *testing.T) {
	clock := &settableClock{now: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	h, sys := startLocal(t, harnessOptions{noStart: true, clock: clock, unsubscribeURL: unsubscribeBase})
	to := record.Identity{Transport: mailplay.TransportName, Address: victimAddr}
	reply := func(id string, class record.ReplyClass) *record.Reply {
		return &record.Reply{ID: "email:mid:" + id + "@example.test/1", To: to, Subject: "[Tak] your games",
			Class: class, Created: clock.Now(), Parts: []record.Part{{Kind: record.Prose, Text: "Reply " + id + "."}}}
	}
	if err := sys.AddUser(victimAddr, passwordOf(victimAddr)); err != nil {
		t.Fatal(err)
	}
	if err := h.tr.Send(h.ctx(), reply("e1", record.Event)); err != nil {
		t.Fatal(err)
	}
	tok := oneClickToken(t, lastSentTo(t, sys, victimAddr))
	forgedTok := strings.Repeat("a", len(tok))
	for _, bad := range []string{"", "x", forgedTok, tok + "a", "../../secret"} {
		if err := h.tr.Unsubscribe(h.ctx(), bad); err != nil {
			t.Errorf("Unsubscribe(%q): %v, want nothing and no error", bad, err)
		}
	}
	if err := h.tr.Send(h.ctx(), reply("e2", record.Event)); err != nil {
		t.Fatalf("after unknown tokens: %v", err)
	}
	for range 2 {
		if err := h.tr.Unsubscribe(h.ctx(), tok); err != nil {
			t.Fatal(err)
		}
	}
	err := h.tr.Send(h.ctx(), reply("e3", record.Event))
	var de *outbox.DeliveryError
	if !bot.IsUnwanted(err) || !errors.As(err, &de) || de.Reason != "the address does not accept mail from takbot" {
		t.Fatalf("an event after unsubscribing: %v, want declined", err)
	}
	if err := h.tr.Send(h.ctx(), reply("a4", record.Answer)); err != nil {
		t.Errorf("an answer to its own mail after unsubscribing: %v", err)
	}
	if n := len(sys.Sent()); n != 3 {
		t.Errorf("%d mails went out, want 3", n)
	}
}

// mailBomb is the attack of issue 24, point 1, on a mail system: a
// sender the bot verifies (through their reply token) writes
// "new victim; cancel" ten times in a mail, eight such mails (with
// cancel), or "new victim" ten times in each (without).
//
// With cancel the victim receives nothing, not even once the grace
// period is long over; mallory is told of each withdrawal. Without, the
// victim receives at most StrangerMailsPerDay mails, each with the
// one-word opt-out; mallory is told once that the address takes no more
// mail today; a "stop" from the victim then stops everything but the
// answer to it.
func mailBomb(t *testing.T, mail mailServers, withCancel bool) {
	clock := &settableClock{now: time.Now().Truncate(time.Second)}
	o := harnessOptions{clock: clock, unsubscribeURL: unsubscribeBase,
		config: func(c *mailplay.Config) { c.MaxRepliesPerHour = 1000 }} // mallory's own answers are not the point
	if withCancel {
		o.grace = bot.ChallengeGrace
	}
	h := startBot(t, mail, o)
	mallory := h.player(malloryAddr, "Mallory")
	h.write(mallory, "help", "help")
	h.event(mailplay.MailHandled)
	help := h.next(mallory, "help")
	line := "new " + victimAddr
	if withCancel {
		line += "; cancel"
	}
	body := strings.Repeat(line+"\n", 10)
	for range 8 {
		h.reply(mallory, help, body)
		if ev := h.event(mailplay.MailHandled); ev.Detail != "reply token" {
			t.Fatalf("the attacker's mail was handled as %q, want through the reply token", ev.Detail)
		}
	}
	if withCancel {
		for range 8 * 10 { // a mail a game
			h.next(mallory, "before it went out: victim was not told of it")
		}
		// and the slow attacker: the cancel in a later mail, within the grace period
		h.reply(mallory, help, "new "+victimAddr)
		h.event(mailplay.MailHandled)
		m := h.next(mallory, "Challenge g")
		clock.advance(bot.ChallengeGrace / 2)
		game, _ := mailplay.SubjectGameTag(m.In.Subject)
		h.reply(mallory, help, "game "+game+"; cancel")
		h.event(mailplay.MailHandled)
		h.next(mallory, "before it went out")
		clock.advance(time.Hour) // long past every grace period
		h.reply(mallory, help, "help")
		h.event(mailplay.MailHandled)
		h.next(mallory, "help")
		if n := inboxCount(t, mail, victimAddr); n != 0 {
			t.Fatalf("the victim received %d mails, want none", n)
		}
		return
	}
	// quotas let five challenges stand; three notices go out, the rest are declined
	h.waitResult("declined")
	h.waitResult("declined")
	told := h.next(mallory, "not accepting more mail from takbot today")
	if !strings.Contains(told.Text(), "did not send victim its message about game g") {
		t.Errorf("mallory's notice:\n%s", told.Text())
	}
	msgs, err := mail.Messages(victimAddr, "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != mailplay.StrangerMailsPerDay {
		t.Fatalf("the victim received %d mails, want %d", len(msgs), mailplay.StrangerMailsPerDay)
	}
	victim := h.player(victimAddr, "Victim")
	first, err := victim.NextMatching(h.ctx(), "challenges you", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first.Text(), "reply with the one word stop") || !strings.Contains(first.In.Header.Get("List-Unsubscribe"), unsubscribeBase) {
		t.Errorf("the victim's mail has no opt-out:\n%s", first.Text())
	}
	// the victim answers stop: the answer comes, nothing else
	h.reply(victim, first, "stop")
	h.event(mailplay.MailHandled)
	h.next(victim, "takbot sends no more mail to "+victimAddr)
	clock.advance(25 * time.Hour) // a new day: the cap would let mail through again
	h.reply(mallory, help, "game g1; cancel")
	h.event(mailplay.MailHandled)
	h.next(mallory, "withdrew the challenge g1")
	h.waitResult("declined")
	if n := inboxCount(t, mail, victimAddr); n != mailplay.StrangerMailsPerDay+1 {
		t.Errorf("the victim received %d mails, want %d (and the answer to stop)", n, mailplay.StrangerMailsPerDay+1)
	}
}

// TestMailBombCancelled: see mailBomb (localmail).
func TestMailBombCancelled(t *testing.T) {
	sys := startLocalSystem(t, localmail.Options{})
	if err := sys.AddUser(victimAddr, passwordOf(victimAddr)); err != nil {
		t.Fatal(err)
	}
	mailBomb(t, sys, true)
}

// TestMailBombCapped: see mailBomb (localmail).
func TestMailBombCapped(t *testing.T) {
	sys := startLocalSystem(t, localmail.Options{})
	if err := sys.AddUser(victimAddr, passwordOf(victimAddr)); err != nil {
		t.Fatal(err)
	}
	mailBomb(t, sys, false)
}

// TestForgedMailFromStoppedAddressDropped: once an address answered
// stop, mail in its name that the bot cannot vouch for is dropped
// unanswered: no answer, no confirmation request.
func TestForgedMailFromStoppedAddressDropped(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	if err := h.ref.UpdateState(h.ctx(), mailplay.TransportName, func(tx record.StateTx) error {
		return h.tr.Stop(tx, aliceAddr, time.Now())
	}); err != nil {
		t.Fatal(err)
	}
	submitAs(t, sys, malloryAddr, botAddr, forged("forged-stop-1@evil.example", botAddr, "Tak?", "new "+bobAddr))
	submitAs(t, sys, malloryAddr, botAddr, forged("forged-stop-2@evil.example", botAddr, "Tak?", "help"))
	h.event(mailplay.MailDropped)
	h.event(mailplay.MailDropped)
	if n := inboxCount(t, sys, aliceAddr); n != 0 {
		t.Errorf("alice, who asked to stop, received %d mails", n)
	}
}

// TestOneClickOverHTTP: the link of a mail to a stranger, posted as a
// mail program does (RFC 8058) to the web pages on 127.0.0.1 that serve
// takbot wires to the transport, stops the mail to that address; a GET of
// the same link (a link scanner) changes nothing.
func TestOneClickOverHTTP(t *testing.T) {
	clock := &settableClock{now: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	var pages http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { pages.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	h, sys := startLocal(t, harnessOptions{noStart: true, clock: clock, unsubscribeURL: srv.URL + "/unsubscribe"})
	pages = web.New(h.ref, web.Options{PublicURL: srv.URL, Unsubscriber: h.tr, Logger: testLogger()})
	if err := sys.AddUser(victimAddr, passwordOf(victimAddr)); err != nil {
		t.Fatal(err)
	}
	to := record.Identity{Transport: mailplay.TransportName, Address: victimAddr}
	reply := func(id string) *record.Reply {
		return &record.Reply{ID: "email:mid:" + id + "@example.test/1", To: to, Subject: "[Tak] your games",
			Created: clock.Now(), Parts: []record.Part{{Kind: record.Prose, Text: "Reply " + id + "."}}}
	}
	if err := h.tr.Send(h.ctx(), reply("e1")); err != nil {
		t.Fatal(err)
	}
	v := lastSentTo(t, sys, victimAddr).Header.Get("List-Unsubscribe")
	link := v[strings.Index(v, "<http")+1 : strings.Index(v, ">")]
	if !strings.HasPrefix(link, srv.URL+"/unsubscribe/") {
		t.Fatalf("List-Unsubscribe %q: want a link under %s", v, srv.URL)
	}
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET of the link: %d, want 405", resp.StatusCode)
	}
	if err := h.tr.Send(h.ctx(), reply("e2")); err != nil {
		t.Fatalf("after a GET of the link: %v, want the mail sent", err)
	}
	resp, err = http.Post(link, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST of the link: %d", resp.StatusCode)
	}
	if err := h.tr.Send(h.ctx(), reply("e3")); !bot.IsUnwanted(err) {
		t.Errorf("an event after the one-click unsubscribe: %v, want declined", err)
	}
}

// TestConsentBackfill: on a database from before consent was kept, the
// players of its games are recorded as having written before the first
// mail goes out (the challenger of every game, both players of an
// answered one), so they are not taken for strangers; an address only
// ever challenged still is one. It runs once.
func TestConsentBackfill(t *testing.T) {
	clock := &settableClock{now: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	h, sys := startLocal(t, harnessOptions{noStart: true, clock: clock})
	for _, a := range []string{"carol@example.test"} {
		if err := sys.AddUser(a, passwordOf(a)); err != nil {
			t.Fatal(err)
		}
	}
	email := func(addr string) record.Identity {
		return record.Identity{Transport: mailplay.TransportName, Address: addr}
	}
	// the games of a database from before consent was kept: nobody is
	// recorded as having written
	if err := h.store.Update(h.ctx(), func(tx record.Tx) error {
		for _, g := range []*record.Game{
			{ID: "g1", Status: record.Active, Players: [2]string{"email:" + aliceAddr, "email:" + bobAddr}, Challenger: tak.White},
			{ID: "g2", Status: record.Challenged, Players: [2]string{"email:" + aliceAddr, "email:carol@example.test"}, Challenger: tak.White},
		} {
			if err := tx.PutGame(g); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	tr, err := mailplay.New(botConfig(sys), h.ref, mailplay.Options{Logger: testLogger(), Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	send := func(to string) *mailplay.Inbound {
		t.Helper()
		r := &record.Reply{ID: "email:mid:after-" + to + "/1", To: email(to), Subject: "[Tak] your games", Created: clock.Now(),
			Parts: []record.Part{{Kind: record.Prose, Text: "Hello."}}}
		if err := tr.Send(h.ctx(), r); err != nil {
			t.Fatal(err)
		}
		return lastSentTo(t, sys, to)
	}
	for _, a := range []string{aliceAddr, bobAddr} {
		if in := send(a); strings.Contains(in.FullText, "never written") {
			t.Errorf("%s, who played before, is taken for a stranger:\n%s", a, in.FullText)
		}
	}
	if in := send("carol@example.test"); !strings.Contains(in.FullText, "never written") {
		t.Errorf("carol, only ever challenged, is not taken for a stranger:\n%s", in.FullText)
	}
	has := func(key string) bool {
		found := false
		if err := h.ref.ViewState(h.ctx(), mailplay.TransportName, func(tx record.StateTx) error {
			_, err := tx.Get(key)
			found = err == nil
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return found
	}
	if !has("consent-backfill") || !has("wrote/"+aliceAddr) || !has("wrote/"+bobAddr) || has("wrote/carol@example.test") {
		t.Errorf("after the backfill: marker %v, alice %v, bob %v, carol %v", has("consent-backfill"), has("wrote/"+aliceAddr), has("wrote/"+bobAddr), has("wrote/carol@example.test"))
	}
}

// TestListUnsubscribeMailto: the mailto: form of List-Unsubscribe, sent
// as a mail program sends it (a new mail to that address, its subject
// "stop", no body), is read as the command "stop" through the victim's
// reply address: the victim gets the answer, and nothing more.
func TestListUnsubscribeMailto(t *testing.T) {
	sys := startLocalSystem(t, localmail.Options{})
	if err := sys.AddUser(victimAddr, passwordOf(victimAddr)); err != nil {
		t.Fatal(err)
	}
	h := startBot(t, sys, harnessOptions{})
	mallory := h.player(malloryAddr, "Mallory")
	h.write(mallory, "help", "help")
	h.event(mailplay.MailHandled)
	help := h.next(mallory, "help")
	h.reply(mallory, help, "new "+victimAddr)
	h.event(mailplay.MailHandled)
	victim := h.player(victimAddr, "Victim")
	challenge := h.next(victim, "challenges you")
	v := challenge.In.Header.Get("List-Unsubscribe")
	i, j := strings.Index(v, "<mailto:"), strings.Index(v, "?subject=stop>")
	if i < 0 || j < i {
		t.Fatalf("List-Unsubscribe %q has no mailto: form", v)
	}
	if _, err := victim.Write(h.ctx(), v[i+len("<mailto:"):j], "stop", "", demo.Plain); err != nil {
		t.Fatal(err)
	}
	if ev := h.event(mailplay.MailHandled); ev.Detail != "reply token" {
		t.Errorf("the unsubscribe mail was handled as %q, want through the reply token", ev.Detail)
	}
	h.next(victim, "takbot sends no more mail to "+victimAddr)
	h.reply(mallory, help, "cancel")
	h.event(mailplay.MailHandled)
	h.next(mallory, "withdrew the challenge")
	h.waitResult("declined")
	if n := inboxCount(t, sys, victimAddr); n != 2 {
		t.Errorf("the victim received %d mails, want 2 (the challenge, the answer to stop)", n)
	}
}
