// Package storetest holds the contract of [record.Store] as one test suite,
// run against every implementation: package storage's bbolt file and
// package memstore's memory.
//
// An implementation's test calls [Run] with an [Opener]:
//
//	func TestContract(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) (record.Store, func() record.Store) {
//			s := memstore.New()
//			return s, func() record.Store { return s }
//		})
//	}
//
// The suite checks every Tx method and the Store's guarantees: records are
// copies, Update is atomic and isolated, the indexes (player → games, the
// clock's wake order, status counts, names, the outbox's heads) follow
// every change, Prune removes only what it may, and a reopened store keeps
// everything. Its fixtures set every field of the record types (a test
// fails when a field is added to package record's records and left out of
// them), so a store that drops a field fails the round trips.
//
// Times come back as the same instants; the fixtures use UTC, which both
// stores return as they got it. Run it with -race: the isolation test
// reads while several goroutines write.
package storetest
