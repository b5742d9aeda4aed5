package schedule_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot/schedule"
)

func TestParseDaily(t *testing.T) {
	for _, tc := range []struct {
		in        string
		off       bool
		at, zone  string
		err       error
		errorTime string
	}{
		{in: "daily 08:00 Europe/Berlin", at: "08:00", zone: "Europe/Berlin"},
		{in: "8 am America/New_York.", at: "08:00", zone: "America/New_York"},
		{in: "daily 7:30", at: "07:30"},
		{in: "8 pm", at: "20:00"},
		{in: "noon UTC", at: "12:00", zone: "UTC"},
		{in: "daily 08:00 europe/berlin", at: "08:00", zone: "europe/berlin"},
		{in: "off", off: true},
		{in: "Daily None", off: true},
		{in: "", err: schedule.ErrNoDaily},
		{in: "daily", err: schedule.ErrNoDaily},
		{in: "daily 25:00 Europe/Berlin", err: schedule.ErrTimeOfDay, errorTime: "25:00"},
		{in: "no thanks", err: schedule.ErrTimeOfDay, errorTime: "no"},
		{in: "every day at eight", err: schedule.ErrTimeOfDay, errorTime: "every day at eight"},
	} {
		got, err := schedule.ParseDaily(strings.Fields(tc.in))
		switch {
		case tc.err != nil && !errors.Is(err, tc.err):
			t.Errorf("ParseDaily(%q) = %+v, %v; want an error wrapping %v", tc.in, got, err, tc.err)
		case tc.err != nil && got.Time != tc.errorTime:
			t.Errorf("ParseDaily(%q): the time read is %q, want %q", tc.in, got.Time, tc.errorTime)
		case tc.err == nil && err != nil:
			t.Errorf("ParseDaily(%q): %v", tc.in, err)
		case tc.err == nil && (got.Off != tc.off || !tc.off && got.At.String() != tc.at || got.Zone != tc.zone):
			t.Errorf("ParseDaily(%q) = %+v, want off %v, at %s, zone %q", tc.in, got, tc.off, tc.at, tc.zone)
		}
	}
}
