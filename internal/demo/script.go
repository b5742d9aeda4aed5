package demo

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/mail"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/takbymail/takbot/mailplay"
)

// script plays the demo game and prints the transcript.
type script struct {
	w     *world
	out   io.Writer
	dir   string
	n     int    // mails printed so far
	game  string // the game's id, read from the bot's subject
	alice *Player
	bob   *Player
	// unread are the mails of the bot printed but not yet answered, per
	// player.
	unread map[*Player][]*Mail
	// printed are the Message-IDs of the mails printed, in order.
	printed []string
	// sentOrder maps the Message-ID of each mail the mail system
	// accepted to its place in the order of acceptance.
	sentOrder map[string]int
	sentSeen  int     // submissions of the mail system read into sentOrder
	last      *Player // who wrote the last mail to the bot
}

// turn is one scripted answer: who waits for a mail of the bot saying
// what, then answers it with text, imitating a client.
type turn struct {
	who    string // "alice" or "bob"
	waitOn string // a phrase of the mail answered
	text   string
	style  Style
	format Format
	note   string // why, printed above the mail
}

// The demo game on 5x5: alice (white) writes PTN, bob (black) Tak by Mail
// notation; bob's board drifts and he resynchronises; alice disputes a
// move; alice wins by a road along the south edge.
var demoTurns = []turn{
	{who: "alice", waitOn: "cannot tell that you sent it", text: "", style: Gmail, format: Plain,
		note: "alice's mail did not come through a personal reply address, so the bot asks her real mailbox to confirm it; she replies."},
	{who: "bob", waitOn: "challenges you", text: "accept", style: Outlook, format: HTMLOnly,
		note: "bob accepts from Outlook, in HTML only."},
	{who: "alice", waitOn: "your move,", text: "e5", style: Gmail, format: Alternative,
		note: "alice plays in PTN (swap opening: her first stone is black's)."},
	{who: "bob", waitOn: "your move,", text: "ps a1", style: Thunderbird, format: Plain,
		note: "bob plays in Tak by Mail notation (A1 is the north-west corner)."},
	{who: "alice", waitOn: "your move,", text: "a1", style: Gmail, format: Alternative},
	{who: "bob", waitOn: "your move,", text: "ps a2", style: AppleMail, format: QuotedPrintable},
	{who: "alice", waitOn: "your move,", text: "b1", style: Gmail, format: Alternative},
	{who: "bob", waitOn: "your move,", text: "rs\ns 0 0 0 S\nS 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\ns 0 0 0 0", style: Mutt, format: Plain,
		note: "bob sends his board (rs); it misses alice's last stone."},
	{who: "bob", waitOn: "differs from the true board", text: "rs\ns 0 0 0 S\nS 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\ns s 0 0 0", style: Mutt, format: Plain,
		note: "bob fixes his board and sends it again."},
	{who: "bob", waitOn: "matches the true board", text: "ps b2", style: Thunderbird, format: Latin1,
		note: "Back in sync, bob plays (ISO-8859-1 from Thunderbird)."},
	{who: "alice", waitOn: "your move,", text: "c1", style: Gmail, format: Alternative},
	{who: "bob", waitOn: "your move,", text: "ps c2", style: Outlook, format: Plain},
	{who: "alice", waitOn: "your move,", text: "im c4 was taken already", style: Gmail, format: Alternative,
		note: "alice disputes bob's last move (im); the referee checks it and rules."},
	{who: "alice", waitOn: "Ruling:", text: "d1", style: Gmail, format: Alternative},
	{who: "bob", waitOn: "your move,", text: "ps e2", style: AppleMail, format: Alternative},
	{who: "alice", waitOn: "your move,", text: "e1", style: Gmail, format: Alternative,
		note: "alice completes a road from a1 to e1."},
}

// play runs the demo game.
func (s *script) play(ctx context.Context) (err error) {
	srv := s.w.servers()
	if s.alice, err = Connect(ctx, srv, AliceAddress, "Alice", alicePassword, nil); err != nil {
		return err
	}
	defer s.alice.Close()
	if s.bob, err = Connect(ctx, srv, BobAddress, "Bob", bobPassword, nil); err != nil {
		return err
	}
	defer s.bob.Close()

	s.say("alice writes to the bot's address from her usual mail client, in PTN, challenging bob.")
	first, err := s.alice.Write(ctx, BotAddress, "A game of Tak?", "notation ptn\nnew "+BobAddress+" size=5 color=white", Plain)
	if err != nil {
		return err
	}
	s.sent(s.alice, first, Gmail, Plain)
	for _, t := range demoTurns {
		p := s.player(t.who)
		m, err := s.await(ctx, p, t.waitOn)
		if err != nil {
			return fmt.Errorf("%s: %w", t.who, err)
		}
		if t.note != "" {
			s.say(t.note)
		}
		wr, err := p.Reply(ctx, m, t.text, t.style, t.format)
		if err != nil {
			return err
		}
		s.sent(p, wr, t.style, t.format)
	}
	for _, p := range []*Player{s.alice, s.bob} {
		if _, err := s.await(ctx, p, "Game over"); err != nil {
			return fmt.Errorf("%s: %w", p.Name, err)
		}
	}
	return nil
}

// settleEvery is how often await checks whether the bot has sent
// everything.
const settleEvery = 10 * time.Millisecond

// await returns the first mail of the bot to p that says want and that p
// has not answered yet. Once it has come, the bot has handled the mail
// that caused it; await waits until the bot has sent every mail that is
// due, then prints every mail the two players received meanwhile: first
// those to the player who wrote last, then those to the other, each in
// the order the mail server accepted them. So the transcript shows every
// mail after the one that caused it and before the next player's mail
// (bob's "Game begins" before alice's first move), and the same each run
// although the bot sends the mails of one change to both players at once.
func (s *script) await(ctx context.Context, p *Player, want string) (*Mail, error) {
	if m := s.take(p, want); m != nil {
		return m, nil
	}
	var got []arrived
	for found := false; !found; {
		m, err := p.Next(ctx)
		if err != nil {
			return nil, fmt.Errorf("waiting for a mail saying %q: %w", want, err)
		}
		got = append(got, arrived{p, m})
		found = strings.Contains(m.Text(), want)
	}
	if err := s.settle(ctx); err != nil {
		return nil, err
	}
	for _, q := range []*Player{s.alice, s.bob} {
		for {
			m, err := q.Poll()
			if err != nil {
				return nil, err
			}
			if m == nil {
				break
			}
			got = append(got, arrived{q, m})
		}
	}
	s.readSent()
	sort.SliceStable(got, func(i, j int) bool {
		if a, b := got[i].p == s.last, got[j].p == s.last; a != b {
			return a
		}
		return s.place(got[i].m) < s.place(got[j].m)
	})
	for _, r := range got {
		s.received(r.p, r.m)
		if s.unread == nil {
			s.unread = map[*Player][]*Mail{}
		}
		s.unread[r.p] = append(s.unread[r.p], r.m)
	}
	if m := s.take(p, want); m != nil {
		return m, nil
	}
	return nil, fmt.Errorf("waiting for a mail saying %q: it came but was not kept", want)
}

// arrived is a mail of the bot and the player who read it.
type arrived struct {
	p *Player
	m *Mail
}

// take removes and returns p's first unanswered mail saying want, with
// the printed mails before it; nil if there is none.
func (s *script) take(p *Player, want string) *Mail {
	for i, m := range s.unread[p] {
		if strings.Contains(m.Text(), want) {
			s.unread[p] = s.unread[p][i+1:]
			return m
		}
	}
	return nil
}

// settle waits until the bot has no mail left to send.
func (s *script) settle(ctx context.Context) error {
	tick := time.NewTicker(settleEvery)
	defer tick.Stop()
	for {
		st, err := s.w.ref.Stats(ctx)
		if err != nil {
			return err
		}
		if st.Pending == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for the bot to send its mail: %w", ctx.Err())
		case <-tick.C:
		}
	}
}

// readSent reads the mail system's new submissions into sentOrder.
func (s *script) readSent() {
	if s.sentOrder == nil {
		s.sentOrder = map[string]int{}
	}
	subs := s.w.sys.Sent()
	for ; s.sentSeen < len(subs); s.sentSeen++ {
		if msg, err := mail.ReadMessage(bytes.NewReader(subs[s.sentSeen].Raw)); err == nil {
			s.sentOrder[normalID(msg.Header.Get("Message-Id"))] = s.sentSeen
		}
	}
}

// place is where a mail came in the mail system's order of acceptance
// (after every known one if it is unknown).
func (s *script) place(m *Mail) int {
	if i, ok := s.sentOrder[normalID(m.In.MessageID)]; ok {
		return i
	}
	return len(s.sentOrder)
}

// normalID is a Message-ID without its angle brackets.
func normalID(id string) string { return strings.Trim(strings.TrimSpace(id), "<>") }

func (s *script) player(who string) *Player {
	if who == "bob" {
		return s.bob
	}
	return s.alice
}

// say prints a narrator's line.
func (s *script) say(line string) { fmt.Fprintf(s.out, "\n>>> %s\n", line) }

// sent prints and saves a player's mail.
func (s *script) sent(p *Player, wr *Written, st Style, f Format) {
	in, err := mailplay.ParseInbound(wr.Raw)
	if err != nil {
		fmt.Fprintf(s.out, "(unreadable mail: %v)\n", err)
		return
	}
	s.n++
	s.last = p
	s.printed = append(s.printed, normalID(in.MessageID))
	head := fmt.Sprintf("%s → bot (as %s, %s)", local(p.Address), st, f)
	s.print(head, in, collapseQuotes(in.FullText))
	s.save(p.Address, "bot", wr.Raw)
}

// received prints and saves a mail of the bot a player read.
func (s *script) received(p *Player, m *Mail) {
	s.n++
	if s.game == "" {
		if g, ok := mailplay.SubjectGameTag(m.In.Subject); ok {
			s.game = g
		}
	}
	s.printed = append(s.printed, normalID(m.In.MessageID))
	s.print("bot → "+local(p.Address), m.In, strings.TrimRight(m.Text(), "\n"))
	s.save("bot", p.Address, m.Raw)
	for _, pic := range pictures(m.Raw) {
		path := filepath.Join(s.dir, pic.name)
		what := "picture"
		if pic.file {
			what = "file"
		}
		if err := os.WriteFile(path, pic.png, 0o644); err == nil {
			fmt.Fprintf(s.out, "  [%s saved: %s]\n", what, path)
		}
	}
}

// print writes one mail of the transcript.
func (s *script) print(head string, in *mailplay.Inbound, text string) {
	bar := strings.Repeat("─", max(0, 66-len([]rune(head))))
	fmt.Fprintf(s.out, "\n── %d. %s %s\n", s.n, head, bar)
	fmt.Fprintf(s.out, "From:    %s\n", in.From.String())
	var to []string
	for _, a := range in.To {
		to = append(to, a.String())
	}
	fmt.Fprintf(s.out, "To:      %s\n", strings.Join(to, ", "))
	fmt.Fprintf(s.out, "Subject: %s\n\n", in.Subject)
	for _, l := range strings.Split(text, "\n") {
		fmt.Fprintf(s.out, "  %s\n", l)
	}
}

// save writes a mail as NN-FROM-to-TO.eml.
func (s *script) save(from, to string, raw []byte) {
	name := fmt.Sprintf("%02d-%s-to-%s.eml", s.n, local(from), local(to))
	_ = os.WriteFile(filepath.Join(s.dir, name), raw, 0o644)
}

// local is the local part of an address.
func local(addr string) string {
	if i := strings.IndexByte(addr, '@'); i >= 0 {
		return addr[:i]
	}
	return addr
}

// collapseQuotes shortens runs of quoted lines, and the mail an Outlook
// header block carries, to one line saying how many there were.
func collapseQuotes(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var out []string
	quoted := 0
	flush := func() {
		if quoted > 0 {
			out = append(out, fmt.Sprintf("> [%d quoted lines]", quoted))
			quoted = 0
		}
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "________________________________") {
			flush()
			out = append(out, l, fmt.Sprintf("[the answered mail follows: %d lines]", len(lines)-i-1))
			break
		}
		if strings.HasPrefix(l, ">") {
			quoted++
			continue
		}
		flush()
		out = append(out, l)
	}
	flush()
	return strings.Join(out, "\n")
}
