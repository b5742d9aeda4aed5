//go:build dovecot

package mailplay_test

import (
	"slices"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/demo"
)

func init() {
	backlogSystems = append(backlogSystems, backlogSystem{name: "dovecot", start: startDovecotBacklog})
}

func startDovecotBacklog(b *testing.B, players []string) backlogServers {
	return startDovecot(b, players...)
}

// BenchmarkDovecotMoveLatency measures one move of a real game on
// loopback Dovecot: from the player's answer entering the bot's INBOX
// (over LMTP, as the MTA delivers it) until the bot's replies are
// delivered into both players' mailboxes (Dovecot's front answers SMTP
// once LMTP has stored the mail); the opponent's client then reads the
// "your move" mail to answer it. alice and bob play a game that never
// ends; each iteration is one move. Reported, in milliseconds: the
// median, 90th percentile and maximum. Dovecot tells the bot's IDLE of
// new mail about half a second after it arrives (its notify delay). The
// database syncs every commit, as takbot serve's does.
func BenchmarkDovecotMoveLatency(b *testing.B) {
	srv := startDovecot(b)
	h := startBot(b, srv, harnessOptions{sync: true})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	_, yourMove, _ := h.startGame(alice, bob)
	h.drainResults()
	var moves []string
	var delivered []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if i >= len(moves) {
			moves = shuttle(2*i + 2)
		}
		mover, opponent := alice, bob
		if i%2 == 1 {
			mover, opponent = bob, alice
		}
		to, raw := mover.Draft(yourMove, moves[i], demo.Gmail, demo.Alternative)
		start := time.Now()
		if err := srv.Deliver(h.ctx(), mover.Address, []string{to}, raw); err != nil {
			b.Fatal(err)
		}
		h.waitDelivered(2) // to the mover and the opponent
		delivered = append(delivered, time.Since(start))
		yourMove = h.next(opponent, "your move,")
	}
	b.StopTimer()
	slices.Sort(delivered)
	b.ReportMetric(ms(percentile(delivered, 50)), "ms-median")
	b.ReportMetric(ms(percentile(delivered, 90)), "ms-p90")
	b.ReportMetric(ms(percentile(delivered, 100)), "ms-max")
}

// percentile is the p-th percentile of sorted durations (nearest rank).
func percentile(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[max(0, min(i-1, len(sorted)-1))]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// drainResults forgets the delivery results reported so far.
func (h *harness) drainResults() {
	for {
		select {
		case <-h.results:
		default:
			return
		}
	}
}
