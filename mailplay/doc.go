// Package mailplay is the email adapter of takbot. This file describes its
// format layer: pure functions over the bytes of mail, both directions,
// with no network and no dependency on package bot. The IMAP and SMTP
// loops are built on top of it.
//
// The format layer's reading half is package mailplay/msg (mailplay keeps
// its names as aliases); the IMAP reader is mailplay/mailbox, SMTP
// submission mailplay/submit, and how a server is reached
// mailplay/mailserver. None of them imports the referee: this package fits
// them to it, through the Referee interface it declares.
//
// # Reading mail
//
// ParseInbound reads any received mail into an Inbound: Message-ID and a
// DedupKey for exactly-once processing (the Message-ID, or a hash of the
// raw mail), From, Reply-To, Return-Path (and whether it is null), the
// recipients To, Cc, Delivered-To and X-Original-To (Recipients and
// PlusToken find the token of a plus address such as
// takbot+TOKEN@example.org), the decoded Subject, In-Reply-To and
// References, the Date (informational), and Text: what the sender newly
// wrote, as plain text.
//
// The body is read leniently, within limits (MaxHeaderBytes, MaxParts,
// MaxDepth, MaxTextBytes): text/plain is preferred to text/html in a
// multipart/alternative; multipart/mixed and /related are followed to the
// text a reader sees; quoted-printable and base64 are decoded even when
// broken; any charset known to golang.org/x/text is decoded, and text that
// is not valid in its charset is read as UTF-8 or Windows-1252;
// format=flowed is unwrapped (RFC 3676, with delsp); HTML becomes text
// with HTMLToText; attachments and forwarded message/rfc822 parts are
// ignored. Bad input never panics: a mail without a header gives a
// *ParseError, every other problem a Defect next to the best text.
//
// StripQuoted then removes what the sender did not write: quoted lines,
// attribution lines ("On ..., Ann wrote:" in the styles of Gmail, Apple
// Mail, Thunderbird, mutt and in several languages), Outlook's header
// blocks and "-----Original Message-----" with everything after them, the
// signature, and device footers. It never drops a line that could be a
// Tak command or a sync board row unless it is quoted.
//
// # Automatic mail, bounces and authentication
//
// Inbound.Auto classifies mail that must never be answered (AutoKind):
// bounces, Auto-Submitted, the auto-reply fields of Exchange and others,
// Precedence bulk/list/junk, mailing lists, a null Return-Path and system
// senders such as mailer-daemon@ and noreply@. For a delivery status
// notification Inbound.Bounce lists, per recipient, the final and original
// recipient, the action, the status with its Severity (hard 5.x.x, soft
// 4.x.x) and the diagnostic, and the Message-ID of the bounced mail when
// the report returns its header. The adapter must also ignore mail from
// its own address.
//
// Authenticated trusts only the topmost Authentication-Results field and
// only when the receiving server the adapter trusts stamped it: it then
// requires dmarc=pass for the From domain or a dkim=pass aligned with it.
// A dmarc=fail for the From domain is a verdict of its own,
// AuthDMARCFail (AuthReason.Forged): such mail is dropped before anything
// else, with no answer and no request to confirm (MailForged), logged
// and counted (Transport.DMARCFailDropped).
//
// # Assurance and confirmations
//
// Each command declares the assurance it needs (bot.Policy): a mail
// through the player's reply token or with a trusted pass is strong;
// one to the bare address is unverified, answered only for commands
// that need no assurance, and held otherwise (confirm.go) until the
// owner of its From address answers a request, when it is handed to the
// referee with bot.Message.Confirmed. A mail with a command that needs
// strong assurance (pairing) is not held, as no confirmation can carry it
// out: the referee refuses it at once and says how to send it. A request
// says in the referee's words what the mail would do
// (bot.Command.InWords), never a link, an address or more than a short
// cleaned excerpt; at most one waits unanswered per address and hour
// (further mails dropped), and maxPending a day. A request is recorded
// before it is sent, each send is counted first, and a request the
// server took whose record failed is kept in memory and only recorded
// later: it is never sent twice by one process.
//
// Auto-responders that do not say so (responder.go): after 5 mails in a
// row without a command that repeat the previous one or come within 2
// minutes of the bot's last mail, all answered, mail without a command
// from the address is not answered for 24 hours (MailAutomatic, counted
// in Transport.AutoResponderDropped); any command ends it.
//
// # Limits
//
// Game events (record.Event) and the answers to a player's own play in their
// games (record.Play: a move's confirmation, a refused move, a question about
// it) are never limited nor counted. Other answers (record.Answer) count
// against Config.MaxRepliesPerHour per address; one over it is held back
// (outbox.HeldBack, logged once) and every mail that goes out to the address
// meanwhile opens with a line saying how many answers wait (all of them:
// the held one and those queued behind it) and until when; the player's
// "held" command lists them (Transport.AnswerTimes says when each goes). Mail from an unverified sender (no reply token, no trusted
// Authentication-Results pass) is answered, or held for confirmation, at
// most Config.MaxUnverifiedRepliesPerHour times an hour per From address;
// later mail is dropped unanswered (MailDropped), counted
// (Transport.UnverifiedDropped) and logged once per run of drops
// (limits.go).
//
// # Consent
//
// The transport implements bot.Consent: it records which addresses wrote
// to the bot (a mail through their reply token, vouched for by the
// trusted Authentication-Results, or confirmed) and which answered
// "stop" (or used the one-click link, Transport.Unsubscribe). An address
// that never wrote gets at most StrangerMailsPerDay mails in any 24
// hours, of every kind, counted when a mail is prepared; beyond that, and
// for every mail but an answer to an address that stopped, Send returns
// bot.Unwanted, counted (Transport.ConsentDropped) and logged once a run.
// Mail to a stranger ends with a one-word opt-out and carries
// List-Unsubscribe (mailto:, and with Options.UnsubscribeURL an https link
// with one-click POST, RFC 8058). Unverified mail from an address that
// stopped is dropped unanswered (consent.go).
//
// # Writing mail
//
// WriteOutgoing writes a reply: a multipart/related of the
// multipart/alternative (a quoted-printable text/plain part, then the
// HTML) and the PNG pictures the HTML shows by Content-ID, each named
// after its turn ("g1-turn-11.png") so text-only clients list it; files
// (a finished game's .ptn) beside it in a multipart/mixed; or a single
// text/plain part; always with Auto-Submitted: auto-replied. MessageIDFor
// derives a mail's Message-ID from a stable local part (for a reply, its
// game and a hash of its id keyed with the installation's secret: see
// keys.go), and ParseMessageIDFor reads the local part back from the
// In-Reply-To of an answer or a bounce. CleanSubject removes
// "Re:"-like prefixes and SubjectGameTag reads the "[Tak g7]" tag of the
// bot's subjects.
//
// The text part is format=flowed at 72 columns (msg.Flow). Every mail
// opens with a headline (voice.go): what happened and what the reader can
// do, read from the referee's own lines ("Your move in g3: Bob played
// c3.", "You win g3 by road."), the HTML's <h1>; a reply about no game
// gets a subject saying what it answers; the PTN Ninja link is one line,
// the game page's /ninja address when the referee gave the page. The
// links and the answers' titles come from the reply's typed facts
// (record.Gist.Links, record.Part.Title), never from its sentences.
package mailplay
