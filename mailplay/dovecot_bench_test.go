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
// (over LMTP, as the MTA delivers it) until the opponent's mail client,
// waiting with IDLE, sees the bot's "your move" mail. alice and bob play
// a game that never ends; each iteration is one move. Reported: the
// median and 90th percentile in milliseconds. The database syncs every
// commit, as takbot serve's does.
func BenchmarkDovecotMoveLatency(b *testing.B) {
	srv := startDovecot(b)
	h := startBot(b, srv, harnessOptions{sync: true})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	_, yourMove, _ := h.startGame(alice, bob)
	var moves []string
	var took []time.Duration
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
		yourMove = h.next(opponent, "your move,")
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(ms(took[len(took)/2]), "ms-median")
	b.ReportMetric(ms(took[(len(took)*9)/10]), "ms-p90")
	b.ReportMetric(ms(took[len(took)-1]), "ms-max")
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
