package control

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/backoff"
)

// MaxFrame is the largest data frame a server sends and a client accepts.
const MaxFrame = 1 << 20

// frameSize is the size of the data frames a server writes.
const frameSize = 64 << 10

// Timeouts of a server's connections.
const (
	// requestTimeout bounds the wait for a client's request line.
	requestTimeout = 10 * time.Second
	// writeTimeout bounds each frame write: a client that stops reading
	// must not hold the database's read transaction (which can keep the
	// bot's writes from growing the file) for long.
	writeTimeout = 30 * time.Second
)

// Service is what a server offers. A nil function is reported to clients
// as not served.
type Service struct {
	// Backup writes a consistent copy of the database to w and returns the
	// bytes written (storage.DB.Backup).
	Backup func(w io.Writer) (int64, error)
	// Export writes every game as PTN text to w.
	Export func(ctx context.Context, w io.Writer) error
	// Status writes the running takbot's health report to w: the details
	// (servers, user names, errors) that /healthz shows only to a request
	// carrying its token.
	Status func(ctx context.Context, w io.Writer) error
}

// Server serves a [Service] on a control socket. Create it with [Listen]
// and run it with [Server.Serve].
type Server struct {
	path string
	fi   os.FileInfo
	ln   *net.UnixListener
	svc  Service
	log  *slog.Logger

	mu    sync.Mutex
	conns map[net.Conn]struct{}
	wg    sync.WaitGroup
}

// Listen creates the control socket at path (see [SocketPath]) with mode
// 0600 and returns a server ready to accept connections: clients may
// connect as soon as Listen returns, and are answered once [Server.Serve]
// runs. A stale socket file at path is replaced; if another server answers
// there, the error is [ErrServing]. log may be nil.
func Listen(path string, svc Service, log *slog.Logger) (*Server, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ln, fi, err := listenUnix(path)
	if err != nil {
		return nil, err
	}
	return &Server{path: path, fi: fi, ln: ln, svc: svc, log: log, conns: map[net.Conn]struct{}{}}, nil
}

// Path returns the socket's path.
func (s *Server) Path() string { return s.path }

// acceptBackoff is the pause after a failed accept: 5 ms, doubling up to
// a second while the failures go on.
var acceptBackoff = backoff.Policy{Min: 5 * time.Millisecond, Max: time.Second}

// Serve answers connections, one goroutine each, until ctx ends. Then it
// stops listening, aborts the transfers under way, waits for their
// goroutines, removes the socket file (if it is still this server's) and
// returns nil. Failures to accept a connection (such as running out of file
// descriptors) are logged and retried after a pause (acceptBackoff); Serve
// returns an error only if the listener is closed under it.
func (s *Server) Serve(ctx context.Context) error {
	stop := context.AfterFunc(ctx, func() { s.ln.Close() })
	defer stop()
	var err error
	fails := backoff.Counter{Policy: acceptBackoff}
	for {
		c, aerr := s.ln.Accept()
		if aerr != nil {
			if ctx.Err() != nil {
				break
			}
			if errors.Is(aerr, net.ErrClosed) {
				err = fmt.Errorf("control socket %s: %w", s.path, aerr)
				break
			}
			// Out of file descriptors and the like: wait and try again.
			wait := fails.Fail()
			s.log.Error("control: accept", "err", aerr, "retry_in", wait)
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
			case <-t.C:
			}
			t.Stop()
			continue
		}
		fails.Reset()
		s.mu.Lock()
		s.conns[c] = struct{}{}
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.serveConn(ctx, c)
			s.mu.Lock()
			delete(s.conns, c)
			s.mu.Unlock()
			c.Close()
		}()
	}
	s.ln.Close()
	s.mu.Lock()
	for c := range s.conns {
		c.Close() // ends a blocked read or write at once; deadlines could be reset
	}
	s.mu.Unlock()
	s.wg.Wait()
	s.removeSocket()
	return err
}

// removeSocket removes the socket file unless another has replaced it.
func (s *Server) removeSocket() {
	if fi, err := os.Lstat(s.path); err == nil && os.SameFile(fi, s.fi) {
		os.Remove(s.path)
	}
}

// serveConn answers one request.
func (s *Server) serveConn(ctx context.Context, c net.Conn) {
	c.SetReadDeadline(time.Now().Add(requestTimeout))
	line, err := bufio.NewReaderSize(io.LimitReader(c, 256), 256).ReadString('\n')
	if err != nil {
		s.log.Warn("control: no request", "err", err)
		return
	}
	req := strings.TrimSpace(line)
	fw := &frameWriter{c: c, buf: make([]byte, 0, frameSize)}
	start := time.Now()
	switch {
	case req == "backup" && s.svc.Backup != nil:
		_, err = s.svc.Backup(fw)
	case req == "export" && s.svc.Export != nil:
		err = s.svc.Export(ctx, fw)
	case req == "status" && s.svc.Status != nil:
		err = s.svc.Status(ctx, fw)
	case req == "backup" || req == "export" || req == "status":
		err = fmt.Errorf("%s is not served here", req)
	default:
		err = fmt.Errorf("unknown request %q", req)
	}
	if err == nil {
		err = fw.end()
	}
	if err != nil {
		if fw.err == nil { // the connection works: tell the client
			fw.fail(err)
		}
		s.log.Error("control: request failed", "request", req, "err", err)
		return
	}
	level := slog.LevelInfo
	if req == "status" { // a monitor may ask every minute: not a line each time
		level = slog.LevelDebug
	}
	s.log.Log(ctx, level, "control: request served", "request", req, "bytes", fw.total, "took", time.Since(start))
}

// frameWriter writes the payload as data frames of up to frameSize bytes.
type frameWriter struct {
	c     net.Conn
	buf   []byte
	total int64
	err   error // the first error writing to c
}

// Write buffers p and sends each full frame.
func (w *frameWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		if w.err != nil {
			return n, w.err
		}
		k := min(len(p), cap(w.buf)-len(w.buf))
		w.buf = append(w.buf, p[:k]...)
		p = p[k:]
		n += k
		if len(w.buf) == cap(w.buf) {
			w.flush()
		}
	}
	return n, w.err
}

// flush sends the buffered bytes as one data frame.
func (w *frameWriter) flush() {
	if len(w.buf) == 0 || w.err != nil {
		return
	}
	w.send(fmt.Appendf(nil, "data %d\n", len(w.buf)), w.buf)
	w.total += int64(len(w.buf))
	w.buf = w.buf[:0]
}

// send writes the buffers with a fresh write deadline.
func (w *frameWriter) send(bufs ...[]byte) {
	if w.err != nil {
		return
	}
	w.c.SetWriteDeadline(time.Now().Add(writeTimeout))
	nb := net.Buffers(bufs)
	if _, err := nb.WriteTo(w.c); err != nil {
		w.err = fmt.Errorf("send: %w", err)
	}
}

// end flushes and sends the end frame.
func (w *frameWriter) end() error {
	w.flush()
	w.send([]byte("end " + strconv.FormatInt(w.total, 10) + "\n"))
	return w.err
}

// fail sends an error frame (one line) in place of the rest.
func (w *frameWriter) fail(err error) {
	msg := strings.Join(strings.Fields(err.Error()), " ")
	w.send([]byte("error " + msg + "\n"))
}
