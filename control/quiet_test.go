package control_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/control"
)

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestStatusIsQuiet: a "status" request is logged at debug level only (a
// monitor may ask every minute), a backup at info; the errors of a
// client without a server do not repeat the request's name (the caller's
// message has it).
func TestStatusIsQuiet(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	sock, err := control.SocketPath(path)
	if err != nil {
		t.Fatal(err)
	}
	var logs syncBuffer
	srv, err := control.Listen(sock, control.Service{
		Status: func(_ context.Context, w io.Writer) error { _, err := io.WriteString(w, `{"status":"ok"}`); return err },
		Backup: func(w io.Writer) (int64, error) { n, err := io.WriteString(w, "copy"); return int64(n), err },
	}, slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo})))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	for range 3 {
		if _, err := control.Status(context.Background(), sock, path, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := control.Backup(context.Background(), sock, path, io.Discard); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := logs.String()
	if strings.Contains(got, "request=status") || strings.Count(got, "request=backup") != 1 || !strings.Contains(got, "took=") {
		t.Errorf("the info log of three status requests and a backup:\n%s", got)
	}
	_, err = control.Status(context.Background(), sock, path, io.Discard)
	if err == nil || strings.HasPrefix(err.Error(), "status") {
		t.Errorf("without a server: %v; want an error not naming the request", err)
	}
}
