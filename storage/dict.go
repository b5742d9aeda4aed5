package storage

import _ "embed"

// dictV1 is the preset dictionary of reply bodies in formatDeflateV1:
// phrases the referee writes again and again, sync-board rows and TPS
// fragments, the most frequent last (deflate reaches the end of a
// dictionary with the shortest distances). Stored replies depend on its
// exact bytes, so it never changes (a test holds its hash): a better
// dictionary is a new format.
//
//go:embed dict/replies-v1.dict
var dictV1 []byte
