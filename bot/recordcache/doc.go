// Package recordcache keeps the referee's last committed games (with
// their replayed histories) and players in memory, so that a move costs
// no decoding and no replay. The cache is authoritative only because
// package bot writes every game and player under that record's lock and
// caches entries after their transaction committed: one Referee owns a
// store (ARCHITECTURE.md, "Inside the referee").
//
// It imports record and tak only.
package recordcache
