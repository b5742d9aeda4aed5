package mailplay_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/localmail"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/record"
)

// backlogGames is how many games have a move waiting in the bot's
// mailbox in BenchmarkBacklog1000: one mail each.
const backlogGames = 1000

// backlogServers is a mail system the backlog benchmark fills: it delivers
// mail straight into a mailbox, as an MTA does while the bot is down.
type backlogServers interface {
	mailServers
	Deliver(ctx context.Context, from string, to []string, raw []byte) error
}

// backlogSystem names a mail system and starts it with the given users
// (the bot's password is botPassword, a player's passwordOf).
type backlogSystem struct {
	name  string
	start func(b *testing.B, players []string) backlogServers
}

// backlogSystems are the systems BenchmarkBacklog1000 runs on; the
// dovecot build tag adds Dovecot.
var backlogSystems = []backlogSystem{{name: "localmail", start: startLocalBacklog}}

func startLocalBacklog(b *testing.B, players []string) backlogServers {
	sys := startLocalSystem(b, localmail.Options{})
	for _, p := range players {
		if err := sys.AddUser(p, passwordOf(p)); err != nil {
			b.Fatal(err)
		}
	}
	return sys
}

// BenchmarkBacklog1000 measures the catching up after downtime: 1,000
// games each have a move by the side to move waiting in the bot's INBOX
// (a reply to the bot's "your move" mail, from the common clients'
// styles and formats), then the bot starts. The time runs from the start
// of its receive loop until every move is handled and both players of
// each game have been sent their full reply (text, HTML and the board
// picture). The database syncs every commit, as takbot serve's does.
// Reported: mails/s answered.
func BenchmarkBacklog1000(b *testing.B) {
	for _, sys := range backlogSystems {
		// The delivery pipeline's replies in flight: 8 is the default,
		// 4 was; side by side, since SMTP round trips bound the rate.
		for _, concurrency := range []int{4, 8} {
			b.Run(fmt.Sprintf("%s/concurrency=%d", sys.name, concurrency), func(b *testing.B) {
				var elapsed time.Duration
				for range b.N {
					elapsed += backlogRound(b, sys, concurrency)
				}
				b.ReportMetric(float64(backlogGames*b.N)/elapsed.Seconds(), "mails/s")
			})
		}
	}
}

// backlogRound prepares one backlog (untimed) and returns how long the
// bot took to answer it.
func backlogRound(b *testing.B, sys backlogSystem, concurrency int) time.Duration {
	b.StopTimer()
	players := make([]string, 2*backlogGames)
	for i := range players {
		players[i] = fmt.Sprintf("p%04d@example.test", i)
	}
	mail := sys.start(b, players)
	h := startBot(b, mail, harnessOptions{noStart: true, sync: true, concurrency: concurrency})
	games := h.startGames(players)
	queueMoves(b, h, mail, players, games)

	b.StartTimer()
	start := time.Now()
	h.run()
	for range backlogGames {
		if ev := h.nextEvent(); ev.Outcome != mailplay.MailHandled {
			b.Fatalf("mail %d from %s: %s (%s)", ev.UID, ev.From, ev.Outcome, ev.Detail)
		}
	}
	handled := time.Since(start)
	h.waitDelivered(2 * backlogGames) // the mover's and the opponent's
	elapsed := time.Since(start)
	b.StopTimer()
	b.Logf("%d mails handled in %s, answered in %s", backlogGames, handled.Round(time.Millisecond), elapsed.Round(time.Millisecond))

	for i, g := range games {
		if rec := h.game(g); len(rec.Moves) != 1 {
			b.Fatalf("game %s of %s: %d moves, want 1", g, players[2*i], len(rec.Moves))
		}
	}
	if st, err := h.ref.Stats(context.Background()); err != nil || st.Pending != 0 {
		b.Fatalf("outbox after the backlog: %+v, %v", st, err)
	}
	h.stop()
	return elapsed
}

// startGames has players[2i] challenge players[2i+1] to a 5x5 game as
// white, and the challenged accept, through the referee (as if by mail),
// and waits until the delivery pipeline has sent every mail this
// caused. It returns the games, in order.
func (h *harness) startGames(players []string) []string {
	h.t.Helper()
	ctx := h.ctx()
	games := make([]string, len(players)/2)
	var mu sync.Mutex
	replies := 0
	var wg sync.WaitGroup
	errs := make(chan error, len(games))
	work := make(chan int)
	for range 8 {
		wg.Go(func() {
			for i := range work {
				white, black := players[2*i], players[2*i+1]
				out, err := h.ref.Handle(ctx, bot.Message{ID: fmt.Sprintf("setup-new-%d", i),
					From: record.Identity{Transport: mailplay.TransportName, Address: white}, Name: nameOf(white),
					Text: "new " + black + " size=5 color=white"})
				if err != nil || len(out.Games) != 1 || out.Refused {
					errs <- fmt.Errorf("challenge %d: %+v, %v", i, out, err)
					continue
				}
				game := out.Games[0]
				acc, err := h.ref.Handle(ctx, bot.Message{ID: fmt.Sprintf("setup-accept-%d", i),
					From: record.Identity{Transport: mailplay.TransportName, Address: black}, Name: nameOf(black),
					Text: "accept", Game: game})
				if err != nil || acc.Refused {
					errs <- fmt.Errorf("accept %d: %+v, %v", i, acc, err)
					continue
				}
				mu.Lock()
				games[i] = game
				replies += len(out.Replies) + len(acc.Replies)
				mu.Unlock()
			}
		})
	}
	for i := range games {
		work <- i
	}
	close(work)
	wg.Wait()
	close(errs)
	for err := range errs {
		h.t.Fatal(err)
	}
	h.waitDelivered(replies)
	return games
}

// nameOf is a test player's display name: "P0042" for p0042@...
func nameOf(addr string) string {
	local, _, _ := strings.Cut(addr, "@")
	return strings.ToUpper(local[:1]) + local[1:]
}

// queueMoves delivers, for each game, white's answer to the bot's "your
// move" mail straight into the bot's INBOX (the bot is not reading it):
// the first move, "ps a1" in Tak by Mail notation, in the styles and formats of the common clients.
func queueMoves(b *testing.B, h *harness, mail backlogServers, players []string, games []string) {
	b.Helper()
	ctx := h.ctx()
	for i, game := range games {
		white := players[2*i]
		stored, err := mail.Messages(white, "INBOX")
		if err != nil {
			b.Fatal(err)
		}
		var yourMove *demo.Mail
		for _, s := range stored {
			in, err := mailplay.ParseInbound(s.Raw)
			if err != nil {
				b.Fatal(err)
			}
			if tag, _ := mailplay.SubjectGameTag(in.Subject); tag == game && strings.Contains(in.FullText, "your move,") {
				yourMove = &demo.Mail{UID: s.UID, Raw: s.Raw, In: in}
			}
		}
		if yourMove == nil {
			b.Fatalf("%s never got the bot's \"your move\" mail of %s", white, game)
		}
		p := demo.Offline(white, nameOf(white), nil)
		style, format := demo.Styles[i%len(demo.Styles)], demo.Formats[(i/len(demo.Styles))%len(demo.Formats)]
		to, raw := p.Draft(yourMove, "ps a1", style, format)
		if err := mail.Deliver(ctx, white, []string{to}, raw); err != nil {
			b.Fatal(err)
		}
	}
}

// nextEvent waits for the transport to be done with a mail.
func (h *harness) nextEvent() mailplay.MailEvent {
	h.t.Helper()
	select {
	case ev := <-h.events:
		return ev
	case <-time.After(waitLimit):
		h.t.Fatal("no mail handled")
		return mailplay.MailEvent{}
	}
}

// waitDelivered waits until the delivery pipeline has delivered n
// replies, failing on a failed one.
func (h *harness) waitDelivered(n int) {
	h.t.Helper()
	for n > 0 {
		select {
		case r := <-h.results:
			switch r {
			case "delivered":
				n--
			case "failed":
				h.t.Fatal("the delivery pipeline failed a reply")
			}
		case <-time.After(waitLimit):
			h.t.Fatalf("the delivery pipeline still owes %d replies", n)
		}
	}
}
