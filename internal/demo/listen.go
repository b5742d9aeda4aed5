package demo

import (
	"fmt"
	"io"
	"net/url"
	"path/filepath"
)

// printListen tells how to connect real mail clients as the two players
// and, with control, how to export the games and back the database up
// while the demo runs.
func printListen(out io.Writer, w *world, control bool) {
	imapHost, imapPort := splitAddr(w.sys.IMAPAddr())
	smtpHost, smtpPort := splitAddr(w.sys.SMTPAddr())
	fmt.Fprintf(out, `
The mail servers keep running (stop with Ctrl-C). Play by mail on this machine:
connect a mail client as each player and write to %s.

  player   address              password
  alice    %-20s %s
  bob      %-20s %s

Thunderbird (Account Settings > Add Mail Account > Configure manually):
  incoming  IMAP  server %s  port %d  connection security: None  authentication: Normal password
  outgoing  SMTP  server %s  port %d  connection security: None  authentication: Normal password
  user name: the player's address (the servers listen on loopback only)

mutt (save as ~/.muttrc-alice and run "mutt -F ~/.muttrc-alice"; the same for bob):
`, BotAddress, AliceAddress, alicePassword, BobAddress, bobPassword, imapHost, imapPort, smtpHost, smtpPort)
	for _, p := range []struct{ addr, pass, name string }{{AliceAddress, alicePassword, "Alice"}, {BobAddress, bobPassword, "Bob"}} {
		user := url.PathEscape(p.addr)
		fmt.Fprintf(out, `
  # %s
  set from = "%s"
  set realname = "%s"
  set folder = "imap://%s@%s:%d/"
  set spoolfile = "+INBOX"
  set imap_pass = "%s"
  set smtp_url = "smtp://%s@%s:%d/"
  set smtp_pass = "%s"
  set ssl_starttls = no
  set ssl_force_tls = no
`, p.addr, p.addr, p.name, user, imapHost, imapPort, p.pass, user, smtpHost, smtpPort, p.pass)
	}
	fmt.Fprintf(out, `
Then, as alice, write to %s:

  new %s size=5

The bot cannot tell that a new mail to its bare address comes from alice, so it asks her
to confirm: she answers that mail with "Reply". Then bob answers the challenge with
"Reply": accept. Send "help" for every command.
`, BotAddress, BobAddress)
	if control {
		db := w.dbPath
		if abs, err := filepath.Abs(db); err == nil {
			db = abs
		}
		fmt.Fprintf(out, `
While the demo runs, from another terminal:

  takbot export -db %s
      prints every game as PTN
  takbot backup -db %s -o takbot-backup.db
      copies the database
`, db, db)
	}
}
