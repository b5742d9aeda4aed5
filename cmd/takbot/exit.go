package main

import (
	"errors"

	"github.com/takbymail/takbot/storage"
)

// The exit statuses of takbot's commands. Those a restart cannot mend
// (exitConfig, exitDamaged, exitNewerSchema) are listed in
// deploy/takbot.service's RestartPreventExitStatus and in README's
// "Exit statuses"; exitFailure and exitUsage are not: 2 is also the status
// of a Go panic, which a restart may well mend.
const (
	exitOK      = 0
	exitFailure = 1 // a failure a retry may mend: a transport down, the database in use
	exitUsage   = 2 // a bad command line (and, from the Go runtime, a panic)
	// exitDamaged is the status of a command that found its database
	// damaged (EX_DATAERR in sysexits.h): restore it from a backup.
	exitDamaged = 65
	// exitLostLead is the status of a "takbot serve" on PostgreSQL that
	// lost its leader lock (EX_TEMPFAIL in sysexits.h): it stopped
	// receiving and delivering at once, and a restart makes it a standby.
	exitLostLead = 75
	// exitConfig is the status of a configuration that cannot be read or
	// is wrong (EX_CONFIG in sysexits.h): fix the file.
	exitConfig = 78
	// exitNewerSchema is the status of a database written by a newer
	// takbot than this binary (its schema version is higher): run the
	// newer binary, or restore the backup taken before the upgrade
	// (FILE.pre-vN).
	exitNewerSchema = 79
)

// errConfig is matched (errors.Is) by every error about the configuration
// file: a *configError and a file that cannot be read.
var errConfig = errors.New("configuration error")

// exitStatus maps an error to the exit status of the command that failed
// with it: the one place where typed errors become statuses.
func exitStatus(err error) int {
	var ce *configError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ce), errors.Is(err, errConfig):
		return exitConfig
	case errors.Is(err, storage.ErrNewerSchema):
		return exitNewerSchema
	case errors.Is(err, storage.ErrDamaged):
		return exitDamaged
	}
	return exitFailure
}

// configReadError is a configuration file that cannot be read.
type configReadError struct{ err error }

func (e *configReadError) Error() string        { return "config: " + e.err.Error() }
func (e *configReadError) Unwrap() error        { return e.err }
func (e *configReadError) Is(target error) bool { return target == errConfig }
