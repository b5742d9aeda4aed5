package schedule

import (
	"errors"
	"fmt"
	"strings"
)

// DailyRequest is a daily schedule as a player writes it after "set
// digest": "daily 08:00 Europe/Berlin", "8 am", "7:30 UTC", "off".
type DailyRequest struct {
	Off  bool      // the player asked for none ("off", "no", "none")
	At   TimeOfDay // the time of day
	Zone string    // the zone name as written, "" when none was (LoadZone checks it)
	// Time is the words read as the time of day, for a refusal.
	Time string
}

// ErrNoDaily is wrapped by the error of ParseDaily for no words at all
// (or "daily" alone).
var ErrNoDaily = errors.New("no time of day given")

// maxDailyWords bounds a request: "daily", two words of time ("8 am") and
// a zone.
const maxDailyWords = 4

// ParseDaily reads a daily schedule from words: an optional "daily", a
// time of day in one or two words, and an optional zone name last; or
// "off". Trailing punctuation is ignored. An error wraps ErrNoDaily or
// ErrTimeOfDay.
func ParseDaily(words []string) (DailyRequest, error) {
	var ws []string
	for _, w := range words {
		if w = strings.TrimRight(w, ".,!?:;"); w != "" {
			ws = append(ws, w)
		}
	}
	if len(ws) > 0 && strings.EqualFold(ws[0], "daily") {
		ws = ws[1:]
	}
	switch {
	case len(ws) == 0:
		return DailyRequest{}, ErrNoDaily
	case len(ws) == 1 && isOff(ws[0]):
		return DailyRequest{Off: true}, nil
	case len(ws) >= maxDailyWords:
		return DailyRequest{Time: strings.Join(ws, " ")}, fmt.Errorf("%q is more than a time of day and a zone: %w", excerpt(strings.Join(ws, " ")), ErrTimeOfDay)
	}
	var r DailyRequest
	if last := ws[len(ws)-1]; len(ws) > 1 && !isTimeWord(last) {
		r.Zone, ws = last, ws[:len(ws)-1]
	}
	r.Time = strings.Join(ws, " ")
	at, err := ParseTimeOfDay(r.Time)
	if err != nil {
		return r, err
	}
	r.At = at
	return r, nil
}

func isOff(w string) bool {
	switch strings.ToLower(w) {
	case "off", "no", "none", "never":
		return true
	}
	return false
}

// isTimeWord reports whether w belongs to a time of day ("8", "8am",
// "am", "08:00", "noon") rather than being a zone name.
func isTimeWord(w string) bool {
	switch strings.ToLower(w) {
	case "am", "pm", "a.m.", "p.m.", "noon", "midnight":
		return true
	}
	_, err := ParseTimeOfDay(w)
	return err == nil
}
