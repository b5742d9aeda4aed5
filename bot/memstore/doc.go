// Package memstore is an in-memory [record.Store] for fast tests of the
// referee and its adapters. It keeps the contract of package storetest,
// like package storage's bbolt file, but nothing survives the process.
//
// It is built to be obviously correct rather than fast: one RWMutex
// serialises updates and lets views share the committed state; an update
// works on a copy-on-write overlay of that state (a table is copied when
// the update first writes to it), committed only if its function succeeds.
// Records are kept encoded as JSON, so what a caller gets or gives is
// never shared with the store. There are no indexes: queries scan the
// records, which is fine at a test's scale.
package memstore
