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
//     one reply (render its pictures, call the transport, record the
//     outcome), and the store-health gate's wait. It is generic over the
//     reply record, so it imports no record type.
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
// What stays in the referee (bot/delivery.go, bot/storehealth.go): the
// sending and recording of one reply, since it reads the referee's store,
// renders pictures through its cache, expands analyses, and on a permanent
// failure tells the recipient's opponents through a session under the
// game locks; and the logging and metrics of the gate's transitions.
//
// outbox imports nothing of takbot's but backoff; bot re-exports the names
// adapters use (bot.DeliveryError, bot.Temporary, bot.Permanent, ...) in
// bot/outbox_alias.go.
package outbox
