package backoff

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestDelay(t *testing.T) {
	p := Policy{Min: 30 * time.Second, Max: time.Hour}
	cases := []struct {
		failures int
		want     time.Duration
	}{
		{0, 30 * time.Second}, // no failure yet: the first wait
		{1, 30 * time.Second},
		{2, time.Minute},
		{3, 2 * time.Minute},
		{7, 32 * time.Minute},
		{8, time.Hour}, // 64 minutes, capped
		{1000, time.Hour},
	}
	for _, c := range cases {
		if got := p.Delay(c.failures); got != c.want {
			t.Errorf("Delay(%d) = %v, want %v", c.failures, got, c.want)
		}
	}
	if got := (Policy{Min: time.Minute, Max: time.Second}).Delay(1); got != time.Second {
		t.Errorf("Max below Min: Delay(1) = %v, want the cap", got)
	}
}

func TestWaitJitter(t *testing.T) {
	p := Policy{Min: time.Minute, Max: 4 * time.Minute, Jitter: true}
	cases := []struct {
		name     string
		failures int
		rnd      func(int) int
		want     time.Duration
	}{
		{"lowest draw is half", 1, func(int) int { return 0 }, 30 * time.Second},
		{"highest draw is all", 1, func(n int) int { return n - 1 }, time.Minute},
		{"capped, highest", 5, func(n int) int { return n - 1 }, 4 * time.Minute},
		{"capped, lowest", 5, func(int) int { return 0 }, 2 * time.Minute},
	}
	for _, c := range cases {
		if got := p.Wait(c.failures, c.rnd); got != c.want {
			t.Errorf("%s: Wait(%d) = %v, want %v", c.name, c.failures, got, c.want)
		}
	}
	if got := (Policy{Min: time.Nanosecond, Max: time.Nanosecond, Jitter: true}).Wait(1, nil); got != time.Nanosecond {
		t.Errorf("a wait too short to halve: %v, want 1ns", got)
	}
	for range 100 {
		if got := p.Wait(2, nil); got < time.Minute || got > 2*time.Minute {
			t.Fatalf("Wait(2) with the default source = %v, want between 1m and 2m", got)
		}
	}
	if got := (Policy{Min: time.Minute, Max: time.Hour}).Wait(2, func(int) int { panic("drawn") }); got != 2*time.Minute {
		t.Errorf("without jitter: %v, want 2m and no draw", got)
	}
}

func TestCounter(t *testing.T) {
	c := Counter{Policy: Policy{Min: time.Second, Max: 4 * time.Second}}
	var got []time.Duration
	for range 4 {
		got = append(got, c.Fail())
	}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 4 * time.Second}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("waits %v, want %v", got, want)
		}
	}
	if c.Failures() != 4 {
		t.Errorf("Failures() = %d, want 4", c.Failures())
	}
	c.Reset()
	if c.Failures() != 0 || c.Fail() != time.Second {
		t.Errorf("after Reset: failures %d, want the first wait again", c.Failures())
	}
}

// fakeClock is a Timer whose waits end when the test says.
type fakeClock struct{ asked chan time.Duration }

func (f fakeClock) Now() time.Time { return time.Time{} }
func (f fakeClock) After(d time.Duration) <-chan time.Time {
	f.asked <- d
	ch := make(chan time.Time, 1)
	ch <- time.Time{}
	return ch
}

func TestAfterUsesTheClock(t *testing.T) {
	f := fakeClock{asked: make(chan time.Duration, 1)}
	if err := Sleep(context.Background(), f, time.Hour); err != nil {
		t.Fatalf("Sleep: %v", err)
	}
	if d := <-f.asked; d != time.Hour {
		t.Errorf("the clock was asked for %v, want 1h", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Sleep(ctx, nil, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("Sleep after the end: %v, want context.Canceled", err)
	}
}
