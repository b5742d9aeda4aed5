// Package ops is the operations face of a running takbot: an HTTP handler
// serving /healthz, /livez, /readyz and /metrics.
//
// /healthz checks whether the database answers, whether each running
// transport is connected to its service (a transport that is not a
// [bot.HealthReporter] counts as connected), and the problems
// [Health.Problems] report (the referee's: a database that cannot record,
// damaged records set aside). It is 200 when all is well and 503
// otherwise, so that a load balancer or a container runtime can act on
// the status alone; its body is that status alone ([HealthStatus]), and
// the whole [HealthReport], which names servers, users and errors, only
// for a request carrying [Health.Token].
//
// /livez answers 200 while the process serves requests (for a supervisor
// that restarts); /readyz is 200 when the database is open and every
// transport connected, 503 otherwise (for a balancer or an alert, never
// a restart), its details again only for the token (ready.go).
//
// /metrics serves Prometheus metrics from a private registry ([Metrics]):
// the Go runtime and process collectors, counters and latency histograms
// fed by the referee through the [bot.Observer] interface (and its
// optional [outbox.StoreObserver] and [outbox.DamageObserver]), and gauges read
// from the referee's [bot.Stats] at scrape time (replies pending, the age
// of the oldest, games by status), and the count of unverified mail
// dropped by the email transport's limit; takbot_build_info names the
// running binary and takbot_transport_connected each transport's state.
//
// The package knows the referee only through bot's types and functions
// passed in: it never touches the database or a transport's service.
package ops
