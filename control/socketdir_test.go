package control_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/takbymail/takbot/control"
)

// socketEnv gives a test its own temporary directory (TMPDIR, where
// takbot's own directory goes) and XDG_RUNTIME_DIR (unset if xdg is "");
// it returns takbot's own directory for the user.
func socketEnv(t *testing.T, xdg string) string {
	t.Helper()
	tmp, err := os.MkdirTemp("", "tk") // short: a socket path has at most 103 bytes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_RUNTIME_DIR", xdg)
	return filepath.Join(tmp, "takbot-"+strconv.Itoa(os.Getuid()))
}

// mkdir makes a directory with mode perm (umask aside).
func mkdir(t *testing.T, path string, perm os.FileMode) string {
	t.Helper()
	if err := os.MkdirAll(path, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSocketPath: each place the socket may go, and when: beside the
// database, else in $XDG_RUNTIME_DIR, else in takbot's own directory;
// never in a directory every user may write to.
func TestSocketPath(t *testing.T) {
	base := t.TempDir()
	if real, err := filepath.EvalSymlinks(base); err == nil {
		base = real
	}
	private := mkdir(t, filepath.Join(base, "private"), 0o700)
	db := filepath.Join(private, "a.db")
	os.WriteFile(db, nil, 0o600)
	link := filepath.Join(private, "link.db")
	if err := os.Symlink(db, link); err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(mkdir(t, filepath.Join(private, strings.Repeat("d", 110)), 0o700), "b.db")
	shared := filepath.Join(mkdir(t, filepath.Join(base, "shared"), 0o777), "c.db")
	sticky := filepath.Join(mkdir(t, filepath.Join(base, "sticky"), 0o1777), "d.db")
	xdg := mkdir(t, filepath.Join(base, "run"), 0o700)
	openXDG := mkdir(t, filepath.Join(base, "openrun"), 0o777)
	const own = "own" // takbot's own directory
	for _, tc := range []struct {
		name, db, xdg string
		want          string // the directory, or the file beside the database
	}{
		{"beside the file", db, "", db + ".ctl"},
		{"beside the file, XDG set", db, xdg, db + ".ctl"},
		{"through a symlink", link, "", db + ".ctl"},
		{"too long, XDG unset", long, "", own},
		{"too long, XDG set", long, xdg, xdg},
		{"too long, XDG writable by all", long, openXDG, own},
		{"too long, XDG relative", long, "run", own},
		{"too long, XDG missing", long, filepath.Join(base, "nowhere"), own},
		{"database in a directory all may write to", shared, "", own},
		{"database in a sticky directory all may write to", sticky, "", own},
		{"database in a directory all may write to, XDG set", shared, xdg, xdg},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ownDir := socketEnv(t, tc.xdg)
			got, err := control.SocketPath(tc.db)
			if err != nil {
				t.Fatal(err)
			}
			want := tc.want
			if want == own {
				want = ownDir
			}
			switch {
			case strings.HasSuffix(want, ".ctl"):
				if got != want {
					t.Errorf("SocketPath(%s) = %s, want %s", tc.db, got, want)
				}
			case filepath.Dir(got) != want || !strings.HasPrefix(filepath.Base(got), "takbot-") || len(got) > control.MaxSocketPath:
				t.Errorf("SocketPath(%s) = %s, want takbot-HASH.ctl in %s", tc.db, got, want)
			}
			again, _ := control.SocketPath(tc.db)
			if again != got {
				t.Errorf("SocketPath(%s) gave %s, then %s", tc.db, got, again)
			}
		})
	}
	socketEnv(t, "")
	a, _ := control.SocketPath(long)
	b, _ := control.SocketPath(filepath.Join(filepath.Dir(long), "other.db"))
	if a == b {
		t.Errorf("two databases share the socket %s", a)
	}
	// A relative name gives the socket of the absolute path.
	wd, _ := os.Getwd()
	if rel, err := filepath.Rel(wd, db); err == nil {
		if got, _ := control.SocketPath(rel); got != db+".ctl" {
			t.Errorf("SocketPath(%s) = %s, want %s.ctl", rel, got, db)
		}
	}
}

// TestOwnDirServes: a database whose socket goes to takbot's own
// directory is served there; the directory is made with mode 0700, and
// a second start finds it as it left it.
func TestOwnDirServes(t *testing.T) {
	ownDir := socketEnv(t, "")
	dir := mkdir(t, filepath.Join(t.TempDir(), "shared"), 0o777)
	path := filepath.Join(dir, "s.db")
	db := openStore(t, path)
	for range 2 {
		func() {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			sock, err := control.SocketPath(path)
			if err != nil {
				t.Fatal(err)
			}
			srv, err := control.Listen(sock, control.Service{Export: listGames(db)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- srv.Serve(ctx) }()
			defer func() { cancel(); <-done }()
			if filepath.Dir(sock) != ownDir {
				t.Errorf("the socket of a database in a directory all may write to is %s, want it in %s", sock, ownDir)
			}
			fi, err := os.Lstat(ownDir)
			if err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
				t.Fatalf("takbot's own directory: %v %v, want a directory with mode 0700", fi, err)
			}
			var buf bytes.Buffer
			if _, err := control.Export(ctx, sock, path, &buf); err != nil || !strings.HasPrefix(buf.String(), "g1 ") {
				t.Errorf("export over %s: %q, %v", sock, buf.String(), err)
			}
		}()
	}
}

// TestListenRefusesUnsafePaths: a socket directory or path that another
// user made first, or that others may write to, is refused with
// ErrUnsafePath and a message naming it; nothing there is changed.
func TestListenRefusesUnsafePaths(t *testing.T) {
	const other = 4242 // the uid takbot runs as, in the cases where the files are "another user's"
	for _, tc := range []struct {
		name string
		// prepare makes the hostile state before Listen; it returns the
		// path to give Listen ("" for the database's) and the file that
		// is named in the error and must be left as it was.
		prepare func(t *testing.T, ownDir, db string) (sock, named string)
		uid     int // the user takbot runs as; 0: the real one
	}{
		{"own directory open to all", func(t *testing.T, ownDir, _ string) (string, string) {
			return "", mkdir(t, ownDir, 0o777)
		}, 0},
		{"own directory readable by others", func(t *testing.T, ownDir, _ string) (string, string) {
			return "", mkdir(t, ownDir, 0o755)
		}, 0},
		{"own directory is a symlink", func(t *testing.T, ownDir, _ string) (string, string) {
			target := mkdir(t, filepath.Join(t.TempDir(), "elsewhere"), 0o700)
			if err := os.Symlink(target, ownDir); err != nil {
				t.Fatal(err)
			}
			return "", ownDir
		}, 0},
		{"own directory is a file", func(t *testing.T, ownDir, _ string) (string, string) {
			if err := os.WriteFile(ownDir, []byte("keep"), 0o600); err != nil {
				t.Fatal(err)
			}
			return "", ownDir
		}, 0},
		{"own directory made by another user", func(t *testing.T, _, _ string) (string, string) {
			// Made by the real user, who is "another" to takbot running as other.
			return "", mkdir(t, filepath.Join(os.Getenv("TMPDIR"), "takbot-"+strconv.Itoa(other)), 0o700)
		}, other},
		{"socket path taken by another user", func(t *testing.T, _, _ string) (string, string) {
			// A file the real user made is "another user's" to takbot running as other.
			sock := filepath.Join(mkdir(t, filepath.Join(os.Getenv("TMPDIR"), "mine"), 0o700), "taken.ctl")
			if err := os.WriteFile(sock, []byte("keep"), 0o600); err != nil {
				t.Fatal(err)
			}
			return sock, sock
		}, other},
		{"control_socket in a directory all may write to", func(t *testing.T, _, _ string) (string, string) {
			dir := mkdir(t, filepath.Join(os.Getenv("TMPDIR"), "open"), 0o1777)
			return filepath.Join(dir, "takbot.ctl"), dir
		}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ownDir := socketEnv(t, "")
			base := mkdir(t, filepath.Join(t.TempDir(), "shared"), 0o777) // the database's socket goes to ownDir
			db := filepath.Join(base, "t.db")
			sock, named := tc.prepare(t, ownDir, db)
			if tc.uid != 0 {
				control.SetUID(t, tc.uid)
			}
			if sock == "" {
				var err error
				if sock, err = control.SocketPath(db); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := os.Lstat(named)
			srv, err := control.Listen(sock, control.Service{}, nil)
			if err == nil {
				srv.Serve(canceled())
				t.Fatalf("Listen(%s) served", sock)
			}
			t.Log(err)
			if !errors.Is(err, control.ErrUnsafePath) || !strings.Contains(err.Error(), named) {
				t.Errorf("Listen(%s): %v, want ErrUnsafePath naming %s", sock, err, named)
			}
			after, _ := os.Lstat(named)
			if before == nil || after == nil || before.Mode() != after.Mode() || !os.SameFile(before, after) {
				t.Errorf("%s changed: %v, now %v", named, before, after)
			}
		})
	}
}

// canceled is a context that has ended.
func canceled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}
