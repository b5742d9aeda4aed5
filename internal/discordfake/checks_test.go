package discordfake

import (
	"testing"
	"time"
)

func TestDeadlineCheckers(t *testing.T) {
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		check func() bool
		want  bool
	}{
		{"answer at once", func() bool { return answeredLate(t0, t0) }, false},
		{"answer at exactly 3 s", func() bool { return answeredLate(t0, t0.Add(3*time.Second)) }, false},
		{"answer at 3.001 s", func() bool { return answeredLate(t0, t0.Add(3001*time.Millisecond)) }, true},
		{"follow-up at 14:59", func() bool { return tokenExpired(t0, t0.Add(14*time.Minute+59*time.Second)) }, false},
		{"follow-up at 15:00", func() bool { return tokenExpired(t0, t0.Add(15*time.Minute)) }, false},
		{"follow-up at 15:01", func() bool { return tokenExpired(t0, t0.Add(15*time.Minute+time.Second)) }, true},
		{"retry after retry_after", func() bool { return retriedTooSoon(t0, 50*time.Millisecond, t0.Add(50*time.Millisecond)) }, false},
		{"retry 1 ms early", func() bool { return retriedTooSoon(t0, 50*time.Millisecond, t0.Add(49*time.Millisecond)) }, true},
		{"immediate retry", func() bool { return retriedTooSoon(t0, time.Second, t0) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.check(); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFormErrorsTree(t *testing.T) {
	var errs formErrors
	errs.kind = InvalidComponents
	errs.add("components.0.components.1.custom_id", "BASE_TYPE_MAX_LENGTH", "too long")
	errs.kind = TooLongContent
	errs.add("content", "BASE_TYPE_MAX_LENGTH", "too long")
	e := errs.apiError()
	if e.Code != CodeInvalidFormBody || e.Status != 400 {
		t.Fatalf("error %+v", e)
	}
	row := e.Errors["components"].(map[string]any)["0"].(map[string]any)["components"].(map[string]any)["1"].(map[string]any)
	if _, ok := row["custom_id"].(map[string]any)["_errors"]; !ok {
		t.Errorf("tree %+v", e.Errors)
	}
	if kinds := errs.byKind(); len(kinds) != 2 || kinds[TooLongContent] != "content: too long" {
		t.Errorf("by kind %+v", kinds)
	}
}

func TestSecondsAreRoundedUpToTheMillisecond(t *testing.T) {
	tests := []struct {
		in   time.Duration
		want string
	}{
		{50 * time.Millisecond, "0.050"},
		{50*time.Millisecond + time.Microsecond, "0.051"},
		{time.Minute, "60.000"},
		{0, "0.000"},
	}
	for _, tt := range tests {
		if got := secondsString(tt.in).String(); got != tt.want {
			t.Errorf("secondsString(%v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
