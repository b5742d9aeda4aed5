package yearbench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
)

// Workload describes a simulated year (or week) of play.
type Workload struct {
	Games int           // games played
	Plies int           // moves per game; a finished game ends with a resignation
	Span  time.Duration // the games start evenly over this span, ending now
	Pace  time.Duration // time between two moves of one game
	// Prune runs the referee's retention once a simulated day.
	Prune bool
	// Retention is the referee's retention (0: its default, 90 days).
	Retention time.Duration
}

// Year is the workload of the issue: 10,000 games of 30 moves over the last
// 12 months, about 1,000 still in progress.
var Year = Workload{Games: 10000, Plies: 30, Span: 365 * 24 * time.Hour, Pace: 29 * time.Hour, Prune: true}

// Week is the same games all played in the last week: nothing is old
// enough to prune.
var Week = Workload{Games: 10000, Plies: 30, Span: 7 * 24 * time.Hour, Pace: 10 * time.Minute, Prune: true}

// clock is the simulated time, moved on by the generator.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// sink is a transport that takes every reply.
type sink struct{}

func (sink) Info() bot.TransportInfo {
	return bot.TransportInfo{Name: "load", ParseAddress: func(s string) (string, bool) { return s, !strings.ContainsAny(s, "@:=") }}
}
func (sink) Send(context.Context, *bot.Reply) error { return nil }

// moveText is the i-th move of a game that never ends on the board: after
// the opening each player shuttles one flat.
func moveText(i int) string {
	switch i {
	case 0:
		return "Ff6"
	case 1:
		return "Fa1"
	}
	return []string{"a1>", "f6<", "b1<", "e6>"}[(i-2)%4]
}

// event is one message of the simulation.
type event struct {
	at   time.Time
	from string
	text string
	id   string
}

// Generate plays the workload into a new database at path, ending at end.
func Generate(ctx context.Context, path string, w Workload, end time.Time) error {
	db, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		return err
	}
	defer db.Close()
	start := end.Add(-w.Span)
	clk := &clock{t: start}
	ref := bot.New(db, clk, bot.Options{Rand: func(int) int { return 0 }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		DefaultDays: 7, Retention: w.Retention, Delivery: bot.DeliveryOptions{Concurrency: 64}})
	ref.Register(sink{})
	// Every message of the year, by day.
	days := map[int][]event{}
	day := func(t time.Time) int { return int(t.Sub(start) / (24 * time.Hour)) }
	for g := 0; g < w.Games; g++ {
		t0 := start.Add(time.Duration(int64(w.Span) / int64(w.Games) * int64(g)))
		white, black := fmt.Sprintf("w%d", g), fmt.Sprintf("b%d", g)
		evs := []event{{t0, white, "new " + black + " size=6 color=white days=7", "n"}, {t0.Add(time.Minute), black, "accept", "a"}}
		for i := 0; i < w.Plies; i++ {
			from := white
			if i%2 == 1 {
				from = black
			}
			evs = append(evs, event{t0.Add(time.Duration(i+1) * w.Pace), from, fmt.Sprintf("%s #%d", moveText(i), i+1), fmt.Sprint("m", i)})
		}
		evs = append(evs, event{t0.Add(time.Duration(w.Plies+1) * w.Pace), black, "resign", "r"})
		for _, e := range evs {
			if e.at.After(end) {
				break
			}
			e.id = fmt.Sprintf("%d-%s", g, e.id)
			days[day(e.at)] = append(days[day(e.at)], e)
		}
	}
	dctx, stop := context.WithCancel(ctx)
	defer stop()
	delivered := make(chan struct{})
	go func() { ref.RunDelivery(dctx); close(delivered) }()
	defer func() { stop(); <-delivered }()
	last := day(end)
	for d := 0; d <= last; d++ {
		evs := days[d]
		// A game's messages of the day in order; games in parallel. A
		// challenge is accepted in the game's own goroutine.
		byGame := map[string][]event{}
		var order []string
		for _, e := range evs {
			g := e.id[:strings.IndexByte(e.id, '-')]
			if _, ok := byGame[g]; !ok {
				order = append(order, g)
			}
			byGame[g] = append(byGame[g], e)
		}
		clk.set(start.Add(time.Duration(d+1) * 24 * time.Hour).Add(-time.Second))
		if clk.Now().After(end) {
			clk.set(end)
		}
		var wg sync.WaitGroup
		errs := make(chan error, len(order))
		sem := make(chan struct{}, 64)
		for _, g := range order {
			wg.Add(1)
			sem <- struct{}{}
			go func(evs []event) {
				defer wg.Done()
				defer func() { <-sem }()
				for _, e := range evs {
					if _, err := ref.Handle(ctx, bot.Message{ID: e.id, From: bot.Identity{Transport: "load", Address: e.from}, Text: e.text, Received: e.at}); err != nil {
						errs <- err
						return
					}
				}
			}(byGame[g])
		}
		wg.Wait()
		close(errs)
		if err := <-errs; err != nil {
			return err
		}
		if _, err := ref.Tick(ctx); err != nil {
			return err
		}
		if err := waitDelivered(ctx, ref); err != nil {
			return err
		}
		if w.Prune {
			if _, err := ref.Prune(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// waitDelivered waits until the outbox is empty.
func waitDelivered(ctx context.Context, ref *bot.Referee) error {
	for {
		st, err := ref.Stats(ctx)
		if err != nil {
			return err
		}
		if st.Pending == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Millisecond):
		}
	}
}
