//go:build dovecot

// Package dovecottest runs Debian's Dovecot for end-to-end mail tests: IMAP
// and LMTP on 127.0.0.1 with ports chosen at run time, plus an SMTP front
// (a go-smtp server whose DATA forwards every recipient over LMTP), so a bot
// can send by SMTP and read by IMAP against a real server.
//
// Every file of this package, and every Dovecot suite in the project, carries
// the build tag `dovecot`: a plain `go test ./...` never compiles them, and
// `go test -tags dovecot ./...` runs them. Start needs root (Dovecot drops
// privileges to its own users) and the packages dovecot-imapd and
// dovecot-lmtpd; without them it fails the test, it never skips.
//
// # How it runs Dovecot
//
// Start makes a temporary directory (mode 755, so Dovecot's unprivileged
// processes can traverse it) holding the whole configuration, a passwd-file
// of the users (uid and gid 65534, nobody:nogroup) and their Maildirs, then
// runs `dovecot -F -c CONF` as a child process, in its own process group,
// whose log goes to its standard error; the line "starting up" says the
// listeners are open. A clash on a port chosen at run time is retried with
// new ports. Stopping sends SIGTERM to that process group (what
// `doveadm -c CONF stop` does for the master alone, without its 100 ms
// polling and the seconds IMAP processes take to follow) and SIGKILL to what
// is left after a second. Cleanup stops Dovecot and removes the directory.
// Statistics are off (stats_writer_socket_path is empty), which spares every
// doveadm call the start of a stats process.
//
// recipient_delimiter is "+", so takbot+TOKEN@example.test is delivered to
// takbot@example.test; Dovecot's LMTP adds Return-Path, Delivered-To and
// Received headers itself.
//
// # Outages and mailbox faults
//
// StopSMTP closes the SMTP front's port (connections refused) and StartSMTP
// opens it again on the same address. StopIMAP restarts Dovecot with LMTP
// only (the IMAP port refuses connections, deliveries still work) and
// StartIMAP restarts it with IMAP again; Restart stops and starts the whole
// server. Mail is kept throughout. RecreateMailbox gives a mailbox a new
// UIDVALIDITY with doveadm.
//
// The methods shared with package localmail have its signatures and return
// its types and errors ([localmail.Stored], [localmail.ErrNoSuchMailbox],
// ...), so one suite can be written against both.
package dovecottest
