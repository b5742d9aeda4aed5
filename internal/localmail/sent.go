package localmail

import "time"

// Submission is one mail the SMTP server accepted.
type Submission struct {
	// From is the envelope sender (MAIL FROM); empty for a null sender.
	From string
	// To are the envelope recipients (RCPT TO) as the client wrote them.
	To []string
	// Raw is the message as the client sent it, before trace headers.
	Raw []byte
	// User is the authenticated login; empty without AUTH.
	User string
	// TLS reports whether the session was encrypted.
	TLS bool
	// At is when it was accepted, by the System's clock.
	At time.Time
}

// log returns a copy of the submissions accepted so far.
func (f *smtpFront) log() []Submission {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Submission, len(f.sent))
	for i, sub := range f.sent {
		sub.To = append([]string(nil), sub.To...)
		sub.Raw = append([]byte(nil), sub.Raw...)
		out[i] = sub
	}
	return out
}
