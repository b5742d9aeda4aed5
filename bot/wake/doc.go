// Package wake is a time index kept in the referee's state store: one key
// "NAME/SECONDS/ID" per thing due at a time (SECONDS the Unix time,
// zero-padded so that keys sort by time), moved in the transaction that
// changes the thing, so a tick reads only the keys due and a restart
// neither loses nor repeats one. The daily digests (bot/digest) and the
// events' start times (bot/event) keep theirs with it. It imports only
// record.
package wake
