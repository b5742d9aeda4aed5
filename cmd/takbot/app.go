package main

import (
	"context"
	"fmt"
	"io"
	"os"
)

// env is what a subcommand receives from the process: its arguments, its
// standard streams, the environment and the signals. Tests build their own.
type env struct {
	args           []string // the arguments after the subcommand's name
	stdin          io.Reader
	stdout, stderr io.Writer
	// lookupEnv reads an environment variable (os.LookupEnv); the
	// configuration's ${VAR} references go through it.
	lookupEnv func(name string) (string, bool)
	// signals delivers SIGINT and SIGTERM. The first one cancels the
	// subcommand's context (its cause is a *signalError); the ones after
	// it stay on the channel for a subcommand that reacts to a second
	// signal (serve exits at once). Nil never delivers.
	signals <-chan os.Signal
}

// command is one takbot subcommand. run returns the process exit code: 0
// for success, 1 for a failure, 2 for a usage error, and the statuses of
// exit.go (exitConfig, exitDamaged, exitNewerSchema) for what a restart
// cannot mend.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env) int
}

// commands is the table of subcommands, in the order help lists them.
func commands() []command {
	return []command{
		{"serve", "run the referee: clocks, delivery, control socket and the configured transports", runServe},
		{"demo", "play a whole game by mail on embedded mail servers and print every mail (-listen: then play yourself)", runDemo},
		{"console", "play on the terminal: lines \"NAME: MESSAGE\", replies \"[to NAME] ...\"", runConsole},
		{"backup", "write a consistent copy of the database, also while a takbot runs on it", runBackup},
		{"export", "print every game of the database as PTN, also while a takbot runs on it", runExport},
		{"status", "print the health of the running takbot (database, transports) from its control socket", runStatus},
		{"db", "\"db check FILE\": check a database file's pages and records and list what is damaged; \"db migrate FILE\": migrate it to this binary's schema", runDB},
		{"render", "draw a position from TPS or a PTN file as a PNG picture or a text board", runRender},
		{"replay", "replay the games of PTN files and check their moves and results", runReplay},
		{"perft", "count the move paths of a TPS position to a depth", runPerft},
		{"notation", "convert a move between PTN and Tak by Mail notation", runNotation},
		{"match", "play a match between two TEI engines and print the score, the Elo difference and its error bar", runMatch},
		{"tei", "play as a Tak engine over TEI (the protocol of tiltak and racetrack) on standard input and output", runTEI},
		{"health", "ask a running takbot's /livez (or -url) and exit 0 when it answers 200: a container's HEALTHCHECK", runHealth},
		{"version", "print the version, commit, commit time, database schema and Go release of this binary", runVersion},
	}
}

// signalError is the cause of a subcommand's context cancelled by a signal.
type signalError struct{ signal os.Signal }

func (e *signalError) Error() string { return "received " + e.signal.String() }

// Main runs the subcommand named by e.args[0] and returns the process exit
// code.
func Main(e env) int {
	if len(e.args) == 0 {
		usage(e.stderr)
		return 2
	}
	switch e.args[0] {
	case "help", "-h", "-help", "--help":
		usage(e.stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name != e.args[0] {
			continue
		}
		ctx, cancel := context.WithCancelCause(context.Background())
		defer cancel(nil)
		watched := make(chan struct{})
		defer close(watched)
		go func() {
			select {
			case s := <-e.signals:
				cancel(&signalError{s})
			case <-watched:
			}
		}()
		sub := e
		sub.args = e.args[1:]
		if sub.stdin == nil {
			sub.stdin = eofReader{}
		}
		if sub.lookupEnv == nil {
			sub.lookupEnv = func(string) (string, bool) { return "", false }
		}
		return c.run(ctx, &sub)
	}
	fmt.Fprintf(e.stderr, "takbot: unknown command %q\n\n", e.args[0])
	usage(e.stderr)
	return 2
}

// eofReader is an empty standard input.
type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: takbot COMMAND [ARGS]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun \"takbot COMMAND -h\" for a command's flags.")
}
