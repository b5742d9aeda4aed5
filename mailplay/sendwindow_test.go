package mailplay

import (
	"context"
	"errors"
	"io"
	"log"
	"log/slog"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/record"
)

// The windows where a mail could go out twice without a crash.

// dropServer is an SMTP server that takes every mail, but drops the
// connection without answering the final dot of the mails drop says.
type dropServer struct {
	mu    sync.Mutex
	taken int // mails taken (DATA read in full)
	drop  func(n int) bool
	hold  func() // when set, called before the answer to each mail
}

type dropSession struct {
	srv  *dropServer
	conn *smtp.Conn
}

func (s *dropSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *dropSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *dropSession) Reset()                               {}
func (s *dropSession) Logout() error                        { return nil }

func (s *dropSession) Data(r io.Reader) error {
	if _, err := io.ReadAll(r); err != nil {
		return err
	}
	s.srv.mu.Lock()
	s.srv.taken++
	drop, hold := s.srv.drop(s.srv.taken), s.srv.hold
	s.srv.mu.Unlock()
	if hold != nil {
		hold()
	}
	if drop {
		_ = s.conn.Conn().Close() // taken, and the answer is lost
	}
	return nil
}

// TestMailSentInFullIsNotResentAtOnce: on a kept connection, a
// connection lost after the whole mail was sent (the server may have
// taken it) is not retried at once on a new connection, as a connection
// found closed before the mail went out is: the error goes to the
// delivery pipeline, which sends the mail again later with the same
// Message-ID.
func TestMailSentInFullIsNotResentAtOnce(t *testing.T) {
	ds := &dropServer{drop: func(n int) bool { return n == 2 }}
	tr := dropTransport(t, ds)
	ctx := context.Background()
	mail := []byte("Subject: x\r\n\r\nx\r\n")
	if err := tr.smtp.send(ctx, "takbot@example.org", "ann@example.org", mail); err != nil {
		t.Fatalf("first mail: %v", err)
	}
	err := tr.smtp.send(ctx, "takbot@example.org", "ann@example.org", mail) // on the kept connection
	var se *SMTPError
	if !errors.As(err, &se) || se.Stage != StageData || !se.AnswerLost || se.Permanent() {
		t.Errorf("second mail: %v, want a temporary DATA failure whose answer was lost", err)
	}
	ds.mu.Lock()
	taken := ds.taken
	ds.mu.Unlock()
	if taken != 2 {
		t.Errorf("the server took %d mails, want 2 (the second not sent again at once)", taken)
	}

}

// dropTransport is a transport over an in-memory referee whose SMTP
// server is ds.
func dropTransport(t *testing.T, ds *dropServer) *Transport {
	t.Helper()
	server := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &dropSession{srv: ds, conn: c}, nil }))
	server.Domain = "mx.example.test"
	server.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = server.Serve(ln) }()
	t.Cleanup(func() { _ = server.Close() })
	cfg := testConfig()
	host, port := splitHostPort(t, ln.Addr().String())
	cfg.SMTP = Server{Host: host, Port: port, Security: SecurityNone}
	ref := bot.New(memstore.New(), nil, bot.Options{})
	tr, err := New(cfg, ref, Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	ref.Register(tr)
	t.Cleanup(tr.smtp.close)
	return tr
}

// TestConfirmationUnderWayAtStop: a confirmation request being sent when
// the service stops is not cut off, and is recorded as sent, so it does
// not go out again at the next start.
func TestConfirmationUnderWayAtStop(t *testing.T) {
	inData, release := make(chan struct{}), make(chan struct{})
	ds := &dropServer{drop: func(int) bool { return false }, hold: func() {
		close(inData)
		<-release
	}}
	tr := dropTransport(t, ds)
	c := confirmation{Nonce: "abcdefghijklmnop", ID: "mid:held@example.org", From: "ann@example.org", Text: "ps a1",
		Created: time.Now().UTC().Truncate(time.Second)}
	if err := tr.ref.UpdateState(context.Background(), TransportName, func(tx record.StateTx) error {
		return putJSON(tx, prefixConfirm+c.Nonce, c)
	}); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	sent := make(chan error, 1)
	go func() { sent <- tr.sendConfirmation(ctx, c) }()
	<-inData
	stop() // the service stops while the server takes the request
	close(release)
	if err := <-sent; err != nil {
		t.Fatalf("the request under way failed at the stop: %v", err)
	}
	var got confirmation
	if err := tr.ref.ViewState(context.Background(), TransportName, func(tx record.StateTx) error {
		_, err := getJSON(tx, prefixConfirm+c.Nonce, &got)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got.Sent.IsZero() {
		t.Error("the request the server took is not recorded as sent: it would go out again")
	}
}

func splitHostPort(t *testing.T, addr string) (string, int) {
	t.Helper()
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	port, err := strconv.Atoi(p)
	if err != nil {
		t.Fatal(err)
	}
	return host, port
}
