package localmail

import (
	"crypto/tls"
	"errors"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// dialIMAPWith connects to the IMAP server in the given mode.
func dialIMAPWith(sys *System, mode TLSMode, config *tls.Config) (*imapclient.Client, error) {
	opts := &imapclient.Options{TLSConfig: config}
	switch mode {
	case TLSImplicit:
		return imapclient.DialTLS(sys.IMAPAddr(), opts)
	case TLSStartTLS:
		return imapclient.DialStartTLS(sys.IMAPAddr(), opts)
	default:
		return imapclient.DialInsecure(sys.IMAPAddr(), opts)
	}
}

// dialSMTPWith connects to the SMTP server in the given mode.
func dialSMTPWith(sys *System, mode TLSMode, config *tls.Config) (*smtp.Client, error) {
	switch mode {
	case TLSImplicit:
		return smtp.DialTLS(sys.SMTPAddr(), config)
	case TLSStartTLS:
		return smtp.DialStartTLS(sys.SMTPAddr(), config)
	default:
		return smtp.Dial(sys.SMTPAddr())
	}
}

func TestTLSModes(t *testing.T) {
	tests := []TLSOptions{
		{IMAP: TLSImplicit, SMTP: TLSImplicit},
		{IMAP: TLSStartTLS, SMTP: TLSStartTLS},
		{IMAP: TLSImplicit, SMTP: TLSStartTLS},
		{IMAP: TLSStartTLS, SMTP: TLSImplicit},
	}
	for _, modes := range tests {
		t.Run("imap-"+modes.IMAP.String()+"/smtp-"+modes.SMTP.String(), func(t *testing.T) {
			sys, _ := startTestSystem(t, Options{TLS: modes})
			if sys.CertPool() == nil {
				t.Fatal("no certificate pool with TLS on")
			}

			sc, err := dialSMTPWith(sys, modes.SMTP, sys.ClientTLSConfig())
			if err != nil {
				t.Fatalf("SMTP dial: %v", err)
			}
			defer sc.Close()
			if _, ok := sc.TLSConnectionState(); !ok {
				t.Error("SMTP connection is not encrypted")
			}
			if err := sc.Auth(sasl.NewPlainClient("", botAddr, botPassword)); err != nil {
				t.Fatalf("SMTP AUTH: %v", err)
			}
			if err := sc.SendMail(botAddr, []string{aliceAddr}, strings.NewReader(testMail("over tls"))); err != nil {
				t.Fatalf("SMTP send: %v", err)
			}
			if sent := sys.Sent(); len(sent) != 1 || !sent[0].TLS {
				t.Errorf("Sent() = %+v, want one submission over TLS", sent)
			}

			ic, err := dialIMAPWith(sys, modes.IMAP, sys.ClientTLSConfig())
			if err != nil {
				t.Fatalf("IMAP dial: %v", err)
			}
			defer ic.Close()
			if err := ic.Login(aliceAddr, alicePass).Wait(); err != nil {
				t.Fatalf("IMAP login: %v", err)
			}
			data := selectInbox(t, ic)
			if data.NumMessages != 1 {
				t.Fatalf("INBOX holds %d messages, want 1", data.NumMessages)
			}
			if msg := messages(t, sys, aliceAddr, "INBOX")[0]; !strings.Contains(string(msg.Raw), "with ESMTPSA") {
				t.Errorf("Received does not say ESMTPSA:\n%s", msg.Raw)
			}
		})
	}
}

func TestTLSUntrustedCertificateRefused(t *testing.T) {
	sys, _ := startTestSystem(t, Options{TLS: TLSOptions{IMAP: TLSImplicit, SMTP: TLSImplicit}})
	var verifyErr *tls.CertificateVerificationError
	if c, err := dialIMAPWith(sys, TLSImplicit, nil); !errors.As(err, &verifyErr) {
		if c != nil {
			_ = c.Close()
		}
		t.Errorf("IMAP dial without the pool: %v, want a certificate verification error", err)
	}
	if c, err := dialSMTPWith(sys, TLSImplicit, nil); !errors.As(err, &verifyErr) {
		if c != nil {
			_ = c.Close()
		}
		t.Errorf("SMTP dial without the pool: %v, want a certificate verification error", err)
	}
}

func TestSTARTTLSRequiredForAuth(t *testing.T) {
	sys, _ := startTestSystem(t, Options{TLS: TLSOptions{IMAP: TLSStartTLS, SMTP: TLSStartTLS}})

	ic, err := imapclient.DialInsecure(sys.IMAPAddr(), nil)
	if err != nil {
		t.Fatalf("IMAP dial: %v", err)
	}
	defer ic.Close()
	if err := ic.Login(botAddr, botPassword).Wait(); err == nil {
		t.Error("IMAP LOGIN succeeded before STARTTLS")
	}

	sc, err := smtp.Dial(sys.SMTPAddr())
	if err != nil {
		t.Fatalf("SMTP dial: %v", err)
	}
	defer sc.Close()
	if err := sc.Auth(sasl.NewPlainClient("", botAddr, botPassword)); err == nil {
		t.Error("SMTP AUTH succeeded before STARTTLS")
	}
}

func TestNoTLSNoPool(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	if sys.CertPool() != nil {
		t.Error("a certificate pool without TLS")
	}
}
