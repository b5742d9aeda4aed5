package analysis

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

func TestReachable(t *testing.T) {
	g, err := tak.NewGame(tak.DefaultConfig(5))
	if err != nil {
		t.Fatal(err)
	}
	other, err := tak.NewGame(tak.DefaultConfig(6))
	if err != nil {
		t.Fatal(err)
	}
	if !reachable(g.Position(), g) {
		t.Error("a game's own position is reachable from it")
	}
	if reachable(other.Position(), g) {
		t.Error("a position of another size is never reachable")
	}
}

func TestCacheRunsOnceAndForgetsFailures(t *testing.T) {
	var c cache
	runs := 0
	ok := func() ([]record.Part, []record.Attachment, error) {
		runs++
		return []record.Part{{Text: "line"}}, nil, nil
	}
	for range 2 {
		parts, _, err := c.get(context.Background(), Request{Game: "req"}, ok)
		if err != nil || len(parts) != 1 || parts[0].Text != "line" {
			t.Fatalf("Get = %v, %v", parts, err)
		}
	}
	if runs != 1 {
		t.Errorf("a request analysed twice ran %d times, want once", runs)
	}
	failed := errors.New("out of time")
	fail := func() ([]record.Part, []record.Attachment, error) { runs++; return nil, nil, failed }
	if _, _, err := c.get(context.Background(), Request{Game: "other"}, fail); !errors.Is(err, failed) {
		t.Fatalf("Get = %v, want %v", err, failed)
	}
	if _, _, err := c.get(context.Background(), Request{Game: "other"}, ok); err != nil || runs != 3 {
		t.Errorf("a failure is kept: %v after %d runs", err, runs)
	}
}

func TestRefusalWords(t *testing.T) {
	until := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	for o, want := range map[words.AnalyseRefusal]string{
		{Reason: words.AnalyseOverAfter, Turn: 5, First: 0}:          "the game is over after turn 5: there is nothing left to analyse there; try \"analyse 4\"",
		{Reason: words.AnalysesUsed, Count: 10, Until: until}:        "you have had 10 positions analysed in the last hour, the most takbot analyses for one player in an hour; you can ask again after 2026-11-27 10:00 UTC",
		{Reason: words.AnalyseNotStarted, ID: "g2", Hint: " (hint)"}: "game g2 has not started yet: there is nothing to analyse (hint)",
	} {
		if got := o.Words(words.Reader{}); got != want {
			t.Errorf("%+v: %q, want %q", o, got, want)
		}
	}
}

// failing is an Analyst that runs out of time.
type failing struct{}

func (failing) Analyse(context.Context, Request) ([]record.Part, []record.Attachment, error) {
	return nil, nil, context.DeadlineExceeded
}

func TestExpandSaysWhatIsMissing(t *testing.T) {
	d := &Desk{Timeout: time.Second, Logger: slog.New(slog.DiscardHandler)}
	reply := func(kind string) *record.Reply {
		return &record.Reply{Parts: []record.Part{{Kind: record.Prose, Text: "Game over."}, PartOf(Request{Kind: kind, Game: "g1"})}}
	}
	rp := reply(Line)
	d.Expand(context.Background(), rp, false)
	if len(rp.Parts) != 2 || rp.Parts[1].Text != "This takbot has no engine to analyse with, so there is no analysis." {
		t.Errorf("without an engine: %+v", rp.Parts)
	}
	rp = reply(Review)
	d.Analyst = failing{}
	d.Expand(context.Background(), rp, false)
	if len(rp.Parts) != 2 || rp.Parts[0].Text != "Game over." || rp.Parts[1].Text != "takbot could not finish its review of the game this time (it took too long)." {
		t.Errorf("a review out of time: %+v", rp.Parts)
	}
}
