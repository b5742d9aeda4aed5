package mailplay

import (
	"encoding/json"

	"github.com/takbymail/takbot/record"
)

// SentMessageIDs reads from a database the Message-ID each reply was (or
// is being) sent with, by reply id: the crash tests match the mail the
// players received against the outbox with it.
func SentMessageIDs(tx record.Tx) (map[string]string, error) {
	out := map[string]string{}
	err := tx.ScanState(TransportName, prefixSent, func(_ string, v []byte) error {
		var r sentRecord
		if err := json.Unmarshal(v, &r); err != nil {
			return err
		}
		out[r.Reply] = r.MessageID
		return nil
	})
	return out, err
}
