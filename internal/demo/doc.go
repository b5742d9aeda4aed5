// Package demo is "takbot demo": Tak by mail on one machine, with nothing
// to configure. Run starts an embedded IMAP and SMTP server on loopback
// (package localmail) with mailboxes for the bot, alice and bob, runs the
// real referee (package bot, on a bbolt file) and the real email transport
// (package mailplay) against them, and has two scripted players play a
// whole game by mail.
//
// The players are real mail clients (Player): they read their INBOX over
// IMAP, waiting with IDLE, and answer the bot's mails by SMTP submission
// the way Gmail, Outlook, Apple Mail, Thunderbird and mutt do: "Re:"
// subjects, In-Reply-To and References, the bot's Reply-To honoured, the
// mail answered quoted in each client's style, and bodies in plain UTF-8,
// quoted-printable, ISO-8859-1, HTML only, or text and HTML (Style,
// Format). The game has a challenge, an accept, moves in PTN and in Tak by
// Mail notation, an rs with a board that drifted and its resolution, an
// im, and a road win. Each mail is printed as a transcript (From, To,
// Subject, the text part, quoted lines collapsed) and saved as an .eml
// file, with the board pictures, in a folder. The transcript prints every
// mail after the one that caused it and before the next player's mail.
//
// With Options.Listen the servers and the bot keep running after the game
// and Run prints how to connect Thunderbird or mutt as the two players;
// with Options.Control too it serves the database's control socket and
// prints the "takbot export" and "takbot backup" commands.
//
// Player is exported for the end-to-end tests of package mailplay, which
// drive the same clients against localmail and Dovecot.
package demo
