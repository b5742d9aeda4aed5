package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// newFlagSet returns a flag set for a subcommand that writes to stderr and
// whose usage message is the given lines followed by the flags, if any.
func newFlagSet(name string, stderr io.Writer, usage ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		for _, l := range usage {
			fmt.Fprintln(stderr, l)
		}
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(stderr, "\nflags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args. When parsing ends the command (-h, or a bad
// flag, whose message the flag package has printed with the usage), it
// returns the exit code and true.
func parseFlags(fs *flag.FlagSet, args []string) (code int, done bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		return 0, true
	}
	return 2, true
}
