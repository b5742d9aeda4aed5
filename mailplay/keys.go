package mailplay

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Keyed identifiers. Whatever the bot writes into mail that names one of
// its replies or one of its players derives from the transport's secret
// (keySecret: 32 random bytes made at the first start and kept in the
// adapter state, so in the database and its backups) by HMAC-SHA-256 under
// a label per use:
//
//   - the hash in a reply's Message-ID ("g7.HASH@domain"), which also names
//     the reply's sent-mail record and its pictures' Content-IDs: label
//     "reply", over the reply id;
//   - a player's reply token (takbot+TOKEN@domain): label "token", over the
//     lower-case address;
//   - a confirmation nonce (takbot+c-NONCE@domain): label "confirm", over
//     the held mail's dedup key (see hold).
//
// Reply ids follow a public scheme (the cause's id and a number), so an
// unkeyed hash of one could be computed by anyone who knows the mail that
// caused it: a player could name the Message-ID of a mail sent to the
// opponent, and forge a bounce of it. Keyed, the Message-ID of a mail is
// known only to the bot and to whoever received the mail, and two
// installations (two databases) give the same reply different
// Message-IDs.
//
// Mail sent before the ids were keyed carries legacyReplyHash. Its
// sent-mail records are kept (marked not Keyed) until they age out: a
// reply prepared before is sent again with its old headers, and answers
// to old mail still find their game (gameOf reads the game from the id
// itself). A bounce is believed only for a keyed id, which the bot can
// verify; one that names an old id is logged and ignored.

// keyed is the HMAC-SHA-256 under secret of a label and data.
func keyed(secret []byte, label, data string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(label))
	mac.Write([]byte{0})
	mac.Write([]byte(data))
	return mac.Sum(nil)
}

// keyedReplyHash is the short stable name of a reply in its Message-ID,
// its pictures' Content-IDs and the adapter state: 96 bits of its keyed
// hash, in the form isReplyHash accepts.
func keyedReplyHash(secret []byte, replyID string) string {
	return hex.EncodeToString(keyed(secret, "reply", replyID)[:12])
}

// legacyReplyHash is the unkeyed hash that named a reply before the ids
// were keyed; it finds the records of replies prepared then.
func legacyReplyHash(replyID string) string {
	sum := sha256.Sum256([]byte(replyID))
	return hex.EncodeToString(sum[:12])
}

// keyedToken is the reply token a player without one gets: 80 bits of
// the keyed hash of the address, in tokenEncoding. A token stored before
// (random, from older versions) stays the player's.
func keyedToken(secret []byte, addr string) string {
	return tokenEncoding.EncodeToString(keyed(secret, "token", strings.ToLower(addr))[:10])
}
