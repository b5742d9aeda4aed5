package mailplay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Adapter state keys (in the email transport's own key space). Values are
// JSON, except the secret.
const (
	// keyCursor holds the IMAP cursor: cursorState.
	keyCursor = "cursor"
	// keySecret holds 32 random bytes, made at the first start, that key
	// every identifier the bot writes into mail (keys.go): Message-IDs,
	// reply tokens, confirmation nonces.
	keySecret = "secret"
	// prefixToken + address holds the player's reply token.
	prefixToken = "token/"
	// prefixPlayer + token holds the address the token belongs to.
	prefixPlayer = "player/"
	// prefixThread + game + "/" + address holds threadState.
	prefixThread = "thread/"
	// prefixSent + reply hash holds sentRecord: the headers a reply was
	// (or is being) sent with, so a resend is the same mail.
	prefixSent = "sent/"
	// prefixRate + address holds the recent sends to it: []rateEntry.
	prefixRate = "rate/"
	// prefixConfirm + nonce holds a confirmation: an unauthenticated mail
	// held until its sender confirms it.
	prefixConfirm = "confirm/"
	// prefixHeld + address holds the answers to it that the hourly limit
	// holds back: heldAnswers.
	prefixHeld = "held/"
	// prefixUnverified + address holds the answers recently allowed to
	// unverified mail from it: unverifiedAnswers.
	prefixUnverified = "unverified/"
	// prefixResponder + address holds how the mails from it look like an
	// auto-responder's: responderState (responder.go).
	prefixResponder = "responder/"
	// prefixLastMail + address holds when the bot last prepared a mail to
	// it (Unix seconds, decimal).
	prefixLastMail = "lastmail/"
	// prefixWrote + address holds consentMark: when the address first
	// wrote to the bot (consent.go).
	prefixWrote = "wrote/"
	// prefixStop + address holds consentMark: when the address asked for
	// no more mail but answers to its own ("stop").
	prefixStop = "stop/"
	// prefixStranger + address holds strangerMail: the mails recently
	// sent to an address that never wrote.
	prefixStranger = "stranger/"
	// prefixUnsubscribe + token holds the address of a one-click
	// unsubscribe token.
	prefixUnsubscribe = "unsub/"
)

// cursorState is where reading the mailbox stands: every mail of
// UIDValidity up to LastUID has been handled (committed).
type cursorState struct {
	Mailbox     string
	UIDValidity uint32
	LastUID     uint32
}

// threadState is the mail thread of one game for one player.
type threadState struct {
	Subject   string // the subject of the latest mail (see threadOn)
	Root      string // the Message-ID of the first mail
	Last      string // the Message-ID of the latest mail
	LastReply string // the hash of the latest mail's reply
	Prev      string // the Message-ID of the mail before Last ("" when Last is the root)
}

// sentRecord is a reply mail's headers, decided when it is first sent.
type sentRecord struct {
	Reply      string // the reply id
	Game       string
	To         string // the recipient's address
	MessageID  string
	InReplyTo  []string `json:",omitempty"`
	References []string `json:",omitempty"`
	Subject    string
	At         time.Time // when it was first prepared
	// Note, when set, says how many answers to the recipient the hourly
	// limit held back when the mail was prepared; it opens the mail.
	Note string `json:",omitempty"`
	// Keyed is true when MessageID carries the keyed hash of the reply
	// (keys.go); false for a mail prepared before the ids were keyed,
	// whose bounces cannot be verified.
	Keyed bool `json:",omitempty"`
	// Stranger is set when the recipient had never written to the bot:
	// the mail carries the opt-out (consent.go).
	Stranger bool `json:",omitempty"`
	// Unsubscribe are the List-Unsubscribe fields of a mail to a
	// stranger, decided with the rest, so a resend is the same mail.
	Unsubscribe []Field `json:",omitempty"`
}

// rateEntry is one mail sent to an address, for the hourly limit.
type rateEntry struct {
	Hash string // the reply hash or confirmation nonce
	At   int64  // Unix seconds
}

// confirmation is an unauthenticated mail that would change anything, held
// until the owner of its From address confirms it by replying.
type confirmation struct {
	Nonce    string
	ID       string // the original mail's dedup key
	From     string // the From address, lower-cased
	Text     string
	Game     string
	Received time.Time
	Created  time.Time
	Sent     time.Time `json:",omitzero"` // when the confirmation mail was taken by SMTP
	Done     time.Time `json:",omitzero"` // when it was confirmed (kept a while, so it is never asked twice)
	Attempts int       `json:",omitempty"`
	NextTry  time.Time `json:",omitzero"`
}

// isReplyHash reports whether s has the form keyedReplyHash (and
// legacyReplyHash) write.
func isReplyHash(s string) bool {
	if len(s) != 24 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func threadKey(game, addr string) string { return prefixThread + game + "/" + strings.ToLower(addr) }

// getJSON reads a JSON value; found is false when the key is absent.
func getJSON(tx record.StateTx, key string, v any) (found bool, err error) {
	raw, err := tx.Get(key)
	if errors.Is(err, record.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return false, &record.DamagedRecordError{Kind: "email state", Key: key, Err: fmt.Errorf("%w: %w", record.ErrDamagedRecord, err)}
	}
	return true, nil
}

// putJSON writes a JSON value.
func putJSON(tx record.StateTx, key string, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("mailplay: state %s: %w", key, err)
	}
	return tx.Put(key, raw)
}

// stateWrite is a Message.State write of a JSON value.
func stateWrite(key string, v any) (bot.StateWrite, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return bot.StateWrite{}, fmt.Errorf("mailplay: state %s: %w", key, err)
	}
	return bot.StateWrite{Key: key, Value: raw}, nil
}

// unmarshalJSON reads a JSON state value.
func unmarshalJSON(raw []byte, v any) error { return json.Unmarshal(raw, v) }

// sentKept is how long the headers of a sent mail are kept: bounces and
// replies to it are recognised that long.
const sentKept = 90 * 24 * time.Hour

// prune removes state that is no longer needed: sent-mail records older
// than sentKept, confirmations older than confirmKept, hourly counts
// older than an hour, and held answers long gone.
func (t *Transport) prune(ctx context.Context) error {
	now := t.opts.Clock.Now()
	return t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		var stale []string
		scan := func(prefix string, old func(v []byte) bool) error {
			return tx.Scan(prefix, func(k string, v []byte) error {
				if old(v) {
					stale = append(stale, k)
				}
				return nil
			})
		}
		if err := scan(prefixSent, func(v []byte) bool {
			var r sentRecord
			return unmarshalJSON(v, &r) != nil || now.Sub(r.At) > sentKept
		}); err != nil {
			return err
		}
		if err := scan(prefixConfirm, func(v []byte) bool {
			var c confirmation
			return unmarshalJSON(v, &c) != nil || now.Sub(c.Created) > confirmKept
		}); err != nil {
			return err
		}
		if err := scan(prefixRate, func(v []byte) bool {
			var es []rateEntry
			if unmarshalJSON(v, &es) != nil {
				return true
			}
			for _, e := range es {
				if now.Unix()-e.At < int64(time.Hour/time.Second) {
					return false
				}
			}
			return true
		}); err != nil {
			return err
		}
		if err := scan(prefixHeld, func(v []byte) bool {
			var held heldAnswers
			if unmarshalJSON(v, &held) != nil {
				return true
			}
			for _, until := range held {
				if now.Unix()-until < int64(sentKept/time.Second) {
					return false
				}
			}
			return true
		}); err != nil {
			return err
		}
		if err := scan(prefixStranger, func(v []byte) bool {
			var st strangerMail
			return unmarshalJSON(v, &st) != nil || len(st.Sent) == 0 || now.Sub(time.Unix(st.Sent[len(st.Sent)-1].At, 0)) >= strangerWindow
		}); err != nil {
			return err
		}
		if err := scan(prefixUnverified, func(v []byte) bool {
			var st unverifiedAnswers
			return unmarshalJSON(v, &st) != nil || len(st.At) == 0 || now.Unix()-st.At[len(st.At)-1] >= int64(time.Hour/time.Second)
		}); err != nil {
			return err
		}
		if err := scan(prefixResponder, func(v []byte) bool {
			var st responderState
			return unmarshalJSON(v, &st) != nil || now.Unix()-max(st.Last, st.Quiet) >= int64(responderQuiet/time.Second)
		}); err != nil {
			return err
		}
		if err := scan(prefixLastMail, func(v []byte) bool {
			at, err := strconv.ParseInt(string(v), 10, 64)
			return err != nil || now.Unix()-at >= int64(responderQuick/time.Second)
		}); err != nil {
			return err
		}
		for _, k := range stale {
			if err := tx.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
}
