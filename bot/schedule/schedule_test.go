package schedule_test

import (
	"errors"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the same zones on every machine

	"github.com/takbymail/takbot/bot/schedule"
)

func TestParseTimeOfDay(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // "" when refused
	}{
		{"08:00", "08:00"}, {"8:00", "08:00"}, {"8", "08:00"}, {"20:30", "20:30"}, {"0:05", "00:05"}, {"23:59", "23:59"},
		{"8am", "08:00"}, {"8 AM", "08:00"}, {"8:30pm", "20:30"}, {"12am", "00:00"}, {"12pm", "12:00"}, {"12:15 a.m.", "00:15"},
		{"noon", "12:00"}, {"Midnight", "00:00"}, {"7.45", "07:45"},
		{"24:00", ""}, {"8:60", ""}, {"8:5", ""}, {"13pm", ""}, {"0am", ""}, {"", ""}, {"eight", ""}, {"-1", ""}, {"+8", ""},
		{"8:-1", ""}, {"123", ""}, {"08:00:00", ""},
	} {
		got, err := schedule.ParseTimeOfDay(tc.in)
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("ParseTimeOfDay(%q) = %v, want a refusal", tc.in, got)
		case tc.want == "" && !errors.Is(err, schedule.ErrTimeOfDay):
			t.Errorf("ParseTimeOfDay(%q) error %v does not wrap ErrTimeOfDay", tc.in, err)
		case tc.want != "" && err != nil:
			t.Errorf("ParseTimeOfDay(%q): %v", tc.in, err)
		case tc.want != "" && got.String() != tc.want:
			t.Errorf("ParseTimeOfDay(%q) = %v, want %s", tc.in, got, tc.want)
		}
	}
}

func TestLoadZone(t *testing.T) {
	for _, tc := range []struct {
		in, want string // want "" when refused
	}{
		{"Europe/Berlin", "Europe/Berlin"}, {"America/New_York", "America/New_York"}, {" Asia/Tokyo ", "Asia/Tokyo"},
		{"UTC", "UTC"}, {"utc", "UTC"}, {"GMT", "UTC"}, {"europe/berlin", "Europe/Berlin"}, {"AMERICA/NEW_YORK", "America/New_York"},
		{"", ""}, {"Local", ""}, {"local", ""}, {"Europe/Nowhere", ""}, {"../../etc/passwd", ""}, {"/etc/localtime", ""},
		{"Europe/Berlin; rm", ""}, {"Mars/Olympus_Mons_Base_Camp_Number_Seven_", ""}, {"CET CEST", ""},
	} {
		loc, err := schedule.LoadZone(tc.in)
		var ze *schedule.ZoneError
		switch {
		case tc.want == "" && !errors.As(err, &ze):
			t.Errorf("LoadZone(%q) = %v, %v; want a *ZoneError", tc.in, loc, err)
		case tc.want != "" && err != nil:
			t.Errorf("LoadZone(%q): %v", tc.in, err)
		case tc.want != "" && loc.String() != tc.want:
			t.Errorf("LoadZone(%q) = %s, want %s", tc.in, loc, tc.want)
		}
	}
}

// TestNextDaily fires daily schedules across the changes of the clocks of
// 2026: Europe/Berlin goes forward on 29 March (02:00 CET to 03:00 CEST)
// and back on 25 October (03:00 CEST to 02:00 CET); America/New_York
// forward on 8 March (02:00 EST to 03:00 EDT) and back on 1 November
// (02:00 EDT to 01:00 EST).
func TestNextDaily(t *testing.T) {
	for _, tc := range []struct {
		name  string
		zone  string
		after string // UTC
		tod   string
		skip  string
		want  string // UTC
	}{
		{"Berlin winter, later today", "Europe/Berlin", "2026-01-10T05:00:00Z", "08:00", "", "2026-01-10T07:00:00Z"},
		{"Berlin winter, tomorrow", "Europe/Berlin", "2026-01-10T07:00:00Z", "08:00", "", "2026-01-11T07:00:00Z"},
		{"Berlin summer", "Europe/Berlin", "2026-07-01T00:00:00Z", "08:00", "", "2026-07-01T06:00:00Z"},
		{"Berlin the day clocks go forward", "Europe/Berlin", "2026-03-28T07:30:00Z", "08:00", "", "2026-03-29T06:00:00Z"},
		{"Berlin 02:30 skipped: fires at 03:00 CEST", "Europe/Berlin", "2026-03-28T12:00:00Z", "02:30", "", "2026-03-29T01:00:00Z"},
		{"Berlin 02:00 skipped: fires at 03:00 CEST", "Europe/Berlin", "2026-03-28T12:00:00Z", "02:00", "", "2026-03-29T01:00:00Z"},
		{"Berlin 02:30 the day after the gap", "Europe/Berlin", "2026-03-29T01:00:00Z", "02:30", "", "2026-03-30T00:30:00Z"},
		{"Berlin the day clocks go back", "Europe/Berlin", "2026-10-24T07:30:00Z", "08:00", "", "2026-10-25T07:00:00Z"},
		{"Berlin 02:30 twice: the first", "Europe/Berlin", "2026-10-24T12:00:00Z", "02:30", "", "2026-10-25T00:30:00Z"},
		{"Berlin 02:30 twice: not the second", "Europe/Berlin", "2026-10-25T00:30:00Z", "02:30", "2026-10-25", "2026-10-26T01:30:00Z"},
		{"Berlin 02:30 twice: after the first, the next day", "Europe/Berlin", "2026-10-25T00:45:00Z", "02:30", "2026-10-25", "2026-10-26T01:30:00Z"},
		{"New York winter", "America/New_York", "2026-01-10T05:00:00Z", "08:00", "", "2026-01-10T13:00:00Z"},
		{"New York the day clocks go forward", "America/New_York", "2026-03-07T14:00:00Z", "08:00", "", "2026-03-08T12:00:00Z"},
		{"New York 02:15 skipped: fires at 03:00 EDT", "America/New_York", "2026-03-07T14:00:00Z", "02:15", "", "2026-03-08T07:00:00Z"},
		{"New York 01:30 twice: the first (EDT)", "America/New_York", "2026-10-31T12:00:00Z", "01:30", "", "2026-11-01T05:30:00Z"},
		{"New York 01:30 twice: not the second (EST)", "America/New_York", "2026-11-01T05:30:00Z", "01:30", "2026-11-01", "2026-11-02T06:30:00Z"},
		{"New York midnight", "America/New_York", "2026-11-01T03:00:00Z", "00:00", "", "2026-11-01T04:00:00Z"},
		{"day already served is skipped", "Europe/Berlin", "2026-01-10T05:00:00Z", "08:00", "2026-01-10", "2026-01-11T07:00:00Z"},
		{"Tokyo, no clock changes", "Asia/Tokyo", "2026-03-29T00:00:00Z", "08:00", "", "2026-03-29T23:00:00Z"},
		{"end of month", "Europe/Berlin", "2026-01-31T08:00:00Z", "08:00", "", "2026-02-01T07:00:00Z"},
		{"end of year", "America/New_York", "2026-12-31T14:00:00Z", "08:00", "", "2027-01-01T13:00:00Z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			loc, err := schedule.LoadZone(tc.zone)
			if err != nil {
				t.Fatal(err)
			}
			tod, err := schedule.ParseTimeOfDay(tc.tod)
			if err != nil {
				t.Fatal(err)
			}
			after, _ := time.Parse(time.RFC3339, tc.after)
			want, _ := time.Parse(time.RFC3339, tc.want)
			got := schedule.NextDaily(after, tod, loc, tc.skip)
			if !got.Equal(want) {
				t.Errorf("NextDaily(%s, %s, %s, %q) = %s (%s), want %s (%s)", tc.after, tc.tod, tc.zone, tc.skip,
					got.UTC().Format(time.RFC3339), got.In(loc).Format("15:04 MST"), tc.want, want.In(loc).Format("15:04 MST"))
			}
		})
	}
}

// TestNextDailyOncePerDay walks a year of days in both zones, firing
// each schedule from the instant it fired: every local day fires once,
// never twice, never skipped, across both changes of the clocks.
func TestNextDailyOncePerDay(t *testing.T) {
	for _, zone := range []string{"Europe/Berlin", "America/New_York"} {
		loc, _ := schedule.LoadZone(zone)
		for _, s := range []string{"00:00", "01:30", "02:30", "08:00", "23:59"} {
			tod, _ := schedule.ParseTimeOfDay(s)
			at := time.Date(2026, 1, 1, 0, 0, 0, 0, loc).Add(-time.Minute)
			last := ""
			for i := 0; i < 365; i++ {
				next := schedule.NextDaily(at, tod, loc, last)
				day := schedule.Day(next, loc)
				want := time.Date(2026, 1, 1+i, 12, 0, 0, 0, loc).Format(time.DateOnly)
				if day != want {
					t.Fatalf("%s %s: firing %d is on %s (%s), want %s", zone, s, i, day, next, want)
				}
				at, last = next, day
			}
		}
	}
}

func TestParseDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration // -1 when refused
		text string
	}{
		{"12h", 12 * time.Hour, "12 hours"}, {"90m", 90 * time.Minute, "1 hour 30 minutes"}, {"1d", 24 * time.Hour, "1 day"},
		{"1d12h", 36 * time.Hour, "1 day 12 hours"}, {"2 days", 48 * time.Hour, "2 days"}, {"36 Hours", 36 * time.Hour, "1 day 12 hours"},
		{"1h 30min", 90 * time.Minute, "1 hour 30 minutes"}, {"1 hr", time.Hour, "1 hour"},
		{"", -1, ""}, {"12", -1, ""}, {"h", -1, ""}, {"-1h", -1, ""}, {"1.5h", -1, ""}, {"12x", -1, ""}, {"999999h", -1, ""}, {"1w", -1, ""}, {"367d", -1, ""}, {strings.Repeat("99999d", 40) + "12h", -1, ""},
	} {
		got, err := schedule.ParseDuration(tc.in)
		switch {
		case tc.want < 0 && !errors.Is(err, schedule.ErrDuration):
			t.Errorf("ParseDuration(%q) = %v, %v; want a refusal wrapping ErrDuration", tc.in, got, err)
		case tc.want >= 0 && (err != nil || got != tc.want):
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		case tc.want >= 0 && schedule.FormatDuration(got) != tc.text:
			t.Errorf("FormatDuration(%v) = %q, want %q", got, schedule.FormatDuration(got), tc.text)
		}
	}
}

// FuzzParse: no input makes the parsers panic, and what they accept is in
// range.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"08:00", "8am", "12:30 p.m.", "noon", "12h", "1d12h", "90 minutes", "Europe/Berlin", "../x", "99999d99999d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if tod, err := schedule.ParseTimeOfDay(s); err == nil && (tod.Hour < 0 || tod.Hour > 23 || tod.Minute < 0 || tod.Minute > 59) {
			t.Errorf("ParseTimeOfDay(%q) = %v", s, tod)
		}
		if d, err := schedule.ParseDuration(s); err == nil && (d < 0 || d > 366*24*time.Hour) {
			t.Errorf("ParseDuration(%q) = %v", s, d)
		}
		if loc, err := schedule.LoadZone(s); err == nil && loc == nil {
			t.Errorf("LoadZone(%q) = nil", s)
		}
	})
}
