// Package backoff is takbot's one capped exponential backoff: the wait
// after n failures in a row is Min doubled n-1 times, capped at Max, and
// optionally jittered (between half and all of it, so that many waiters
// do not retry in step).
//
// Everything that retries uses it: the delivery pipeline's retries of a
// reply (outbox.Policy), the store-health gate (outbox.Gate), mailplay's
// IMAP reconnects and retries of a mail, Discord's gateway connection and
// the control socket's accept loop. The waits run on an injected clock:
// a clock that also implements Timer (a test's fake clock) drives them,
// so tests never sleep.
//
// It is a leaf: it imports nothing of takbot's.
package backoff
