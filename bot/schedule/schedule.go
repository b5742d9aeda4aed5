package schedule

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeOfDay is a wall-clock time, hours 0 to 23 and minutes 0 to 59.
type TimeOfDay struct{ Hour, Minute int }

// String writes the time of day as "08:00".
func (t TimeOfDay) String() string { return fmt.Sprintf("%02d:%02d", t.Hour, t.Minute) }

// ErrTimeOfDay is wrapped by every error of ParseTimeOfDay.
var ErrTimeOfDay = errors.New("not a time of day")

// ParseTimeOfDay reads a time of day: 24-hour "08:00", "8:00", "20:30",
// "8" or "20", or 12-hour "8am", "8:30 pm", "12am" (midnight), "12pm"
// (noon); "noon" and "midnight" too. Case and a space before am/pm do
// not matter.
func ParseTimeOfDay(s string) (TimeOfDay, error) {
	v := strings.ToLower(strings.Join(strings.Fields(s), ""))
	switch v {
	case "noon":
		return TimeOfDay{12, 0}, nil
	case "midnight":
		return TimeOfDay{0, 0}, nil
	}
	bad := func(why string) (TimeOfDay, error) {
		return TimeOfDay{}, fmt.Errorf("%q %s: %w", excerpt(s), why, ErrTimeOfDay)
	}
	half := ""
	for _, suffix := range []string{"am", "pm", "a.m.", "p.m."} {
		if strings.HasSuffix(v, suffix) {
			half, v = suffix[:1], strings.TrimSuffix(v, suffix)
			break
		}
	}
	hs, ms, hasMin := strings.Cut(v, ":")
	if !hasMin {
		hs, ms, hasMin = strings.Cut(v, ".")
	}
	h, err := strconv.Atoi(hs)
	if err != nil || hs == "" || len(hs) > 2 || hs[0] == '+' || hs[0] == '-' {
		return bad("is not a time of day such as 08:00 or 8am")
	}
	m := 0
	if hasMin {
		if len(ms) != 2 {
			return bad("needs two digits of minutes, as in 08:30")
		}
		if m, err = strconv.Atoi(ms); err != nil || ms[0] == '+' || ms[0] == '-' || m > 59 {
			return bad("has minutes beyond 59")
		}
	}
	switch half {
	case "":
		if h > 23 {
			return bad("has hours beyond 23")
		}
	default:
		if h < 1 || h > 12 {
			return bad("needs an hour from 1 to 12 before am or pm")
		}
		h %= 12
		if half == "p" {
			h += 12
		}
	}
	return TimeOfDay{h, m}, nil
}

// ZoneError says why a zone name was refused.
type ZoneError struct {
	Name   string // the name as given (cut to 40 characters)
	Reason string // "is not a zone name such as Europe/Berlin"
}

func (e *ZoneError) Error() string { return fmt.Sprintf("time zone %q %s", e.Name, e.Reason) }

// maxZoneName bounds a zone name; the longest IANA name has 32 characters.
const maxZoneName = 40

// LoadZone reads an IANA time zone name such as "Europe/Berlin",
// "America/New_York" or "UTC". "Local" (the server's zone, not the
// player's), empty names, paths and names the zone database does not
// know are refused with a *ZoneError.
func LoadZone(name string) (*time.Location, error) {
	n := strings.TrimSpace(name)
	switch {
	case n == "":
		return nil, &ZoneError{Name: n, Reason: "is empty: name a zone such as Europe/Berlin"}
	case len(n) > maxZoneName:
		return nil, &ZoneError{Name: excerpt(n), Reason: fmt.Sprintf("is too long to be a zone name (at most %d characters)", maxZoneName)}
	case strings.EqualFold(n, "local"):
		return nil, &ZoneError{Name: n, Reason: "is the server's zone, not yours: name yours, such as Europe/Berlin"}
	case strings.EqualFold(n, "utc") || strings.EqualFold(n, "gmt") || n == "Z":
		return time.UTC, nil
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/_-+", r)) {
			return nil, &ZoneError{Name: n, Reason: "is not a zone name such as Europe/Berlin or America/New_York"}
		}
	}
	if strings.HasPrefix(n, "/") || strings.Contains(n, "//") {
		return nil, &ZoneError{Name: n, Reason: "is not a zone name such as Europe/Berlin or America/New_York"}
	}
	loc, err := time.LoadLocation(n)
	if err != nil {
		loc, err = time.LoadLocation(zoneCase(n)) // "europe/berlin"
	}
	if err != nil {
		return nil, &ZoneError{Name: n, Reason: "is not a zone the time zone database knows; write it as Region/City, such as Europe/Berlin or America/New_York"}
	}
	return loc, nil
}

// Day returns the calendar day of t in loc, as "2006-01-02"; such days
// sort as strings.
func Day(t time.Time, loc *time.Location) string { return t.In(loc).Format(time.DateOnly) }

// NextDaily returns the first instant strictly after after at which a
// schedule firing daily at tod in loc fires, skipping the days up to and
// including skipThrough (a Day, "" to skip none), so that a day already
// served is never served again.
func NextDaily(after time.Time, tod TimeOfDay, loc *time.Location, skipThrough string) time.Time {
	local := after.In(loc)
	y, m, d := local.Date()
	for i := 0; ; i++ {
		t := fireOn(y, m, d+i, tod, loc)
		if t.After(after) && Day(t, loc) > skipThrough {
			return t
		}
	}
}

// fireOn is when a daily schedule at tod fires on the local day y-m-d.
func fireOn(y int, m time.Month, d int, tod TimeOfDay, loc *time.Location) time.Time {
	t := time.Date(y, m, d, tod.Hour, tod.Minute, 0, 0, loc)
	day := time.Date(y, m, d, 12, 0, 0, 0, loc) // normalized day (d may overflow the month)
	if t.Hour() != tod.Hour || t.Minute() != tod.Minute {
		// tod falls in a gap: fire when the clocks jump, at the start of
		// the zone period that follows the gap.
		start, end := t.ZoneBounds()
		if t.Hour()*60+t.Minute() > tod.Hour*60+tod.Minute || !sameDay(t, day) {
			return start
		}
		return end
	}
	// tod may occur twice (clocks going back): take the first.
	for _, back := range []time.Duration{time.Hour, 30 * time.Minute, 2 * time.Hour} {
		if e := t.Add(-back); e.Hour() == tod.Hour && e.Minute() == tod.Minute && sameDay(e, day) {
			return e
		}
	}
	return t
}

// zoneCase writes a zone name as the database spells most: a capital
// after the start, "/", "_" and "-", the rest lower case
// ("america/new_york" is "America/New_York").
func zoneCase(n string) string {
	b := []byte(strings.ToLower(n))
	for i := range b {
		if (i == 0 || strings.IndexByte("/_-", b[i-1]) >= 0) && b[i] >= 'a' && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

func sameDay(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd
}

func excerpt(s string) string {
	if r := []rune(s); len(r) > maxZoneName {
		return string(r[:maxZoneName]) + "…"
	}
	return s
}

// maxDuration bounds what ParseDuration reads (a year), so that no sum
// of terms overflows.
const maxDuration = 366 * 24 * time.Hour

// ErrDuration is wrapped by every error of ParseDuration.
var ErrDuration = errors.New("not a duration")

// ParseDuration reads a span of time as players write it: "12h", "90m",
// "1d", "1d12h", "2 days", "1h30m", "36 hours". Units are days (d, day,
// days), hours (h, hr, hour, hours) and minutes (m, min, mins, minute,
// minutes); numbers are whole; at most a year.
func ParseDuration(s string) (time.Duration, error) {
	v := strings.ToLower(strings.Join(strings.Fields(s), ""))
	bad := func() (time.Duration, error) {
		return 0, fmt.Errorf("%q is not a span of time such as 12h, 90m or 1d: %w", excerpt(s), ErrDuration)
	}
	if v == "" {
		return bad()
	}
	units := []struct {
		names []string
		d     time.Duration
	}{
		{[]string{"days", "day", "d"}, 24 * time.Hour},
		{[]string{"hours", "hour", "hrs", "hr", "h"}, time.Hour},
		{[]string{"minutes", "minute", "mins", "min", "m"}, time.Minute},
	}
	var total time.Duration
	for v != "" {
		i := 0
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
		if i == 0 || i > 5 {
			return bad()
		}
		n, _ := strconv.Atoi(v[:i])
		v = v[i:]
		found := false
		for _, u := range units {
			for _, name := range u.names {
				if strings.HasPrefix(v, name) {
					if total += time.Duration(n) * u.d; total > maxDuration {
						return 0, fmt.Errorf("%q is longer than a year: %w", excerpt(s), ErrDuration)
					}
					v, found = v[len(name):], true
					break
				}
			}
			if found {
				break
			}
		}
		if !found {
			return bad()
		}
	}
	return total, nil
}

// FormatDuration writes a span as ParseDuration reads it, in words: "12
// hours", "1 day 12 hours", "90 minutes" is "1 hour 30 minutes".
func FormatDuration(d time.Duration) string {
	var parts []string
	add := func(n int64, one, many string) {
		switch {
		case n == 1:
			parts = append(parts, "1 "+one)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	d = d.Round(time.Minute)
	add(int64(d/(24*time.Hour)), "day", "days")
	add(int64(d%(24*time.Hour)/time.Hour), "hour", "hours")
	add(int64(d%time.Hour/time.Minute), "minute", "minutes")
	if len(parts) == 0 {
		return "0 minutes"
	}
	return strings.Join(parts, " ")
}
