// Package control is the control channel of a running takbot: a Unix domain
// socket next to the database through which "takbot backup" and "takbot
// export" reach the process that holds the database open.
//
// bbolt takes an exclusive lock on its file, so while a takbot transport
// runs no other process can open the database, not even read-only. The
// process holding it therefore serves a [Server] on the socket named by
// [SocketPath], and one-shot commands ask it with [Backup] and [Export].
// The package knows nothing of storage or of the transports: a server is
// given a [Service], functions that write a backup or an export to a writer.
//
// # Socket
//
// The socket is FILE.ctl beside the database FILE, named from the absolute
// path with symbolic links resolved, so that every way of naming the file
// finds the same socket. It never goes in a directory every user may
// write to, where another local user could take the path first and keep
// takbot from starting. When the database's directory is such a
// directory, or FILE.ctl is longer than the [MaxSocketPath] bytes a
// socket path may have (sun_path holds 104 bytes on the BSDs and macOS,
// 108 on Linux), the socket is takbot-HASH.ctl, HASH being derived from
// the database's absolute path, in $XDG_RUNTIME_DIR, else in takbot's own
// directory takbot-UID in [os.TempDir]. [Listen] creates that directory
// with mode 0700 and refuses it ([ErrUnsafePath]) if it is not a
// directory, belongs to another user or is open to others; it also
// refuses a socket path that another user's file holds, and a path given
// by the caller in a directory every user may write to. The server and
// its clients must agree on $XDG_RUNTIME_DIR or $TMPDIR in those cases.
//
// The socket is created with mode 0600 before it accepts connections: only
// its owner (and root) may connect, that is back up the database. Clients
// refuse a socket owned by anyone but themselves or the database's owner.
// A socket file left behind by a killed process is detected (connecting to
// it is refused) and replaced; the server removes its socket when it stops.
//
// # Protocol
//
// A client sends one request line, "backup", "export" or "status", and the server
// answers with frames, each a header line followed by its bytes:
//
//	data N\n<N bytes>   a piece of the payload (N at most MaxFrame)
//	end TOTAL\n         success: TOTAL bytes of payload were sent
//	error MESSAGE\n     failure: whatever was sent before is void
//
// The payload of "backup" is a bbolt file (a snapshot taken in one read
// transaction), that of "export" PTN text, that of "status" the health
// report as JSON (with the details /healthz keeps for its token). A
// connection that ends before "end" or "error", or whose total disagrees,
// is a truncated transfer ([ErrTruncated]); a server error is a
// [*RemoteError].
//
// A transfer holds the database's read transaction until it ends, and
// bbolt cannot grow its memory map while one is open, so writes that need a
// larger file wait for it. A server therefore gives up on a client that
// does not read for 30 seconds, and aborts every transfer when it stops.
package control
