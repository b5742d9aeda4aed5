// Package localmail is an embedded loopback mail system: an IMAP server
// (go-imap's imapserver over the in-memory imapmemserver backend, with IDLE,
// MOVE and UIDPLUS) and an SMTP submission server (go-smtp) that delivers
// every accepted mail straight into the INBOX of its local recipients.
//
// It serves two purposes: `takbot demo` runs the bot against it without any
// real mail provider, and tests drive the real go-imap and go-smtp clients
// against it on 127.0.0.1 with ports chosen at run time.
//
// # Behaviour
//
// Users are mail addresses with passwords ([System.AddUser]); each has an
// INBOX. The domains of the users are the local domains. The SMTP server
// accepts AUTH PLAIN and AUTH LOGIN (without TLS too, since it listens on
// loopback) and, when [Options.AllowUnauthenticated] is set, mail from
// clients that do not authenticate. At RCPT it refuses, with 550, unknown
// users of a local domain and every address of another domain (no relaying).
// Plus-addressing works: takbot+TOKEN@example.test is delivered into the
// INBOX of takbot@example.test. Each delivered copy gets, as real servers
// do, a Return-Path, a Delivered-To with the full recipient address and a
// Received header prepended, and its IMAP INTERNALDATE comes from the
// injected [Clock].
//
// With [Options.TLS] an ephemeral self-signed certificate for 127.0.0.1 is
// made in memory, and IMAP and SMTP are served over implicit TLS or
// STARTTLS as configured; clients trust [System.CertPool].
//
// # Faults and assertions
//
// [System.Deliver] injects a mail as if received from outside (a forgery, a
// bounce). [System.Messages] reads a mailbox back, [System.Sent] lists what
// the SMTP server accepted. [System.SetSMTPDown] makes the SMTP server greet
// new clients with 421 and refuse commands of open sessions with 421;
// [System.SetIMAPDown] drops every IMAP connection and closes the port so new
// ones are refused. [System.RecreateMailbox] deletes and creates a mailbox
// again, which gives it a new UIDVALIDITY, and disconnects the user's IMAP
// sessions as Dovecot does when a selected mailbox's UIDVALIDITY changes.
package localmail
