package console_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// TestMain turns the test binary into the crash test's child when
// TAKBOT_CRASH_DB is set: it feeds the script to the console on that
// database, as "takbot console" does, until done or killed.
func TestMain(m *testing.M) {
	if db := os.Getenv("TAKBOT_CRASH_DB"); db != "" {
		os.Exit(crashChild(db, os.Getenv("TAKBOT_CRASH_SCRIPT")))
	}
	os.Exit(m.Run())
}

func crashChild(dbPath, script string) int {
	db, err := storage.Open(dbPath, storage.Options{Timeout: 10 * time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer db.Close()
	f, err := os.Open(script)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer f.Close()
	ref := newReferee(db, bot.SystemClock{}, io.Discard, "")
	if err := console.Run(context.Background(), ref, f, console.Options{Replayable: true}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// crashMoves is a long 6x6 game that never ends: after the opening each
// player shuttles one flat.
func crashMoves(n int) []string {
	out := []string{"f6", "a1"}
	shuttle := []string{"a1>", "f6<", "b1<", "e6>"}
	for i := 0; len(out) < n; i++ {
		out = append(out, shuttle[i%4])
	}
	return out
}

// TestCrashRecovery kills the console with SIGKILL at random moments while
// a long game is fed to it, restarts it each time with the same script, and
// checks that the stored game is exactly the game sent and that every
// message was answered exactly once.
func TestCrashRecovery(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "crash.db")
	moves := crashMoves(80)
	lines := []string{"alice: new bob size=6 color=white", "bob: accept"}
	for i, m := range moves {
		who := "alice"
		if i%2 == 1 {
			who = "bob"
		}
		if i < 2 {
			m = "F" + m // a bare square would be asked about: "f6" reads differently in Tak by Mail
		}
		lines = append(lines, who+": "+m)
	}
	script := filepath.Join(dir, "game.script")
	if err := os.WriteFile(script, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	kills := 0
	for run := 0; run < 40; run++ {
		// A child that hangs is stopped with SIGQUIT, so the Go runtime
		// prints every goroutine's stack to the stderr shown below.
		runCtx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cmd := exec.CommandContext(runCtx, exe, "-test.run=^$")
		cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGQUIT) }
		cmd.WaitDelay = 5 * time.Second
		cmd.Env = append(os.Environ(), "TAKBOT_CRASH_DB="+dbPath, "TAKBOT_CRASH_SCRIPT="+script)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if kills < 15 {
			time.Sleep(time.Duration(20+rng.IntN(300)) * time.Millisecond)
			cmd.Process.Signal(syscall.SIGKILL)
			err := cmd.Wait()
			if err == nil {
				break // finished before the kill
			}
			if runCtx.Err() != nil {
				t.Fatalf("run %d hung:\n%s", run, stderr.String())
			}
			kills++
			continue
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("final run: %v\n%s", err, stderr.String())
		}
		break
	}
	t.Logf("killed the console %d times", kills)

	db, err := storage.Open(dbPath, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	err = db.View(ctx, func(tx record.Tx) error {
		// A kill between allocating a game id and committing the game
		// leaves a gap in the ids, so find the game through its player.
		ids, err := tx.GamesOf("console:alice")
		if err != nil {
			return err
		}
		if len(ids) != 1 {
			t.Fatalf("alice has games %v, want exactly one", ids)
		}
		g, err := tx.Game(ids[0])
		if err != nil {
			return err
		}
		if len(g.Moves) != len(moves) {
			t.Errorf("stored game has %d moves, want %d", len(g.Moves), len(moves))
		}
		for i := range g.Moves {
			if i < len(moves) && g.Moves[i].PTN != moves[i] {
				t.Errorf("move %d is %s, want %s", i+1, g.Moves[i].PTN, moves[i])
			}
		}
		byCause := map[string][]string{}
		if err := tx.ForEachReply(func(r *record.Reply) error {
			byCause[r.Cause] = append(byCause[r.Cause], r.ID)
			return nil
		}); err != nil {
			return err
		}
		if len(byCause) != len(lines) {
			t.Errorf("replies answer %d messages, want %d (one answer per message)", len(byCause), len(lines))
		}
		for cause, ids := range byCause {
			p, err := tx.Processed(cause)
			if err != nil {
				t.Errorf("replies to %s, which is not recorded as processed: %v", cause, err)
				continue
			}
			if strings.Join(p.Replies, ",") != strings.Join(ids, ",") {
				t.Errorf("message %s answered by %v, recorded %v", cause, ids, p.Replies)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
