// Package outbox is the policy of takbot's delivery: how replies leave the
// outbox for the transports, and what happens when a transport fails.
//
// The referee (package bot) commits every reply to the outbox in the same
// transaction as the change it reports; its delivery loop (bot/delivery.go)
// hands them to the transports. This package holds everything that loop
// decides with, apart from the referee's records and store:
//
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
//     is the record's: bot.LaneOf, since the store orders the outbox by it.)
//   - The store-health gate (gate.go): while the database cannot record,
//     delivery backs off and sends nothing new, and the replies a transport
//     took whose delivery could not be recorded are recorded first and
//     never sent twice.
//   - SendContext and StopGrace (send.go): the bound of one send.
//
// The waits use the project's one backoff helper, package backoff.
//
// Why the loop itself stays in bot: each send reads the referee's store,
// renders pictures through its cache, expands analyses, and on a permanent
// failure tells the recipient's opponents through a session under the
// game locks. An interface wide enough for that would carry half the
// referee, over record types that are moving out of bot (issue 25's record
// branch). The seam is here instead: the loop asks this package what to
// do, and does it. Once the records are in their own package the loop can
// follow, behind a small interface the referee implements (pending heads,
// record a delivery, record a failure, prepare a reply for sending).
//
// outbox imports nothing of takbot's but backoff; bot re-exports the names
// adapters use (bot.DeliveryError, bot.Temporary, bot.Permanent, ...) in
// bot/outbox_alias.go.
package outbox
