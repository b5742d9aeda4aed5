// Command takbot referees correspondence games of Tak by email, Discord and
// the console. Run "takbot help" for its subcommands.
//
// "takbot serve -config FILE" is the referee as a service: one process
// owning the database, driving the clocks every tick_interval, delivering
// replies, serving backups, exports and its health on the control socket,
// /healthz and /metrics on http_listen (with the limits of the http
// section), and every transport whose section the configuration has.
// SIGINT or SIGTERM stops it within shutdown_timeout (exit 0); a second
// signal exits at once (exit 1). "takbot serve -check" validates a
// configuration and exits (0, or 2 listing every problem).
//
// # Layout
//
//   - main.go, app.go: Main and the table of subcommands; each subcommand
//     gets an env (arguments, standard streams, environment, signals).
//   - serve.go, server.go, transports.go, referee.go: takbot serve, the
//     server's start and ordered shutdown, the transports it can run.
//   - config*.go: the configuration file, decoded strictly from the YAML
//     tree (every problem with its key and line), ${VAR} expansion,
//     _file secrets, durations with days, validation per section.
//   - console.go, backup.go, export.go, status.go, control.go: the
//     terminal transport and the one-shot commands that reach a running
//     takbot through its control socket.
//   - render.go, replay.go, perft.go, notation.go: tools.
//
// Exit codes: 0 success, 1 failure, 2 usage or configuration error.
package main
