package storage

import "github.com/takbymail/takbot/record"

// The codecs of the bbolt file, for another store (package pgstore) that
// keeps the same bytes: a reply in its compact binary form, its body
// deflated with the preset dictionary; a processed record as its time and
// reply ids. Games and players are JSON (record.Game.AppendJSON,
// encoding/json) in both.

// EncodeReply returns the stored form of a reply (Seq and Images left out).
func EncodeReply(r *record.Reply) ([]byte, error) { return encodeReply(r) }

// DecodeReply rebuilds a reply from its sequence number and stored form;
// the error wraps record.ErrDamagedRecord when raw cannot be decoded.
func DecodeReply(seq uint64, raw []byte) (*record.Reply, error) { return decodeReply(seq, raw) }

// ReplyWithDelivery returns a stored reply with a new delivery state,
// copying its body's bytes as they are.
func ReplyWithDelivery(raw []byte, d record.Delivery) ([]byte, error) {
	b, _, err := withDelivery(raw, d)
	return b, err
}

// EncodeProcessed returns the stored form of a processed record, without
// its id.
func EncodeProcessed(r *record.Processed) []byte { return encodeProcessed(r) }

// DecodeProcessed rebuilds a processed record from its id and stored form.
func DecodeProcessed(id string, raw []byte) (*record.Processed, error) {
	return decodeProcessed(id, raw)
}

// FoldName maps a player's name to the key PlayersNamed looks it up by:
// the names equal under strings.EqualFold share it.
func FoldName(name string) string { return foldName(name) }
