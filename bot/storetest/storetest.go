package storetest

import (
	"context"
	"testing"

	"github.com/takbymail/takbot/record"
)

// Opener makes a fresh, empty store for one test and registers its
// cleanup with t. reopen closes the store and opens it again, returning
// the new handle (a durable store reads its file again; an in-memory one
// returns itself); the old handle is not used after it.
type Opener func(t *testing.T) (store record.Store, reopen func() record.Store)

// suiteCase is one guarantee of the contract.
type suiteCase struct {
	name string
	run  func(t *testing.T, open Opener)
}

// Run runs the whole contract against the stores open makes, one subtest
// per guarantee.
func Run(t *testing.T, open Opener) {
	t.Helper()
	var all []suiteCase
	for _, group := range [][]suiteCase{fixtureCases, copyCases, gameCases, playerCases, processedCases,
		outboxCases, stateCases, pruneCases, txCases, tourneyCases} {
		all = append(all, group...)
	}
	for _, c := range all {
		t.Run(c.name, func(t *testing.T) { c.run(t, open) })
	}
}

// fresh opens a store without using its reopen.
func fresh(t *testing.T, open Opener) record.Store {
	t.Helper()
	s, _ := open(t)
	return s
}

// update runs fn in an Update and fails the test on an error.
func update(t *testing.T, s record.Store, fn func(record.Tx) error) {
	t.Helper()
	if err := s.Update(context.Background(), fn); err != nil {
		t.Fatalf("update: %v", err)
	}
}

// view runs fn in a View and fails the test on an error.
func view(t *testing.T, s record.Store, fn func(record.Tx) error) {
	t.Helper()
	if err := s.View(context.Background(), fn); err != nil {
		t.Fatalf("view: %v", err)
	}
}
