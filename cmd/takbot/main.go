// Command takbot referees correspondence games of Tak by email, Discord and
// the console. Run "takbot help" for its subcommands; "takbot serve -config
// FILE" runs the referee with every transport the configuration enables.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	os.Exit(Main(env{
		args:      os.Args[1:],
		stdin:     os.Stdin,
		stdout:    os.Stdout,
		stderr:    os.Stderr,
		lookupEnv: os.LookupEnv,
		signals:   signals,
	}))
}
