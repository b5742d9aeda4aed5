package control_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/control"
	"github.com/takbymail/takbot/storage"
)

// serve starts a server for svc on the socket of db and stops it at the
// end of the test.
func serve(t *testing.T, db string, svc control.Service) string {
	t.Helper()
	sock, err := control.SocketPath(db)
	if err != nil {
		t.Fatal(err)
	}
	serveAt(t, sock, svc)
	return sock
}

// openStore opens a bbolt database with two games.
func openStore(t *testing.T, path string) *storage.DB {
	t.Helper()
	db, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	err = db.Update(context.Background(), func(tx bot.Tx) error {
		for _, g := range []*bot.GameRecord{
			{ID: "g1", Status: bot.Active, Names: [2]string{"alice", "bob"}},
			{ID: "g2", Status: bot.Over, Names: [2]string{"carol", "dave"}},
		} {
			if err := tx.PutGame(g); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// listGames is a stand-in export: one line per game.
func listGames(db bot.Store) func(context.Context, io.Writer) error {
	return func(ctx context.Context, w io.Writer) error {
		return db.View(ctx, func(tx bot.Tx) error {
			return tx.ForEachGame(func(g *bot.GameRecord) error {
				_, err := fmt.Fprintf(w, "%s %s-%s\n", g.ID, g.Names[0], g.Names[1])
				return err
			})
		})
	}
}

func TestBackupAndExport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.db")
	db := openStore(t, path)
	status := func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, `{"status":"ok","database":{"open":true}}`)
		return err
	}
	sock := serve(t, path, control.Service{Backup: db.Backup, Export: listGames(db), Status: status})
	fi, err := os.Lstat(sock)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Type() != os.ModeSocket || fi.Mode().Perm() != 0o600 {
		t.Errorf("socket mode %v, want a socket with 0600", fi.Mode())
	}

	var buf bytes.Buffer
	n, err := control.Backup(context.Background(), sock, path, &buf)
	if err != nil || n != int64(buf.Len()) || n == 0 {
		t.Fatalf("Backup: %d bytes (%d received), %v", n, buf.Len(), err)
	}
	copyPath := filepath.Join(dir, "copy.db")
	if err := os.WriteFile(copyPath, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	cp, err := storage.Open(copyPath, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("the backup does not open: %v", err)
	}
	defer cp.Close()
	var got bytes.Buffer
	if err := listGames(cp)(context.Background(), &got); err != nil {
		t.Fatal(err)
	}
	want := "g1 alice-bob\ng2 carol-dave\n"
	if got.String() != want {
		t.Errorf("games in the backup:\n%s\nwant\n%s", got.String(), want)
	}

	buf.Reset()
	if _, err := control.Export(context.Background(), sock, path, &buf); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Errorf("export:\n%s\nwant\n%s", buf.String(), want)
	}

	buf.Reset()
	if _, err := control.Status(context.Background(), sock, path, &buf); err != nil || buf.String() != `{"status":"ok","database":{"open":true}}` {
		t.Errorf("status: %q, %v", buf.String(), err)
	}
}

// TestBackupDuringWrites fetches backups while another goroutine keeps
// writing: each copy opens and holds a consistent prefix of the writes.
func TestBackupDuringWrites(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "hot.db")
	db := openStore(t, path)
	sock := serve(t, path, control.Service{Backup: db.Backup})
	stop := make(chan struct{})
	done := make(chan int)
	var progress atomic.Int64
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				done <- n
				return
			default:
			}
			id := fmt.Sprintf("m%06d", n)
			if err := db.Update(ctx, func(tx bot.Tx) error { return tx.MarkProcessed(&bot.ProcessedRecord{ID: id}) }); err != nil {
				t.Error(err)
			}
			n++
			progress.Store(int64(n))
		}
	}()
	var copies []string
	for i := range 3 {
		for want := int64(2 * (i + 1)); progress.Load() < want; {
			runtime.Gosched()
		}
		var buf bytes.Buffer
		if _, err := control.Backup(ctx, sock, path, &buf); err != nil {
			close(stop)
			<-done
			t.Fatal(err)
		}
		out := filepath.Join(dir, fmt.Sprintf("copy%d.db", i))
		if err := os.WriteFile(out, buf.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		copies = append(copies, out)
	}
	close(stop)
	written := <-done
	for _, c := range copies {
		cp, err := storage.Open(c, storage.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		present := make([]bool, written)
		cp.View(ctx, func(tx bot.Tx) error {
			for i := range present {
				_, err := tx.Processed(fmt.Sprintf("m%06d", i))
				present[i] = err == nil
			}
			return nil
		})
		cp.Close()
		// The ids present are m000000 up to some m, none after a gap.
		k := 0
		for k < len(present) && present[k] {
			k++
		}
		if k < 2 {
			t.Errorf("%s: holds %d writes, want at least 2", c, k)
		}
		for i := k; i < len(present); i++ {
			if present[i] {
				t.Errorf("%s: has m%06d but not m%06d", c, i, k)
				break
			}
		}
	}
}

// TestStaleSocket: a socket file left by a killed process is replaced, and
// before that clients say nobody serves it.
func TestStaleSocket(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	sock, err := control.SocketPath(path)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close() // as if SIGKILLed: the file stays, nobody listens
	if _, err := os.Lstat(sock); err != nil {
		t.Fatal(err)
	}
	if _, err := control.Export(context.Background(), sock, path, io.Discard); !errors.Is(err, control.ErrNoServer) {
		t.Fatalf("export from a stale socket: %v, want ErrNoServer", err)
	}
	serve(t, path, control.Service{Export: func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, "fresh\n")
		return err
	}})
	var buf bytes.Buffer
	if _, err := control.Export(context.Background(), sock, path, &buf); err != nil || buf.String() != "fresh\n" {
		t.Fatalf("export after replacing the stale socket: %q, %v", buf.String(), err)
	}
}

func TestListenRefuses(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	sock := serve(t, live, control.Service{})
	if _, err := control.Listen(sock, control.Service{}, nil); !errors.Is(err, control.ErrServing) {
		t.Errorf("second server on a live socket: %v, want ErrServing", err)
	}
	if _, err := control.Export(context.Background(), sock, live, io.Discard); err == nil {
		t.Error("the first server stopped answering")
	}
	plain := filepath.Join(dir, "plain.ctl")
	os.WriteFile(plain, []byte("keep"), 0o600)
	if _, err := control.Listen(plain, control.Service{}, nil); err == nil {
		t.Error("Listen replaced a regular file")
	}
	if b, _ := os.ReadFile(plain); string(b) != "keep" {
		t.Errorf("the regular file now holds %q", b)
	}
	if _, err := control.Listen(filepath.Join(dir, strings.Repeat("x", control.MaxSocketPath)), control.Service{}, nil); err == nil {
		t.Error("Listen accepted a path longer than sun_path")
	}
}

func TestNoServer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "none.db")
	sock, _ := control.SocketPath(path)
	_, err := control.Backup(context.Background(), sock, path, io.Discard)
	if !errors.Is(err, control.ErrNoServer) {
		t.Errorf("backup without a server: %v, want ErrNoServer", err)
	}
}

// TestServerErrors: failures on the server reach the client as RemoteError.
func TestServerErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.db")
	sock := serve(t, path, control.Service{
		Backup: func(w io.Writer) (int64, error) {
			n, _ := w.Write(bytes.Repeat([]byte{7}, 100<<10))
			return int64(n), errors.New("disk on fire")
		},
	})
	for _, tc := range []struct{ request, want string }{
		{"backup", "disk on fire"},
		{"export", "export is not served here"},
		{"status", "status is not served here"},
		{"launch", `unknown request "launch"`},
	} {
		var buf bytes.Buffer
		_, err := control.Fetch(context.Background(), sock, path, tc.request, &buf)
		var re *control.RemoteError
		if !errors.As(err, &re) || re.Message != tc.want {
			t.Errorf("%s: %v, want the server's %q", tc.request, err, tc.want)
		}
	}
}

// TestClientDetectsBadAnswers feeds the client raw answers.
func TestClientDetectsBadAnswers(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		want         error
		got          string
	}{
		{"complete", "data 3\nabcdata 2\nde" + "end 5\n", nil, "abcde"},
		{"empty", "end 0\n", nil, ""},
		{"cut in a frame", "data 10\nabc", control.ErrTruncated, "abc"},
		{"no end", "data 3\nabc", control.ErrTruncated, "abc"},
		{"cut in a header", "data 3\nabcend", control.ErrTruncated, "abc"},
		{"wrong total", "data 3\nabcend 4\n", control.ErrTruncated, "abc"},
		{"nothing", "", control.ErrTruncated, ""},
		{"garbage", "HTTP/1.1 200 OK\n", control.ErrProtocol, ""},
		{"huge frame", "data 999999999\n", control.ErrProtocol, ""},
		{"negative frame", "data -1\n", control.ErrProtocol, ""},
		{"long header", strings.Repeat("x", 5000) + "\n", control.ErrProtocol, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sock := filepath.Join(t.TempDir(), "raw.ctl")
			ln, err := net.Listen("unix", sock)
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			served := make(chan error, 1)
			go func() {
				c, err := ln.Accept()
				if err != nil {
					served <- err
					return
				}
				defer c.Close()
				line := make([]byte, len("backup\n"))
				if _, err := io.ReadFull(c, line); err != nil || string(line) != "backup\n" {
					served <- fmt.Errorf("request %q, %v", line, err)
					return
				}
				_, err = io.WriteString(c, tc.answer)
				served <- err
			}()
			var buf bytes.Buffer
			_, err = control.Backup(context.Background(), sock, "", &buf)
			if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
			if buf.String() != tc.got {
				t.Errorf("received %q, want %q", buf.String(), tc.got)
			}
			if err := <-served; err != nil {
				t.Error(err)
			}
		})
	}
}

// TestShutdownAbortsTransfers: a client that stops reading does not keep
// Serve from returning when its context ends.
func TestShutdownAbortsTransfers(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "x.ctl")
	started := make(chan struct{})
	srv, err := control.Listen(sock, control.Service{Backup: func(w io.Writer) (int64, error) {
		close(started)
		n, err := io.Copy(w, io.LimitReader(zeros{}, 64<<20))
		return n, err
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "backup\n")
	<-started // the server is writing and will block: nobody reads
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := os.Lstat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left behind: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestClientContext(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "c.ctl")
	release := make(chan struct{})
	defer close(release)
	sent := make(chan struct{})
	serveAt(t, sock, control.Service{Export: func(_ context.Context, w io.Writer) error {
		io.WriteString(w, strings.Repeat("x", 70<<10)) // one frame goes out
		close(sent)
		<-release
		return nil
	}})
	ctx, cancel := context.WithCancel(context.Background())
	w := &cancelAfterFirstWrite{cancel: cancel}
	_, err := control.Export(ctx, sock, "", w)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("export with a cancelled context: %v, want context.Canceled", err)
	}
	<-sent
}

// serveAt starts a server for svc on the socket sock and stops it at the
// end of the test, checking that Serve returns cleanly and removes sock.
func serveAt(t *testing.T, sock string, svc control.Service) {
	t.Helper()
	srv, err := control.Listen(sock, svc, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
		if _, err := os.Lstat(sock); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("socket %s left behind: %v", sock, err)
		}
	})
}

type cancelAfterFirstWrite struct{ cancel func() }

func (c *cancelAfterFirstWrite) Write(p []byte) (int, error) {
	c.cancel()
	return len(p), nil
}

// TestLongPathServes: a database whose socket would be too long is served
// on the hashed path, and found there by the client.
func TestLongPathServes(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("TMPDIR", t.TempDir())
	dir := filepath.Join(t.TempDir(), strings.Repeat("d", 110))
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "long.db")
	db := openStore(t, path)
	sock := serve(t, path, control.Service{Export: listGames(db)})
	var buf bytes.Buffer
	if _, err := control.Export(context.Background(), sock, path, &buf); err != nil || !strings.HasPrefix(buf.String(), "g1 ") {
		t.Fatalf("export over %s: %q, %v", sock, buf.String(), err)
	}
}
