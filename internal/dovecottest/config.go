//go:build dovecot

package dovecottest

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"text/template"
)

// mailUID and mailGID own the Maildirs: nobody and nogroup on Debian. Dovecot
// refuses uid 0 for mail.
const (
	mailUID = 65534
	mailGID = 65534
)

// configTemplate is the whole Dovecot configuration; log_path is standard
// error, which the harness reads.
var configTemplate = template.Must(template.New("dovecot.conf").Parse(`# written by dovecottest
protocols = {{.Protocols}}
listen = 127.0.0.1
base_dir = {{.Dir}}/run
state_dir = {{.Dir}}/state
log_path = /dev/stderr
# No statistics: doveadm and every service would otherwise wait for the
# stats process to start.
stats_writer_socket_path =
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
recipient_delimiter = +
{{- if .NoIDLE}}
# Dovecot's capabilities without IDLE: clients must poll.
imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT THREAD=REFERENCES MULTIAPPEND UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS BINARY MOVE LITERAL+ SPECIAL-USE
{{- end}}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {{.Dir}}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u {{.Dir}}/users
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = {{.IMAPPort}}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = {{.LMTPPort}}
  }
}
`))

// config is what the template needs.
type config struct {
	Dir       string
	Protocols string
	IMAPPort  int
	LMTPPort  int
	NoIDLE    bool // announce no IDLE capability
}

// protocols served normally and during an IMAP outage.
const (
	protocolsAll      = "imap lmtp"
	protocolsLMTPOnly = "lmtp"
)

// writeConfig writes dir/dovecot.conf.
func writeConfig(path string, c config) error {
	var b strings.Builder
	if err := configTemplate.Execute(&b, c); err != nil {
		return fmt.Errorf("dovecottest: config: %w", err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("dovecottest: config: %w", err)
	}
	return nil
}

// writeUsers writes the passwd-file and makes each user's home, owned by
// nobody:nogroup.
func writeUsers(dir string, users []User) error {
	var b strings.Builder
	for _, u := range users {
		if strings.ContainsAny(u.Address, ":\n") || strings.ContainsAny(u.Password, ":\n") {
			return fmt.Errorf("dovecottest: user %q: ':' and newlines cannot be written to a passwd-file", u.Address)
		}
		home := filepath.Join(dir, "mail", strings.ToLower(u.Address))
		if err := os.MkdirAll(home, 0o755); err != nil {
			return fmt.Errorf("dovecottest: home of %s: %w", u.Address, err)
		}
		if err := os.Chown(home, mailUID, mailGID); err != nil {
			return fmt.Errorf("dovecottest: home of %s: %w", u.Address, err)
		}
		fmt.Fprintf(&b, "%s:{PLAIN}%s:%d:%d::%s\n", strings.ToLower(u.Address), u.Password, mailUID, mailGID, home)
	}
	if err := os.WriteFile(filepath.Join(dir, "users"), []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("dovecottest: users: %w", err)
	}
	return nil
}

// freePort asks the kernel for a free port on 127.0.0.1. Another process may
// take it before Dovecot binds it; Start then retries with new ports.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("dovecottest: free port: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
