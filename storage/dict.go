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

// dictV2 is the preset dictionary of reply bodies in formatDeflate3V2,
// formatDeflate4V2 and formatDeflate5V2:
// dictionary v1, then the replies of a scripted game as the referee
// wrote them on 2026-11-25 (the legend, the captions and turn labels of
// body layout 3), written by `go test ./storage -run TestDictionaryV2
// -writedict`. Like v1 it never changes once replies use it (a test holds
// its hash).
//
//go:embed dict/replies-v2.dict
var dictV2 []byte
