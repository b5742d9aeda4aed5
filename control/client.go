package control

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ErrNoServer is returned by clients when no server answers on the socket:
// the file is missing or connecting to it is refused.
var ErrNoServer = errors.New("no takbot serves the control socket")

// ErrTruncated is returned by clients when the connection ends before the
// server has said the transfer is complete, or the sizes disagree.
var ErrTruncated = errors.New("transfer truncated")

// ErrProtocol is returned by clients when the server's answer is malformed.
var ErrProtocol = errors.New("control protocol error")

// RemoteError is a failure the server reported.
type RemoteError struct {
	Request string // "backup", "export" or "status"
	Message string // the server's message
}

// Error returns the server's message.
func (e *RemoteError) Error() string {
	return "the running takbot says: " + e.Message
}

// Backup asks the server on socket for a backup and writes it to w; it
// returns the bytes written. db is the database file, whose owner may own
// the socket ("" for only the caller). On an error, what w received is
// void (write it to a temporary file and rename it on success).
func Backup(ctx context.Context, socket, db string, w io.Writer) (int64, error) {
	return Fetch(ctx, socket, db, "backup", w)
}

// Export asks the server on socket for every game as PTN and writes it to
// w; it returns the bytes written. db is as for [Backup].
func Export(ctx context.Context, socket, db string, w io.Writer) (int64, error) {
	return Fetch(ctx, socket, db, "export", w)
}

// Status asks the server on socket for its health report and writes it to
// w; it returns the bytes written. db is as for [Backup].
func Status(ctx context.Context, socket, db string, w io.Writer) (int64, error) {
	return Fetch(ctx, socket, db, "status", w)
}

// Fetch sends request to the server on socket and copies the payload to w
// as it arrives. Its errors do not name the request: the caller's message
// does ("status: no takbot serves the control socket: ..."). It returns [ErrNoServer] when nobody serves the socket, a
// [*RemoteError] when the server fails, [ErrTruncated] or [ErrProtocol]
// when the answer is cut short or malformed. ctx ends the transfer.
func Fetch(ctx context.Context, socket, db, request string, w io.Writer) (int64, error) {
	if err := checkOwner(socket, db); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return 0, fmt.Errorf("%w: %s does not exist", ErrNoServer, socket)
		}
		return 0, fmt.Errorf("control socket: %w", err)
	}
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", socket)
	if err != nil {
		if errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ENOENT) {
			return 0, fmt.Errorf("%w: %s refuses connections", ErrNoServer, socket)
		}
		return 0, err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	n, err := fetch(c, request, w)
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("%w (%v)", ctx.Err(), err)
	}
	return n, err
}

// fetch speaks the protocol on c.
func fetch(c net.Conn, request string, w io.Writer) (int64, error) {
	if _, err := io.WriteString(c, request+"\n"); err != nil {
		return 0, fmt.Errorf("send request: %w", err)
	}
	r := bufio.NewReaderSize(c, 64<<10)
	var n int64
	for {
		head, err := readHeader(r)
		if err != nil {
			return n, err
		}
		kind, arg, _ := strings.Cut(head, " ")
		switch kind {
		case "data":
			size, err := strconv.Atoi(arg)
			if err != nil || size <= 0 || size > MaxFrame {
				return n, fmt.Errorf("%w: bad frame %q", ErrProtocol, head)
			}
			k, err := io.CopyN(w, r, int64(size))
			n += k
			if err == io.EOF {
				return n, fmt.Errorf("%w: frame of %d bytes ends after %d", ErrTruncated, size, k)
			}
			if err != nil {
				return n, err
			}
		case "end":
			total, err := strconv.ParseInt(arg, 10, 64)
			if err != nil {
				return n, fmt.Errorf("%w: bad frame %q", ErrProtocol, head)
			}
			if total != n {
				return n, fmt.Errorf("%w: server sent %d bytes, %d arrived", ErrTruncated, total, n)
			}
			return n, nil
		case "error":
			return n, &RemoteError{Request: request, Message: arg}
		default:
			return n, fmt.Errorf("%w: bad frame %q", ErrProtocol, head)
		}
	}
}

// readHeader reads one header line of at most 4096 bytes.
func readHeader(r *bufio.Reader) (string, error) {
	var line []byte
	for {
		part, err := r.ReadSlice('\n')
		line = append(line, part...)
		if len(line) > 4096 {
			return "", fmt.Errorf("%w: header longer than 4096 bytes", ErrProtocol)
		}
		switch {
		case err == nil:
			return strings.TrimSuffix(string(line), "\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			return "", fmt.Errorf("%w: connection closed before the end of the transfer", ErrTruncated)
		default:
			return "", err
		}
	}
}
