package demo

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/takbymail/takbot/mailplay"
)

// TestRepliesReadAsWritten answers real mails of the bot in every client
// style and body format, at several times of day (the attribution lines
// carry the date), and checks that the bot reads exactly what the player
// wrote.
func TestRepliesReadAsWritten(t *testing.T) {
	files, err := filepath.Glob("testdata/bot-*.eml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no samples: %v", err)
	}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		in, err := mailplay.ParseInbound(raw)
		if err != nil {
			t.Fatal(err)
		}
		for _, clock := range []string{"00:05", "09:59", "12:00", "13:07", "23:59"} {
			now, _ := time.Parse("2006-01-02 15:04", "2026-11-23 "+clock)
			in.Date = now
			p := &Player{Address: "bob@example.test", Name: "Bob", now: func() time.Time { return now }, session: "s"}
			for _, st := range Styles {
				for _, f := range Formats {
					for _, body := range []string{"a1>", "Voilà mon coup :\nps c2"} {
						_, out := p.Draft(&Mail{In: in}, body, st, f)
						got, err := mailplay.ParseInbound(out)
						if err != nil {
							t.Fatal(err)
						}
						if got.Text != body {
							t.Errorf("%s at %s, %s, %s: read %q, wrote %q", filepath.Base(file), clock, st, f, got.Text, body)
						}
					}
				}
			}
		}
	}
}
