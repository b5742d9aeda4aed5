package bot_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
)

// tick runs the clocks once and returns their replies.
func (h *harness) tick() []bot.Reply {
	h.t.Helper()
	rs, err := h.ref.Tick(context.Background())
	if err != nil {
		h.t.Fatalf("tick: %v", err)
	}
	return rs
}

// TestTimeSettings: "set remind", "set zone" and "set digest" take what a
// player writes and refuse the rest with the limit broken.
func TestTimeSettings(t *testing.T) {
	for _, tc := range []struct {
		text  string
		reply string
		check func(p *bot.PlayerRecord) bool
	}{
		{"set remind 12h", "You are reminded 12 hours before each deadline", func(p *bot.PlayerRecord) bool { return p.RemindLead == 12*time.Hour }},
		{"set remind 1 day 6 hours", "You are reminded 1 day 6 hours before each deadline", func(p *bot.PlayerRecord) bool { return p.RemindLead == 30*time.Hour }},
		{"set remind off", "You get no reminders before a deadline any more", func(p *bot.PlayerRecord) bool { return p.RemindLead < 0 }},
		{"set remind default", "when 75% of your time for a move has passed", func(p *bot.PlayerRecord) bool { return p.RemindLead == 0 }},
		{"set remind 10m", `remind must be a time before the deadline from 15 minutes to 30 days, such as 12h, 90m or 1d, or off; not "10m"`, nil},
		{"set remind 31d", "from 15 minutes to 30 days", nil},
		{"set remind soon", `not "soon"`, nil},
		{"set remind", `say how long before a deadline to remind you, e.g. "set remind 12h"`, nil},
		{"set zone europe/berlin", "Times are now shown to you in Europe/Berlin (it is 10:00 CET there now).", func(p *bot.PlayerRecord) bool { return p.Zone == "Europe/Berlin" }},
		{"set zone Mars/Olympus", `time zone "Mars/Olympus" is not a zone the time zone database knows`, nil},
		{"set zone Local", "is the server's zone, not yours", nil},
		{"set digest daily 08:00 Europe/Berlin", "Every day at 08:00 Europe/Berlin you get one message listing the games waiting for you (none when nothing waits); the first is due 2026-11-22 08:00 CET.",
			func(p *bot.PlayerRecord) bool {
				return p.Digest != nil && p.Digest.At == "08:00" && p.Zone == "Europe/Berlin" && p.Digest.Next.Equal(time.Date(2026, 11, 22, 7, 0, 0, 0, time.UTC))
			}},
		{"set digest 8 pm America/New_York", "Every day at 20:00 America/New_York", func(p *bot.PlayerRecord) bool {
			return p.Digest.Next.Equal(time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC))
		}},
		{"set digest daily 7am", `say your time zone too, so that 07:00 is your 07:00: e.g. "set digest daily 07:00 Europe/Berlin"`, nil},
		{"set digest daily 25:00 Europe/Berlin", `the digest's time must be a time of day such as 08:00, 8am or 20:30, not "25:00"`, nil},
		{"set digest daily 08:00 Europe/Nowhere", `time zone "Europe/Nowhere" is not a zone`, nil},
		{"set digest", `say when, e.g. "set digest daily 08:00 Europe/Berlin"`, nil},
		{"set digest off", "Your daily digest is already off.", func(p *bot.PlayerRecord) bool { return p.Digest == nil }},
	} {
		h := newHarness(t)
		rs := h.send("ann", tc.text)
		if len(rs) != 1 || !strings.Contains(rs[0].Text(), tc.reply) {
			t.Errorf("%q: replies %q, want one saying %q", tc.text, allText(rs), tc.reply)
			continue
		}
		if tc.check == nil {
			if !strings.HasPrefix(rs[0].Text(), "Refused") {
				t.Errorf("%q was not refused: %s", tc.text, rs[0].Text())
			}
			continue
		}
		p, err := h.ref.Player(context.Background(), player("ann"))
		if err != nil {
			t.Fatal(err)
		}
		if !tc.check(p) {
			t.Errorf("%q: the record is %+v (digest %+v)", tc.text, p, p.Digest)
		}
	}
}

// TestRemindLead: a player's lead moves the reminder of their games in
// progress and of those they start later; "off" leaves only the loss on
// time; times are written in the player's zone.
func TestRemindLead(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "days=3")
	rs := h.send("ann", "set remind 12h; set zone Europe/Berlin")
	if txt := allText(rs); !strings.Contains(txt, "(now in "+id+")") {
		t.Errorf("set remind does not name the game it changed: %s", txt)
	}
	if g := h.game(id); g.Wake != g.Deadline.Add(-12*time.Hour) {
		t.Errorf("wake %s, want 12 hours before the deadline %s", g.Wake, g.Deadline)
	}
	h.clock.Advance(3*24*time.Hour - 12*time.Hour - time.Minute)
	if rs := h.tick(); len(rs) != 0 {
		t.Fatalf("a reminder a minute early: %s", allText(rs))
	}
	h.clock.Advance(time.Minute)
	rs = h.tick()
	txt := textTo(rs, "ann")
	if !strings.Contains(txt, "Reminder: it is your turn in game "+id) || !strings.Contains(txt, "you have 12 hours left, until 2026-11-24 10:00 CET") {
		t.Errorf("reminder: %q", txt)
	}

	// bob wants none: his turn passes without a reminder, to the loss on time
	h.send("bob", "set remind off")
	h.send("ann", "a1")
	h.send("ann", "ps a1")
	if g := h.game(id); g.Remind[1] >= 0 || !g.Wake.Equal(g.Deadline) {
		t.Fatalf("bob's game: remind %v, wake %s, deadline %s", g.Remind, g.Wake, g.Deadline)
	}
	h.clock.Advance(3*24*time.Hour - time.Minute)
	if rs := h.tick(); len(rs) != 0 {
		t.Fatalf("bob was reminded: %s", allText(rs))
	}
	h.clock.Advance(time.Minute)
	if txt := allText(h.tick()); !strings.Contains(txt, "ran out of time") {
		t.Errorf("no loss on time: %s", txt)
	}

	// a new game takes each player's lead from the start
	id2 := h.start("ann", "bob", "days=1")
	if g := h.game(id2); g.Remind != [2]time.Duration{12 * time.Hour, -1} || !g.Wake.Equal(g.Deadline.Add(-12*time.Hour)) {
		t.Errorf("new game: remind %v wake %s deadline %s", g.Remind, g.Wake, g.Deadline)
	}
}

// TestDigest: one message a day at the player's time in their zone,
// listing the games waiting for them with deadlines in their zone;
// nothing on a day when none waits; never twice for a day.
func TestDigest(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "days=5")
	h.start("bob", "ann", "days=5") // ann's the opponent's move there
	h.send("carl", "new ann")       // a challenge for ann to answer
	h.send("ann", "set digest daily 08:00 Europe/Berlin")
	h.clock.Advance(22*time.Hour - time.Second) // 07:59:59 CET on the 22nd
	if rs := h.tick(); len(rs) != 0 {
		t.Fatalf("a digest before its time: %s", allText(rs))
	}
	h.clock.Advance(time.Second)
	rs := h.tick()
	if len(rs) != 1 || rs[0].To.Address != "ann" || rs[0].Class != bot.Event {
		t.Fatalf("want one digest event to ann, got %s", allText(rs))
	}
	txt := rs[0].Text()
	for _, want := range []string{"Your daily digest, Sunday 22 November: 2 games are waiting for you.",
		id + " against bob, you play white: your turn (turn 1), due 2026-11-26 10:00 CET",
		"g3 against carl", "challenge to answer", "\"set digest off\" stops this message"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the digest lacks %q:\n%s", want, txt)
		}
	}
	if strings.Contains(txt, "g2") {
		t.Errorf("the digest lists g2, where bob is to move:\n%s", txt)
	}
	if rs := h.tick(); len(rs) != 0 {
		t.Fatalf("a second digest the same day: %s", allText(rs))
	}
	// nothing waits the next day: nothing is sent
	h.send("ann", "game "+id+"; ps a1")
	h.send("ann", "game g3; decline")
	h.clock.Advance(24 * time.Hour)
	if rs := h.tick(); len(rs) != 0 {
		t.Fatalf("a digest with nothing waiting: %s", allText(rs))
	}
	p, err := h.ref.Player(context.Background(), player("ann"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Digest.Last != "2026-11-23" || !p.Digest.Next.Equal(time.Date(2026, 11, 24, 7, 0, 0, 0, time.UTC)) {
		t.Errorf("after the empty day: %+v", p.Digest)
	}
	h.send("ann", "set digest off")
	h.clock.Advance(24 * time.Hour)
	h.send("bob", "game "+id+"; ps e5") // ann's turn again
	if rs := h.tick(); len(rs) != 0 {
		t.Fatalf("a digest after set digest off: %s", allText(rs))
	}
}

// TestDigestSurvivesRestart: on a bbolt file, a digest due while the
// referee was down goes out once when it is back, and a restart right
// after sending it does not send it again.
func TestDigestSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "takbot.db")
	clock := newClock()
	open := func() (*bot.Referee, *storage.DB) {
		db, err := storage.Open(path, storage.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		ref := bot.New(db, clock, bot.Options{Rand: func(int) int { return 0 }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Render: func(bot.Picture) ([]byte, error) { return []byte("png"), nil }})
		ref.Register(&capture{info: consoleInfo()})
		return ref, db
	}
	ctx := context.Background()
	send := func(ref *bot.Referee, n int, from, text string) {
		if _, err := ref.Handle(ctx, bot.Message{ID: "m" + itoa(n), From: player(from), Name: from, Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	ref, db := open()
	send(ref, 1, "bob", "new ann color=black days=10")
	send(ref, 2, "ann", "accept")
	send(ref, 3, "ann", "set digest daily 8am America/New_York")
	db.Close()

	clock.Advance(3 * 24 * time.Hour) // down over three 08:00s
	for round := range 2 {
		ref, db = open()
		rs, err := ref.Tick(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var digests int
		for _, r := range rs {
			if strings.Contains(r.Text(), "Your daily digest") {
				digests++
			}
		}
		if want := 1 - round; digests != want {
			t.Errorf("restart %d: %d digests, want %d: %s", round, digests, want, allText(rs))
		}
		db.Close()
	}
	ref, db = open()
	defer db.Close()
	p, err := ref.Player(ctx, player("ann"))
	if err != nil {
		t.Fatal(err)
	}
	// back at 04:00 EST on the 24th: the missed digests went out as one,
	// which serves the 24th too, so the next is the 25th's
	if !p.Digest.Next.Equal(time.Date(2026, 11, 25, 13, 0, 0, 0, time.UTC)) {
		t.Errorf("next digest %s, want 2026-11-25 08:00 EST", p.Digest.Next)
	}
}

// TestUnverifiedTimeSettings: a message the transport cannot vouch for
// may show the settings but not change the reminder, zone or digest, nor
// challenge from a position: they are of the settings and third-party
// classes.
func TestUnverifiedTimeSettings(t *testing.T) {
	h := newHarness(t)
	for _, text := range []string{"set remind 12h", "set zone Europe/Berlin", "set digest daily 08:00 Europe/Berlin", "set digest off",
		"new bob tps=x5/x5/x5/x5/x5 2 3 stones1=18"} {
		out := h.message(bot.Message{From: player("alice"), Text: text, Unverified: true})
		if !out.Refused || !strings.Contains(allText(out.Replies), "would change something. Nothing was changed.") {
			t.Errorf("unverified %q ran: %s", text, allText(out.Replies))
		}
	}
	out := h.message(bot.Message{From: player("alice"), Text: "settings", Unverified: true})
	if out.Refused || !strings.Contains(allText(out.Replies), "Daily digest: off.") {
		t.Errorf("unverified \"settings\": %s", allText(out.Replies))
	}
	p, err := h.ref.Player(context.Background(), player("alice"))
	if err == nil && (p.RemindLead != 0 || p.Zone != "" || p.Digest != nil) {
		t.Errorf("alice's record changed: %+v", p)
	}
}
