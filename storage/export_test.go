package storage

import "github.com/takbymail/takbot/record"

// SimulatedRecords lends the simulated games to the external tests.
var SimulatedRecords = simulatedRecords

// DictV1 and DictV2 lend the reply dictionaries to TestDictionaryV2.
var DictV1, DictV2 = dictV1, dictV2

// EncodeBody returns a reply's body as layout 3 encodes it, before
// deflate, for TestDictionaryV2.
func EncodeBody(r *record.Reply) []byte {
	var e encoder
	encodeBody(&e, r)
	return e.b
}
