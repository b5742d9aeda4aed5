package mailplay

import (
	"slices"
	"testing"
	"time"
)

// TestAnswerSchedule: under a limit per sliding hour, each answer waits
// until the answer limit places before it (sent or scheduled) is an hour
// old; with room in the hour, answers go at once.
func TestAnswerSchedule(t *testing.T) {
	now := time.Date(2026, 11, 28, 9, 10, 0, 0, time.UTC)
	at := func(hm string) time.Time {
		d, _ := time.ParseDuration(hm)
		return time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC).Add(d)
	}
	sent := func(hms ...string) []rateEntry {
		var out []rateEntry
		for i, hm := range hms {
			out = append(out, rateEntry{Hash: string(rune('a' + i)), At: at(hm).Unix()})
		}
		return out
	}
	for _, c := range []struct {
		name   string
		recent []rateEntry
		n      int
		limit  int
		want   []time.Time
	}{
		{"room", sent("9h0m"), 2, 3, []time.Time{now, now}},
		{"full", sent("9h0m", "9h5m", "9h8m"), 4, 3, []time.Time{at("10h0m"), at("10h5m"), at("10h8m"), at("11h0m")}},
		{"one free", sent("9h0m", "9h5m"), 3, 3, []time.Time{now, at("10h0m"), at("10h5m")}},
		{"older than the hour", sent("8h0m", "8h9m", "9h5m"), 3, 2, []time.Time{now, at("10h5m"), at("10h10m")}},
	} {
		got := answerSchedule(c.recent, now, c.n, c.limit)
		if !slices.EqualFunc(got, c.want, time.Time.Equal) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestHeldNoteText: one held answer says until when; several say when
// the first and the last go out, with the date when it is not today.
func TestHeldNoteText(t *testing.T) {
	now := time.Date(2026, 11, 28, 23, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		n           int
		first, last time.Time
		want        string
	}{
		{1, now.Add(20 * time.Minute), now.Add(20 * time.Minute), "1 answer to you is held back until 23:50 UTC by the hourly limit of 30 mails to one address."},
		{4, now.Add(20 * time.Minute), now.Add(50 * time.Minute),
			"4 answers to you are held back by the hourly limit of 30 mails to one address: the first goes out at 23:50 UTC, the last at 2026-11-29 00:20 UTC."},
	} {
		if got := heldNoteText(c.n, c.first, c.last, now, 30); got != c.want {
			t.Errorf("heldNoteText(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
