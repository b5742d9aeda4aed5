package bot_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// consentMail is an email transport for tests that keeps consent as
// mailplay does (bot.Consent, in its adapter state) and declines what
// refuse says.
type consentMail struct {
	*capture
	mu      sync.Mutex
	refuse  func(r *bot.Reply) bool
	stopped []string // the Stop calls, in order
}

func (c *consentMail) Wrote(tx bot.StateTx, addr string) (bool, error) {
	_, err := tx.Get("wrote/" + addr)
	if errors.Is(err, bot.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

func (c *consentMail) MarkWrote(tx bot.StateTx, addr string, at time.Time) error {
	if err := tx.Put("wrote/"+addr, []byte(at.Format(time.RFC3339))); err != nil {
		return err
	}
	return tx.Delete("stop/" + addr)
}

func (c *consentMail) Stop(tx bot.StateTx, addr string, at time.Time) error {
	c.mu.Lock()
	c.stopped = append(c.stopped, addr)
	c.mu.Unlock()
	return tx.Put("stop/"+addr, []byte(at.Format(time.RFC3339)))
}

func (c *consentMail) Send(ctx context.Context, r *bot.Reply) error {
	c.mu.Lock()
	refuse := c.refuse
	c.mu.Unlock()
	if refuse != nil && refuse(r) {
		return bot.Unwanted("the address is not accepting more mail from takbot today", errors.New("over the cap"))
	}
	return c.capture.Send(ctx, r)
}

// newConsentHarness is the referee with the console and an email
// transport that keeps consent.
func newConsentHarness(t *testing.T, opts ...harnessOption) (*harness, *consentMail) {
	t.Helper()
	h := newHarness(t, append(opts, withoutEmail())...)
	mail := &consentMail{capture: &capture{info: emailInfo()}}
	h.ref.Register(mail)
	return h, mail
}

// has reports whether a key of the email transport's state is set.
func (h *harness) has(key string) bool {
	h.t.Helper()
	found := false
	if err := h.ref.ViewState(context.Background(), "email", func(tx bot.StateTx) error {
		_, err := tx.Get(key)
		if errors.Is(err, bot.ErrNotFound) {
			return nil
		}
		found = err == nil
		return err
	}); err != nil {
		h.t.Fatal(err)
	}
	return found
}

// deliver delivers what is due on a transport.
func (h *harness) deliver(transport string) int {
	h.t.Helper()
	n, err := h.ref.DeliverDue(context.Background(), transport)
	if err != nil {
		h.t.Fatal(err)
	}
	return n
}

// sentTo counts the replies a capture was sent for one address.
func sentTo(c *capture, addr string) int {
	n := 0
	for _, r := range c.replies() {
		if r.To.Address == addr {
			n++
		}
	}
	return n
}

const victim = "victim@elsewhere.example"

// TestChallengeToStrangerWaitsGrace: the notice of a challenge to an
// address that never wrote waits ChallengeGrace (10 minutes), then goes
// out; to a player who wrote it goes out at once.
func TestChallengeToStrangerWaitsGrace(t *testing.T) {
	h, mail := newConsentHarness(t)
	rs := h.send("ann", "new "+victim)
	var notice *bot.Reply
	for i := range rs {
		if rs[i].To.Address == victim {
			notice = &rs[i]
		}
	}
	if notice == nil {
		t.Fatalf("no notice to the victim among %d replies", len(rs))
	}
	if want := h.clock.Now().Add(bot.ChallengeGrace); !notice.Delivery.NextTry.Equal(want) {
		t.Errorf("the notice waits until %v, want %v", notice.Delivery.NextTry, want)
	}
	if g := h.game(notice.Game); g.Notice != notice.ID {
		t.Errorf("the game remembers notice %q, want %q", g.Notice, notice.ID)
	}
	if n := h.deliver("email"); n != 0 || sentTo(mail.capture, victim) != 0 {
		t.Fatalf("%d mails went out at once, want none within the grace period", n)
	}
	h.clock.Advance(bot.ChallengeGrace - time.Second)
	h.deliver("email")
	if n := sentTo(mail.capture, victim); n != 0 {
		t.Fatalf("%d mails went out a second before the grace period ended", n)
	}
	h.clock.Advance(time.Second)
	h.deliver("email")
	if n := sentTo(mail.capture, victim); n != 1 {
		t.Fatalf("%d mails went out once the grace period ended, want 1", n)
	}

	// bob wrote to the bot: his challenge goes out at once
	h.handle(bot.Message{ID: "b1", From: bot.Identity{Transport: "email", Address: "bob@example.org"}, Name: "Bob", Text: "help"})
	h.send("ann", "new bob@example.org")
	h.deliver("email")
	if !strings.Contains(textTo(mail.replies(), "bob@example.org"), "challenges you") {
		t.Errorf("the challenge to bob, who wrote, did not go out at once:\n%s", textTo(mail.replies(), "bob@example.org"))
	}
}

// TestMailBombCancelledSendsNothing is the attack of issue 24, point 1:
// a verified sender writes "new victim@elsewhere.example; cancel" ten
// times in a mail, eight such mails (and once the cancel in a later
// mail): the victim gets nothing, ever, and the challenger hears only
// of his own withdrawals.
func TestMailBombCancelledSendsNothing(t *testing.T) {
	h, mail := newConsentHarness(t)
	line := strings.Repeat("new "+victim+"; cancel\n", 10)
	for range 8 {
		out := h.send("mallory", line)
		if text := textTo(out, "mallory"); strings.Count(text, "before it went out") != 10 {
			t.Fatalf("mallory was told:\n%s\nwant ten withdrawals before the notice went out", text)
		}
		for _, r := range out {
			if r.To.Address == victim {
				t.Fatalf("a reply to the victim was written: %s", r.Text())
			}
		}
	}
	rs := h.send("mallory", "new "+victim)
	game := rs[0].Game
	h.clock.Advance(bot.ChallengeGrace / 2)
	h.deliver("email")
	h.send("mallory", "game "+game+"; cancel")
	if g := h.game(game); g.Status != bot.Cancelled || g.Notice != "" {
		t.Errorf("game %s: status %s, notice %q; want cancelled and no notice", game, g.Status, g.Notice)
	}
	h.clock.Advance(24 * time.Hour)
	h.deliver("email")
	h.deliver("console")
	if n := sentTo(mail.capture, victim); n != 0 {
		t.Fatalf("the victim got %d mails, want none", n)
	}
	rp, err := h.ref.Reply(context.Background(), rs[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if rp.Delivery.Failed.IsZero() || !strings.Contains(rp.Delivery.LastError, "withdrawn") {
		t.Errorf("the withdrawn notice's delivery is %+v, want failed as withdrawn", rp.Delivery)
	}
}

// TestCancelAfterGraceTellsBoth: a challenge withdrawn once its notice
// went out is withdrawn as before: both players are told.
func TestCancelAfterGraceTellsBoth(t *testing.T) {
	h, mail := newConsentHarness(t)
	rs := h.send("ann", "new "+victim)
	h.clock.Advance(bot.ChallengeGrace)
	h.deliver("email")
	out := h.send("ann", "game "+rs[0].Game+"; cancel")
	if !strings.Contains(textTo(out, victim), "withdrew the challenge") {
		t.Errorf("the victim, who had the challenge, is not told of its withdrawal:\n%s", allText(out))
	}
	h.deliver("email")
	if n := sentTo(mail.capture, victim); n != 2 {
		t.Errorf("the victim got %d mails, want 2 (the challenge, its withdrawal)", n)
	}
}

// TestUnwantedTellsChallengerOnceADay: a reply the transport declines
// for want of consent fails without marking its recipient unreachable,
// and the challenger is told privately, once a day.
func TestUnwantedTellsChallengerOnceADay(t *testing.T) {
	h, mail := newConsentHarness(t, func(o *bot.Options, _ *harness) { o.ChallengeGrace = -1 })
	mail.refuse = func(r *bot.Reply) bool { return r.To.Address == victim }
	for range 4 { // one open challenge is left for the next day
		h.send("mallory", "new "+victim)
	}
	h.deliver("email")
	h.deliver("console")
	notices := func() int {
		n := 0
		for _, r := range h.console.replies() {
			if r.To.Address == "mallory" && strings.Contains(r.Text(), "not accepting more mail from takbot today") {
				if !r.Private {
					t.Errorf("the notice to the challenger is not private: %s", r.Text())
				}
				n++
			}
		}
		return n
	}
	if n := notices(); n != 1 {
		t.Errorf("the challenger was told %d times, want once", n)
	}
	p, err := h.ref.Player(context.Background(), bot.Identity{Transport: "email", Address: victim})
	if err != nil {
		t.Fatal(err)
	}
	if p.Unreachable != nil {
		t.Errorf("the victim is marked unreachable: %+v", p.Unreachable)
	}
	st, err := h.ref.Stats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Pending != 0 {
		t.Errorf("%d replies still pending, want none (declined replies fail)", st.Pending)
	}
	h.clock.Advance(24 * time.Hour)
	h.send("mallory", "new "+victim)
	h.deliver("email")
	h.deliver("console")
	if n := notices(); n != 2 {
		t.Errorf("the challenger was told %d times over two days, want twice", n)
	}
}

// TestStopAndStart: "stop" records the opt-out after the message's own
// "wrote" mark, so it stands even with other commands; any later message
// the transport vouches for ends it; an unverified one does not mark the
// address as having written; on a transport without consent "stop" is
// refused.
func TestStopAndStart(t *testing.T) {
	h, mail := newConsentHarness(t)
	from := bot.Identity{Transport: "email", Address: "sam@example.org"}
	n := 0
	send := func(text string, unverified bool) []bot.Reply {
		n++
		return h.handle(bot.Message{ID: "s" + itoa(n), From: from, Name: "Sam", Text: text, Unverified: unverified})
	}
	send("help", true)
	if h.has("wrote/sam@example.org") {
		t.Fatal("an unverified mail marked its address as having written")
	}
	out := send("stop\nhelp", false)
	if !strings.Contains(allText(out), "takbot sends no more mail to sam@example.org") {
		t.Errorf("stop answered:\n%s", allText(out))
	}
	if !h.has("wrote/sam@example.org") || !h.has("stop/sam@example.org") {
		t.Fatalf("after stop: wrote %v, stop %v; want both", h.has("wrote/sam@example.org"), h.has("stop/sam@example.org"))
	}
	if len(mail.stopped) != 1 {
		t.Errorf("Stop called %d times, want once", len(mail.stopped))
	}
	send("games", true) // a forger cannot undo it
	if !h.has("stop/sam@example.org") {
		t.Fatal("an unverified mail ended the opt-out")
	}
	out = send("start", false)
	if h.has("stop/sam@example.org") || !strings.Contains(allText(out), "may mail sam@example.org again") {
		t.Errorf("start left the opt-out, or answered:\n%s", allText(out))
	}
	send("stop", false)
	send("games", false) // any command
	if h.has("stop/sam@example.org") {
		t.Error("a later command did not end the opt-out")
	}
	if out := h.send("ann", "stop"); !strings.Contains(allText(out), "\"stop\" is for mail") {
		t.Errorf("stop on the console answered:\n%s", allText(out))
	}
}
