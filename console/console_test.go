package console_test

import (
	"bytes"
	"context"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/tak"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

// newReferee returns a referee over store whose console replies go to out
// (pictures to imagesDir, if not "").
func newReferee(store record.Store, clock bot.Clock, out io.Writer, imagesDir string) *bot.Referee {
	ref := bot.New(store, clock, bot.Options{Rand: func(int) int { return 0 }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ref.Register(console.NewTransport(out, imagesDir))
	return ref
}

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
		// Durability is not what transcripts test: no fsync per commit.
		db, err := storage.Open(dbPath, storage.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		ref := newReferee(db, clock, &out, "")
		err = console.Run(context.Background(), ref, strings.NewReader(part),
			console.Options{Replayable: true, Directives: true, Advance: clock.Advance, Clock: clock})
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

func TestPicturesWritten(t *testing.T) {
	dir := t.TempDir()
	db, err := storage.Open(filepath.Join(dir, "p.db"), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	clock := &fakeClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	var out bytes.Buffer
	ref := newReferee(db, clock, &out, dir)
	err = console.Run(context.Background(), ref, strings.NewReader("ann: new bob\nbob: accept\nann: ps a1\n"), console.Options{Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`\[to bob\] picture: (\S+g1-t1-[0-9a-f]{8}-mail\.png)\n`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("output lacks bob's picture of turn 1:\n%s", out.String())
	}
	if b, err := os.ReadFile(m[1]); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) || filepath.Dir(m[1]) != dir {
		t.Fatalf("picture not written as PNG in %s: %v", dir, err)
	}
}

func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ok   bool
		name string
	}{
		{"alice: ps b4", true, "alice"}, {"  bob :  accept ", true, "bob"}, {"no colon", false, ""},
		{": text", false, ""}, {"al ice: x", false, ""}, {"ann:   ", false, ""},
		{"Zoë: new bob", true, "Zoë"}, {"Jürgen-2: ps b4", true, "Jürgen-2"}, {"🐢: help", false, ""},
	} {
		l, err := console.ParseLine(tc.in)
		if (err == nil) != tc.ok || l.Name != tc.name {
			t.Errorf("ParseLine(%q) = %+v, %v", tc.in, l, err)
		}
	}
}

func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"alice: ps b4", "bob: rs", ":", "a:b:c", "x y: z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := console.ParseLine(s)
		if err == nil && (l.Name == "" || l.Text == "") {
			t.Fatalf("ParseLine(%q) accepted an empty name or text", s)
		}
	})
}

func TestLongLineIsSkipped(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "l.db"), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out, notes bytes.Buffer
	ref := newReferee(db, &fakeClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}, &out, "")
	in := "ann: " + strings.Repeat("x", bot.MaxMessageBytes+10) + "\nann: games"
	if err := console.Run(context.Background(), ref, strings.NewReader(in), console.Options{Notes: &notes}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(notes.String(), "[console] line 1: 65551 bytes is longer than the 65536 a message may have; skipped") || !strings.Contains(out.String(), "[to ann] You have no games") {
		t.Fatalf("output:\n%.300s\nnotes:\n%.300s", out.String(), notes.String())
	}
	assertOnlyReplies(t, out.String())
}

// TestContinuationAtEOF: a message continued with '\' on the last line of
// the input is handled, not dropped.
func TestContinuationAtEOF(t *testing.T) {
	for _, in := range []string{"ann: games\\\n", "ann: games\\", "ann: games;\\\nhelp\\\n"} {
		db, err := storage.Open(filepath.Join(t.TempDir(), "c.db"), storage.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		ref := newReferee(db, &fakeClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}, &out, "")
		err = console.Run(context.Background(), ref, strings.NewReader(in), console.Options{})
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "[to ann] You have no games") {
			t.Errorf("input %q: output %q", in, out.String())
		}
	}
}

// refereeWithBrokenGame returns a referee whose database holds game a0 of
// players x and y with a stored move that cannot be replayed.
func refereeWithBrokenGame(t *testing.T, out io.Writer) (*bot.Referee, *fakeClock) {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "broken.db"), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	clock := &fakeClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	bad := &record.Game{ID: "a0", Status: record.Active, Players: [2]string{"console:x", "console:y"}, Names: [2]string{"x", "y"},
		Config: tak.DefaultConfig(5), Days: 1, Moves: []record.Move{{PTN: "zz9", At: clock.Now()}},
		TurnStart: clock.Now(), Deadline: clock.Now().Add(time.Hour), Wake: clock.Now().Add(time.Hour)}
	if err := db.Update(context.Background(), func(tx record.Tx) error { return tx.PutGame(bad) }); err != nil {
		t.Fatal(err)
	}
	return newReferee(db, clock, out, ""), clock
}

// TestTickErrorDoesNotEndSession: a game whose record cannot be replayed
// makes "!tick" report it, and the session goes on.
func TestTickErrorDoesNotEndSession(t *testing.T) {
	var out, notes bytes.Buffer
	ref, clock := refereeWithBrokenGame(t, &out)
	clock.Advance(2 * time.Hour)
	err := console.Run(context.Background(), ref, strings.NewReader("!tick\nann: games\n"),
		console.Options{Directives: true, Advance: clock.Advance, Clock: clock, TickEachMessage: true, Notes: &notes})
	if err != nil {
		t.Fatalf("run ended: %v\n%s", err, out.String())
	}
	if !strings.Contains(notes.String(), "[console] clocks: bot: tick game a0") || !strings.Contains(out.String(), "[to ann] You have no games") {
		t.Errorf("output:\n%s\nnotes:\n%s", out.String(), notes.String())
	}
	assertOnlyReplies(t, out.String())
}

// TestFailedMessageDoesNotEndSession: a message the referee cannot handle
// (here: it touches a game whose stored record cannot be replayed) is
// noted on the notes writer, left unprocessed, and the session goes on.
func TestFailedMessageDoesNotEndSession(t *testing.T) {
	var out, notes bytes.Buffer
	ref, clock := refereeWithBrokenGame(t, &out)
	err := console.Run(context.Background(), ref, strings.NewReader("x: board\nann: games\n"), console.Options{Clock: clock, Notes: &notes})
	if err != nil {
		t.Fatalf("run ended: %v\n%s", err, out.String())
	}
	if !strings.Contains(notes.String(), "[console] x's message was not handled") || !strings.Contains(out.String(), "[to ann] You have no games") {
		t.Errorf("output:\n%s\nnotes:\n%s", out.String(), notes.String())
	}
	assertOnlyReplies(t, out.String())
}

// assertOnlyReplies checks that the console's standard output holds
// nothing but reply lines.
func assertOnlyReplies(t *testing.T, out string) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if l != "" && !strings.HasPrefix(l, "[to ") {
			t.Errorf("standard output line %q is not a reply", l)
		}
	}
}

// TestRestartAnswersLinesTypedAgain: an interactive session answers every
// line, even one typed again after a restart; re-feeding the same input
// file is harmless, and each line skipped is noted.
func TestRestartAnswersLinesTypedAgain(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "r.db")
	clock := &fakeClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	run := func(in string, replayable bool) (string, string) {
		t.Helper()
		db, err := storage.Open(dbPath, storage.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var out, notes bytes.Buffer
		ref := newReferee(db, clock, &out, "")
		if err := console.Run(context.Background(), ref, strings.NewReader(in), console.Options{Replayable: replayable, Clock: clock, Notes: &notes}); err != nil {
			t.Fatal(err)
		}
		return out.String(), notes.String()
	}
	for i := 0; i < 2; i++ {
		if out, _ := run("ann: games\n", false); !strings.Contains(out, "[to ann] You have no games") {
			t.Errorf("interactive session %d: %q, want the line answered", i+1, out)
		}
	}
	script := "ann: new bob\nbob: accept\n"
	run(script, true)
	out, notes := run(script, true)
	if out != "" || !strings.Contains(notes, "[console] line 1 (ann: new bob) was handled before (the same input fed again); skipped") ||
		!strings.Contains(notes, "[console] line 2 (bob: accept) was handled before") {
		t.Errorf("re-fed script: output %q, notes %q", out, notes)
	}
}
