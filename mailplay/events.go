package mailplay

// MailOutcome is what the transport did with one mail of the mailbox.
type MailOutcome string

// The outcomes of a mail.
const (
	// MailHandled: the referee handled it (and answers it).
	MailHandled MailOutcome = "handled"
	// MailDuplicate: the referee had handled the same mail before (same
	// Message-ID): nothing changed and nothing is answered.
	MailDuplicate MailOutcome = "duplicate"
	// MailHeld: it would change something but its sender is not
	// authenticated; the owner of its From address is asked to confirm.
	MailHeld MailOutcome = "held"
	// MailConfirmed: it confirmed a held mail, which the referee handled.
	MailConfirmed MailOutcome = "confirmed"
	// MailIgnored: a reply to a confirmation address that confirms
	// nothing (unknown, expired, confirmed before, or from another
	// address), or a mail that would need a confirmation while too many
	// from its From address already wait for one (3 in a day), or one
	// asked for within the hour waits for its answer.
	MailIgnored MailOutcome = "ignored"
	// MailAutomatic: an auto-reply, list mail or other automatic mail,
	// never answered; or a mail without a command from an address that
	// answers the bot's mails automatically without saying so
	// (responder.go).
	MailAutomatic MailOutcome = "automatic"
	// MailBounce: a delivery status notification; a hard failure of a
	// mail the bot sent was reported to the referee.
	MailBounce MailOutcome = "bounce"
	// MailOwn: mail from the bot's own address, never processed.
	MailOwn MailOutcome = "own"
	// MailUnreadable: no header, no usable sender, or refused by the
	// referee as a message it can never handle.
	MailUnreadable MailOutcome = "unreadable"
	// MailDropped: its sender is not authenticated and its From address
	// had Config.MaxUnverifiedRepliesPerHour answers in the last hour:
	// it was neither handled nor answered.
	MailDropped MailOutcome = "dropped"
	// MailForged: the trusted Authentication-Results say dmarc=fail for
	// its From domain: it was dropped, neither handled nor answered, and
	// nobody was asked to confirm it (Transport.DMARCFailDropped).
	MailForged MailOutcome = "forged"
)

// MailEvent reports one mail the transport is done with: committed, and
// about to be moved to the processed mailbox.
type MailEvent struct {
	UID       uint32
	MessageID string
	From      string
	Game      string // the game it addressed, when known
	Outcome   MailOutcome
	Detail    string // how the sender was authenticated, why it was skipped
}
