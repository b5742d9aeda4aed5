//go:build dovecot

package mailplay_test

import (
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/dovecottest"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// The end-to-end suite on Debian's Dovecot: IMAP with IDLE, delivery over
// LMTP behind an SMTP front, Maildir with '.' as the hierarchy delimiter.
// Run it with `go test -race -tags dovecot ./mailplay/` (as root).

// The second pair of players of TestDovecotCrashRecovery are carol
// (classes_test.go) and dave.
const daveAddr = "dave@example.test"

// startDovecot runs Dovecot with the bot, alice, bob and mallory.
func startDovecot(t testing.TB, extra ...string) *dovecottest.Server {
	users := []dovecottest.User{{Address: botAddr, Password: botPassword}}
	for _, a := range append([]string{aliceAddr, bobAddr, malloryAddr}, extra...) {
		users = append(users, dovecottest.User{Address: a, Password: passwordOf(a)})
	}
	return dovecottest.Start(t, users...)
}

// roadGame is a 3x3 game alice (white) wins by a road up the a-file,
// both writing PTN (swap opening: the first two stones are the
// opponent's, so bob's a1 is white's).
var roadGame = []string{"c3", "a1", "a2", "b3", "a3"}

// TestDovecotWholeGame: two players with their own mailboxes play a whole
// game by replying to the bot's mails, from every client style; handled
// mail lands in takbot.processed (the '/' of the configuration written in
// Dovecot's '.').
func TestDovecotWholeGame(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	h.write(alice, "Tak?", "notation ptn\nnew "+bobAddr+" size=3 color=white")
	h.confirm(alice)
	challenge := h.next(bob, "challenges you")
	game, _ := mailplay.SubjectGameTag(challenge.In.Subject)
	if _, err := bob.Reply(h.ctx(), challenge, "notation ptn\naccept", demo.Outlook, demo.HTMLOnly); err != nil {
		t.Fatal(err)
	}
	first := h.next(alice, "your move,")
	h.play(alice, bob, first, roadGame, func(i int) (demo.Style, demo.Format) {
		return demo.Styles[i%len(demo.Styles)], demo.Formats[(i/2)%len(demo.Formats)]
	})
	h.next(alice, "Game over")
	h.next(bob, "Game over")
	g := h.game(game)
	if g.Result == nil || g.Result.Reason != record.EndRoad || g.Result.Winner != tak.White {
		t.Fatalf("result %+v, want alice's road", g.Result)
	}
	processed, err := srv.Messages(botAddr, "takbot.processed")
	if err != nil {
		t.Fatal(err)
	}
	if want := len(roadGame) + 3; len(processed) != want { // the challenge, its confirmation, the accept, the moves
		t.Errorf("takbot.processed holds %d mails, want %d", len(processed), want)
	}
	if n := inboxCount(t, srv, botAddr); n != 0 {
		t.Errorf("the bot's INBOX holds %d mails", n)
	}
}

// TestDovecotClientFormats: HTML-only, quoted-printable and ISO-8859-1
// mails (and the others) from each client style are read: alice answers
// one mail of the bot in every style and format at once, and each answer
// reads exactly her command (and, in Latin-1, her prose line).
func TestDovecotClientFormats(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, m, _ := h.startGame(alice, bob)
	const prose = "Voilà mon coup, désolé du retard :"
	for _, st := range demo.Styles {
		for _, f := range demo.Formats {
			body := "board"
			if f == demo.Latin1 {
				body = prose + "\nboard"
			}
			if _, err := alice.Reply(h.ctx(), m, body, st, f); err != nil {
				t.Fatal(err)
			}
		}
	}
	n := len(demo.Styles) * len(demo.Formats)
	for i := 0; i < n; i++ {
		if ev := h.event(mailplay.MailHandled); ev.Game != game || ev.Detail != "reply token" {
			t.Errorf("mail %d: %+v", i+1, ev)
		}
	}
	latin := 0
	for i := 0; i < n; i++ {
		got := h.next(alice, "Sync board").Text()
		if strings.Contains(got, "Refused") || strings.Contains(got, "skipped") && !strings.Contains(got, `skipped as prose: line 1 ("`+prose+`")`) {
			t.Errorf("answer %d read more than the player wrote:\n%s", i+1, got)
		}
		if strings.Contains(got, prose) {
			latin++
		}
	}
	if latin != len(demo.Styles) {
		t.Errorf("%d answers quote the Latin-1 prose, want %d", latin, len(demo.Styles))
	}
}

// TestDovecotCrashRecovery kills the bot with SIGKILL at random moments
// of two games played at once, at least 32 times, a third of the kills
// while Dovecot's SMTP front takes one of its replies, before the bot has
// the answer; the bot is started again at once. The games stored are
// exactly the games sent, each mail is answered once, nothing is left
// unhandled, and a reply arrives twice only after a kill between the
// server's acceptance and the bot's record, with its first copy's
// Message-ID.
func TestDovecotCrashRecovery(t *testing.T) {
	srv := startDovecot(t, carolAddr, daveAddr)
	crashGame(t, srv, crashOptions{
		pairs:    [][2]string{{aliceAddr, bobAddr}, {carolAddr, daveAddr}},
		minKills: 32, minMoves: 12,
		onAccept: func(fn func(string, []byte)) {
			if fn == nil {
				srv.OnAccept(nil)
				return
			}
			srv.OnAccept(func(a dovecottest.Accepted) { fn(a.From, a.Raw) })
		},
		smtpIdle: srv.WaitSMTPIdle,
	})
}

// TestDovecotSMTPDown: replies written while SMTP is down wait in the
// outbox and go out, once each, when it is back.
func TestDovecotSMTPDown(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, m, _ := h.startGame(alice, bob)
	srv.StopSMTP()
	to, raw := alice.Draft(m, "f6", demo.Gmail, demo.Alternative)
	if err := srv.Deliver(h.ctx(), aliceAddr, []string{to}, raw); err != nil {
		t.Fatal(err)
	}
	h.event(mailplay.MailHandled)
	h.waitResult("retry")
	h.waitResult("retry")
	if err := srv.StartSMTP(); err != nil {
		t.Fatal(err)
	}
	h.next(bob, "played f6")
	h.next(alice, "played f6")
	if g := h.game(game); len(g.Moves) != 1 {
		t.Fatalf("moves %+v", g.Moves)
	}
	for _, addr := range []string{aliceAddr, bobAddr} {
		for id, n := range countMessageIDs(t, srv, addr) {
			if n != 1 {
				t.Errorf("%s received %s %d times", addr, id, n)
			}
		}
	}
}

// TestDovecotForgery: a forged From moves nothing, the forger's mailbox
// receives nothing, and the owner is asked to confirm.
func TestDovecotForgery(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, _ := h.startGame(alice, bob)
	submitAs(t, srv, malloryAddr, botAddr, forged("forged-1@evil.example", botAddr, "Re: [Tak "+game+"]", "f6"))
	h.event(mailplay.MailHeld)
	h.next(alice, "cannot tell that you sent it")
	if g := h.game(game); len(g.Moves) != 0 {
		t.Fatalf("the forged move was played: %+v", g.Moves)
	}
	if n := inboxCount(t, srv, malloryAddr); n != 0 {
		t.Errorf("mallory received %d mails", n)
	}
}

// TestDovecotOutOfOffice: an out-of-office reply gets no answer.
func TestDovecotOutOfOffice(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	alice := h.player(aliceAddr, "Alice")
	ooo := "From: Alice <alice@example.test>\r\nTo: takbot@example.test\r\nSubject: Out of office: [Tak g1]\r\n" +
		"Message-ID: <ooo-1@example.test>\r\nAuto-Submitted: auto-replied\r\n\r\nI am away until Monday.\r\n"
	if err := srv.Deliver(h.ctx(), aliceAddr, []string{botAddr}, []byte(ooo)); err != nil {
		t.Fatal(err)
	}
	h.event(mailplay.MailAutomatic)
	h.write(alice, "help", "help")
	h.event(mailplay.MailHandled)
	h.next(alice, "help")
	if n := inboxCount(t, srv, aliceAddr); n != 1 {
		t.Errorf("alice received %d mails, want only the answer to her own", n)
	}
}

// TestDovecotBounce: a refused recipient and a delivery status
// notification each tell the opponent.
func TestDovecotBounce(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	h.write(alice, "game?", "new nobody@example.test size=5")
	h.confirm(alice)
	h.next(alice, "cannot be reached by email: the address does not exist")

	_, _, sent := h.startGame(alice, bob)
	if err := srv.Deliver(h.ctx(), "", []string{botAddr}, []byte(strings.ReplaceAll(dsn("dsn-1@mx.example.test", bobAddr, sent.In.MessageID), "\n", "\r\n"))); err != nil {
		t.Fatal(err)
	}
	h.event(mailplay.MailBounce)
	h.next(alice, "cannot be reached by email: the address does not exist")
}

// TestDovecotRecreatedMailbox: after the bot's INBOX gets a new
// UIDVALIDITY, mail handled before and delivered again is not answered
// twice.
func TestDovecotRecreatedMailbox(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	alice := h.player(aliceAddr, "Alice")
	raw := alice.DraftNew(botAddr, "help", "help", demo.QuotedPrintable)
	if err := srv.Deliver(h.ctx(), aliceAddr, []string{botAddr}, raw); err != nil {
		t.Fatal(err)
	}
	h.event(mailplay.MailHandled)
	h.next(alice, "help")
	if err := srv.RecreateMailbox(botAddr, "INBOX"); err != nil {
		t.Fatal(err)
	}
	if err := srv.Deliver(h.ctx(), aliceAddr, []string{botAddr}, raw); err != nil {
		t.Fatal(err)
	}
	h.event(mailplay.MailDuplicate)
	h.write(alice, "games", "games")
	h.event(mailplay.MailHandled)
	h.next(alice, "game")
	if n := inboxCount(t, srv, aliceAddr); n != 2 {
		t.Errorf("alice received %d mails, want 2", n)
	}
}

// TestDovecotIMAPOutage: the bot reports the mailbox disconnected while
// Dovecot serves no IMAP, and reconnects by itself.
func TestDovecotIMAPOutage(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	h.waitHealth(true)
	if err := srv.StopIMAP(); err != nil {
		t.Fatal(err)
	}
	h.waitHealth(false)
	raw := "From: Alice <alice@example.test>\r\nTo: takbot@example.test\r\nSubject: help\r\nMessage-ID: <outage@example.test>\r\n\r\nhelp\r\n"
	if err := srv.Deliver(h.ctx(), aliceAddr, []string{botAddr}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	if err := srv.StartIMAP(); err != nil {
		t.Fatal(err)
	}
	h.waitHealth(true)
	h.event(mailplay.MailHandled)
	h.next(h.player(aliceAddr, "Alice"), "help")
}

// TestDovecotPolling: a server that does not announce IDLE is polled
// every poll_interval, and mail is answered all the same.
func TestDovecotPolling(t *testing.T) {
	users := []dovecottest.User{{Address: botAddr, Password: botPassword}, {Address: aliceAddr, Password: passwordOf(aliceAddr)}}
	srv := dovecottest.StartWithoutIDLE(t, users...)
	h := startBot(t, srv, harnessOptions{})
	if hl := h.waitHealth(true); !strings.Contains(hl.Detail, "polling every") {
		t.Fatalf("the mailbox is not polled: %q", hl.Detail)
	}
	raw := "From: Alice <alice@example.test>\r\nTo: takbot@example.test\r\nSubject: help\r\nMessage-ID: <polled@example.test>\r\n\r\nhelp\r\n"
	if err := srv.Deliver(h.ctx(), aliceAddr, []string{botAddr}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	h.event(mailplay.MailHandled)
	h.next(h.player(aliceAddr, "Alice"), "help")
}

// TestDovecotBusyPlayerStillPlays: issue 24's point 10 on Dovecot (see
// busyPlayer): over the hourly limit of answers, alice's own play is
// still answered at once, each answer counting the held ones right.
func TestDovecotBusyPlayerStillPlays(t *testing.T) {
	srv := startDovecot(t)
	clock := &settableClock{now: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	h := startBot(t, srv, harnessOptions{clock: clock})
	busyPlayer(t, h, clock)
}

// TestDovecotMailBombCancelled: the attack of issue 24, point 1, with
// cancel, on Dovecot: the victim receives nothing (see mailBomb).
func TestDovecotMailBombCancelled(t *testing.T) {
	mailBomb(t, startDovecot(t, victimAddr), true)
}

// TestDovecotMailBombCapped: the attack without cancel, on Dovecot: the
// victim receives at most three mails a day, and after "stop" only the
// answer to it (see mailBomb).
func TestDovecotMailBombCapped(t *testing.T) {
	mailBomb(t, startDovecot(t, victimAddr), false)
}
