package discord

import (
	"sync"

	"github.com/takbymail/takbot/bot"
)

// Health reports whether the gateway is connected.
func (t *Transport) Health() bot.Health { return t.health.get() }

// healthState is the connection state behind Health.
type healthState struct {
	mu sync.Mutex
	h  bot.Health
}
