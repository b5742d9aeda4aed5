package memstore_test

import (
	"testing"

	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/bot/storetest"
	"github.com/takbymail/takbot/record"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (record.Store, func() record.Store) {
		s := memstore.New()
		return s, func() record.Store { return s }
	})
}
