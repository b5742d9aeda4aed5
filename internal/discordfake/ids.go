package discordfake

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"time"
)

// discordEpochMillis is the first millisecond of 2015, the origin of Discord
// snowflakes.
const discordEpochMillis = 1420070400000

// snowflakes hands out increasing snowflake IDs whose timestamp part comes
// from the fake's clock, so discordgo.SnowflakeTimestamp works on them.
type snowflakes struct {
	last uint64
}

// next returns a new ID, strictly greater than every earlier one.
func (g *snowflakes) next(now time.Time) string {
	millis := now.UnixMilli() - discordEpochMillis
	if millis < 0 {
		millis = 0
	}
	id := uint64(millis)<<22 | 1<<17 // worker 1, process 0, increment 0
	if id <= g.last {
		id = g.last + 1
	}
	g.last = id
	return strconv.FormatUint(id, 10)
}

// newToken returns a random interaction token.
func newToken() string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand does not fail on supported platforms; a fixed token
		// would still be unique per interaction ID.
		return "token-without-entropy"
	}
	return "aW50ZXJhY3Rpb24" + hex.EncodeToString(b[:])
}
