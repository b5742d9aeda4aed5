package console_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/storage"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// runScript plays a script through the console; a line "!restart" closes
// the database and opens it again (a restart of the program).
func runScript(t *testing.T, script string) string {
	t.Helper()
	dbPath := filepath.Join(t.TempDir(), "takbot.db")
	clock := &fakeClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	var out bytes.Buffer
	parts := strings.Split(script, "\n!restart\n")
	for i, part := range parts {
		db, err := storage.Open(dbPath, storage.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ref := bot.New(db, clock, bot.Options{Rand: func(int) int { return 0 }})
		err = console.Run(context.Background(), ref, strings.NewReader(part), &out,
			console.Options{Directives: true, Advance: clock.Advance, Clock: clock})
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatalf("part %d: %v", i+1, err)
		}
		if i < len(parts)-1 {
			out.WriteString("--- restart ---\n")
		}
	}
	return out.String()
}

func TestTranscripts(t *testing.T) {
	scripts, err := filepath.Glob("testdata/*.script")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, path := range scripts {
		name := strings.TrimSuffix(filepath.Base(path), ".script")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got := runScript(t, string(src))
			golden := strings.TrimSuffix(path, ".script") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if got != string(want) {
				t.Errorf("transcript differs from %s (run with -update to accept):\n%s", golden, diff(string(want), got))
			}
		})
	}
}

func diff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + itoa(i+1) + ":\n- " + x + "\n+ " + y
		}
	}
	return "(same lines)"
}

func itoa(n int) string {
	var b []byte
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
