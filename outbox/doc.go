// Package outbox is the policy of takbot's delivery: how replies leave the
// outbox for the transports, and what happens when a transport fails.
//
// The referee (package bot) commits every reply to the outbox in the same
// transaction as the change it reports. This package delivers them, and
// holds everything delivery decides with:
//
//   - Loop (loop.go): one transport's delivery loop, Run (for the
//     service) and DeliverDue (one at a time, for the console and tests).
//     It knows the referee only through Source, a small interface the
//     referee implements (bot/delivery.go): read the lanes' heads, deliver
//     one reply, and the store-health gate's wait. It is generic over the
//     reply record.
//   - Courier (courier.go): the delivery of one reply. A reply sent
//     before whose delivery was not recorded is recorded, not sent again;
//     while the store cannot record nothing is sent; otherwise the
//     referee prepares the reply (Recorder.Prepare: text boards, pictures,
//     analyses), the transport sends it within SendContext's bound, and
//     the outcome is recorded: delivered, declined for want of consent,
//     retried after the Policy's wait, or failed for good, when the
//     referee marks the recipient unreachable and tells their opponents
//     (Recorder.Undeliverable). Prune drops what retention lets go.
//   - Policy (policy.go): the retry and backoff policy, with its documented
//     defaults: the one place to change how often and how long a reply is
//     retried, how many sends run at once, how long one may take. Decide
//     turns a transport's error into a verdict (retry after a wait, or
//     fail for good with a reason for the players).
//   - The transports' error classes (errors.go): DeliveryError and its
//     constructors Temporary, HeldBack (a rate limit holding a reply back
//     on purpose) and Permanent; an error of any other type is temporary.
//   - Lanes (lanes.go): each recipient has two lanes, events and answers;
//     a lane's replies go out in order, one at a time, and lanes are served
//     concurrently. Due picks the lanes' heads to send now. (The lane's key
//     is the record's: record.LaneOf, since the store orders the outbox by
//     it.)
//   - The store's health (gate.go, health.go): while the database cannot
//     record, delivery backs off (1 s doubling to a minute) and sends
//     nothing new, and the replies a transport took whose delivery could
//     not be recorded are recorded first and never sent twice. Health
//     logs the gate's transitions once each (a failure, a reminder every
//     ten minutes, the recovery a minute after the last failure, so that a
//     nearly full disk does not flap) and counts them (StoreObserver);
//     Watched is the store wrapper that reports each write. Damaged
//     records (record.DamagedRecordError) are set aside once each, logged
//     and counted (DamageObserver), and listed in Problems for the health
//     checks; a damaged pending reply is taken out of its queue.
//   - SendContext and StopGrace (send.go): the bound of one send.
//
// The waits use the project's one backoff helper, package backoff.
//
// What stays in the referee (bot/delivery.go): reading the lane heads,
// preparing a reply (its caches, its renderer, its analyst), recording a
// delivery under the recipient's lock, and on a permanent failure telling
// the recipient's opponents through a session under the game locks.
//
// outbox imports record and backoff only; the adapters name it directly
// (outbox.Temporary, outbox.Permanent, outbox.DeliveryError, ...).
package outbox
