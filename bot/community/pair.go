package community

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// CodeTTL is how long a pairing code works.
const CodeTTL = 10 * time.Minute

// codeAlphabet writes codes without the characters read alike (0/O,
// 1/I/L).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// CodeLen is a code's length without its dash (31^8: about 40 bits).
const CodeLen = 8

// NewCode returns a random code from src (nil: crypto/rand).
func NewCode(src io.Reader) (string, error) {
	if src == nil {
		src = rand.Reader
	}
	b := make([]byte, CodeLen)
	if _, err := io.ReadFull(src, b); err != nil {
		return "", fmt.Errorf("pairing code: %w", err)
	}
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b), nil
}

// ShowCode writes a code as players read it: "KX7M-2QPA".
func ShowCode(c string) string {
	if len(c) != CodeLen {
		return c
	}
	return c[:CodeLen/2] + "-" + c[CodeLen/2:]
}

// ReadCode reads a code as a player writes it, in any case, with or
// without its dash; ok is false when it cannot be a code.
func ReadCode(w string) (code string, ok bool) {
	c := strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(w))
	if len(c) != CodeLen {
		return "", false
	}
	for _, r := range c {
		if !strings.ContainsRune(codeAlphabet, r) {
			return "", false
		}
	}
	return c, true
}

// Ticket is what a code stands for: the identity that asked for it, and
// until when it works.
type Ticket struct {
	Key     string
	Expires time.Time
}

// Valid reports whether the ticket still works at now.
func (t Ticket) Valid(now time.Time) bool { return t.Key != "" && now.Before(t.Expires) }

// Encode writes the ticket for the store.
func (t Ticket) Encode() []byte {
	b, _ := json.Marshal(t) // a string and a time always encode
	return b
}

// DecodeTicket reads a stored ticket; a damaged one is the zero Ticket,
// which is not valid.
func DecodeTicket(b []byte) Ticket {
	var t Ticket
	if json.Unmarshal(b, &t) != nil {
		return Ticket{}
	}
	return t
}
