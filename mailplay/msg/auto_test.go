package msg

import (
	"strings"
	"testing"
)

// mailWith builds a small mail from header lines and a body.
func mailWith(body string, fields ...string) []byte {
	return []byte(strings.Join(fields, "\r\n") + "\r\n\r\n" + body)
}

func TestClassify(t *testing.T) {
	human := []string{"From: Ann <ann@x.example>", "Return-Path: <ann@x.example>", "Subject: Re: [Tak g7]"}
	for _, tc := range []struct {
		name   string
		fields []string
		want   AutoKind
		reason string
	}{
		{"a person", nil, NotAutomatic, ""},
		{"Auto-Submitted: no", []string{"Auto-Submitted: no"}, NotAutomatic, ""},
		{"Auto-Submitted: auto-replied", []string{"Auto-Submitted: auto-replied"}, AutoSubmitted, "Auto-Submitted: auto-replied"},
		{"Auto-Submitted with a comment", []string{"Auto-Submitted: Auto-Generated (vacation)"}, AutoSubmitted, "Auto-Submitted: auto-generated"},
		{"X-Autoreply", []string{"X-Autoreply: yes"}, AutoReplyHeader, "X-Autoreply: yes"},
		{"X-Autorespond", []string{"X-Autorespond: Out of office"}, AutoReplyHeader, "X-Autorespond: out of office"},
		{"Exchange suppress all", []string{"X-Auto-Response-Suppress: All"}, AutoReplyHeader, "X-Auto-Response-Suppress: All"},
		{"Exchange suppress OOF", []string{"X-Auto-Response-Suppress: DR, OOF, AutoReply"}, AutoReplyHeader, "X-Auto-Response-Suppress: DR, OOF, AutoReply"},
		{"suppress read receipts only", []string{"X-Auto-Response-Suppress: RN, NRN"}, NotAutomatic, ""},
		{"Precedence bulk", []string{"Precedence: bulk"}, AutoPrecedence, "Precedence: bulk"},
		{"Precedence list", []string{"Precedence: List"}, AutoPrecedence, "Precedence: list"},
		{"Precedence junk", []string{"Precedence: junk"}, AutoPrecedence, "Precedence: junk"},
		{"Precedence auto_reply", []string{"Precedence: auto_reply"}, AutoPrecedence, "Precedence: auto_reply"},
		{"Precedence first-class", []string{"Precedence: first-class"}, NotAutomatic, ""},
		{"List-Id", []string{"List-Id: <tak.lists.example>"}, AutoMailingList, "List-Id: <tak.lists.example>"},
		{"List-Unsubscribe", []string{"List-Unsubscribe: <mailto:u@x.example>"}, AutoMailingList, "List-Unsubscribe: <mailto:u@x.example>"},
		{"null Return-Path", []string{"Return-Path: <>"}, AutoNullSender, "Return-Path: <>"},
		{"null Return-Path with a comment", []string{"Return-Path: <> (bounce)"}, AutoNullSender, "Return-Path: <>"},
		{"noreply", []string{"From: Shop <noreply@shop.example>"}, AutoSystemSender, "sender noreply@shop.example"},
		{"no-reply with a tag", []string{"From: no-reply+abc@shop.example"}, AutoSystemSender, "sender no-reply+abc@shop.example"},
		{"donotreply", []string{"From: DoNotReply@Shop.example"}, AutoSystemSender, "sender DoNotReply@shop.example"},
		{"postmaster without a bounce subject", []string{"From: postmaster@x.example"}, AutoSystemSender, "sender postmaster@x.example"},
		{"system Return-Path", []string{"Return-Path: <no-reply@x.example>"}, AutoSystemSender, "sender no-reply@x.example"},
		{"mailer-daemon prose is a bounce", []string{"From: MAILER-DAEMON@x.example"}, AutoBounce, "bounce from MAILER-DAEMON@x.example"},
		{"X-Failed-Recipients is a bounce", []string{"X-Failed-Recipients: bob@y.example"}, AutoBounce, "bounce from ann@x.example"},
		{"null sender with a bounce subject", []string{"Return-Path: <>", "Subject: Undeliverable: game"}, AutoBounce, "bounce from ann@x.example"},
		{"the first sign wins", []string{"Precedence: bulk", "Auto-Submitted: auto-generated"}, AutoSubmitted, "Auto-Submitted: auto-generated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fields := append([]string{}, tc.fields...)
			for _, h := range human {
				key, _, _ := strings.Cut(h, ":")
				if !hasField(fields, key) {
					fields = append(fields, h)
				}
			}
			in, err := ParseInbound(mailWith("hello\r\n", fields...))
			if err != nil {
				t.Fatal(err)
			}
			if in.Auto.Kind != tc.want || in.Auto.Reason != tc.reason || in.Auto.IsAutomatic() != (tc.want != NotAutomatic) {
				t.Errorf("Auto = %s (%q), want %s (%q)", in.Auto.Kind, in.Auto.Reason, tc.want, tc.reason)
			}
		})
	}
}

func hasField(fields []string, key string) bool {
	for _, f := range fields {
		if k, _, _ := strings.Cut(f, ":"); strings.EqualFold(k, key) {
			return true
		}
	}
	return false
}

func TestDeliveryStatus(t *testing.T) {
	body := "Reporting-MTA: dns; mx.example\r\n\r\n" +
		"Final-Recipient: rfc822; <Bob@Y.Example>\r\nAction: Failed\r\nStatus: 5.2.2 (mailbox full)\r\n\r\n" +
		"Original-Recipient: rfc822; carol@z.example\r\nAction: delayed\r\nDiagnostic-Code: smtp; 421 try later\r\n\r\n" +
		"Final-Recipient: rfc822; dan@z.example\r\nAction: delivered\r\nStatus: 2.0.0\r\n\r\n" +
		"Final-Recipient: rfc822; eve@z.example\r\nAction: failed\r\nnot a field\r\n\r\n" +
		"Final-Recipient: rfc822; fay@z.example\r\nAction: expanded\r\n"
	b := parseDeliveryStatus([]byte(body))
	want := []BounceRecipient{
		{FinalRecipient: "Bob@y.example", Action: ActionFailed, Status: "5.2.2", Severity: SeverityHard},
		{FinalRecipient: "carol@z.example", OriginalRecipient: "carol@z.example", Action: ActionDelayed, Severity: SeveritySoft, DiagnosticCode: "smtp; 421 try later"},
		{FinalRecipient: "dan@z.example", Action: ActionDelivered, Status: "2.0.0", Severity: SeveritySuccess},
		{FinalRecipient: "eve@z.example", Action: ActionFailed, Severity: SeverityHard},
		{FinalRecipient: "fay@z.example", Action: ActionExpanded, Severity: SeveritySuccess},
	}
	if b.ReportingMTA != "dns; mx.example" || len(b.Recipients) != len(want) {
		t.Fatalf("parseDeliveryStatus = %+v", b)
	}
	for i, r := range b.Recipients {
		if r != want[i] {
			t.Errorf("recipient %d = %+v, want %+v", i, r, want[i])
		}
	}
}

func TestSeverityOf(t *testing.T) {
	for _, tc := range []struct {
		status, diagnostic string
		action             DeliveryAction
		want               Severity
	}{
		{"5.1.1", "", "", SeverityHard},
		{"4.4.1", "", ActionFailed, SeveritySoft},
		{"2.0.0", "", "", SeveritySuccess},
		{"", "smtp; 550 no such user", "", SeverityHard},
		{"", "smtp; 452 mailbox full", "", SeveritySoft},
		{"", "", ActionFailed, SeverityHard},
		{"", "", ActionDelayed, SeveritySoft},
		{"", "", "", SeverityUnknown},
	} {
		if got := severityOf(tc.status, tc.diagnostic, tc.action); got != tc.want {
			t.Errorf("severityOf(%q, %q, %q) = %s, want %s", tc.status, tc.diagnostic, tc.action, got, tc.want)
		}
	}
}

func TestGuessBounce(t *testing.T) {
	exim := "This message was created automatically by mail delivery software.\n\n" +
		"A message that you sent could not be delivered to one or more of its\n" +
		"recipients. This is a permanent error. The following address(es) failed:\n\n" +
		"  bob@y.example\n    SMTP error from remote mail server after RCPT TO:<bob@y.example>:\n" +
		"    550 5.1.1 User unknown\n  carol@Z.example\n    retry timeout exceeded\n\n" +
		"------ This is a copy of the message, including all the headers. ------\n\n" +
		"Message-Id: <r1=2F1@tak.example.org>\nFrom: takbot@tak.example.org\n\nhello\n"
	in, err := ParseInbound(mailWith(exim, "From: Mail Delivery System <Mailer-Daemon@relay.example>", "Subject: Mail delivery failed: returning message to sender"))
	if err != nil {
		t.Fatal(err)
	}
	b := in.Bounce
	if in.Auto.Kind != AutoBounce || b == nil || b.Standard || b.OriginalMessageID != "r1=2F1@tak.example.org" {
		t.Fatalf("Auto %v, Bounce %+v", in.Auto, b)
	}
	if len(b.Recipients) != 2 || b.Recipients[0].FinalRecipient != "bob@y.example" || b.Recipients[1].FinalRecipient != "carol@z.example" ||
		b.Recipients[0].Status != "5.1.1" || b.Recipients[0].Severity != SeverityHard {
		t.Errorf("recipients %+v", b.Recipients)
	}
}
