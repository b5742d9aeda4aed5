package memstore_test

import (
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/bot/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (bot.Store, func() bot.Store) {
		s := memstore.New()
		return s, func() bot.Store { return s }
	})
}
