// Package digest is the daily digest: "set digest daily 08:00
// Europe/Berlin" sends the player, once a day at that time of their zone,
// one message listing the games waiting for them (their move, a challenge
// or a proposal to answer), and nothing when none waits.
//
// The wake index: a digest is per player, and the clock index of the
// store is per game, so the referee keeps its own index in the store's
// key-value state, in the space [Space] (no transport is named so:
// transport names have no dot): one key "digest/SECONDS/PLAYER" per
// player with a digest, SECONDS the Unix time of record.Digest.Next,
// zero-padded so that keys sort by time. A tick reads the keys up to now
// only (its [wake.Index]). The key moves in the transaction that changes the
// player's record, and the record keeps the day last served
// (Digest.Last), so a restart neither loses a digest nor sends one twice.
//
// The package never imports package bot: [Set] and [Tick] reach the
// message or clock event being evaluated through [Turn], which bot's
// session implements (bot/seam_standing.go), and describe what they
// decided as outcomes of package words (words.DigestSet, words.Digest).
// Bot's clock takes the player's lock and commits (bot/digest.go).
package digest
