//go:build !windows && !plan9 && !solaris && !aix && !android

package storage

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// lockFile takes the advisory lock bbolt takes on the file (shared for a
// read-only open, else exclusive), retrying until timeout. bbolt locks
// the same open file again when it opens it through Options.OpenFile,
// which succeeds at once; checking the file under the lock keeps another
// process from writing it meanwhile.
func lockFile(f *os.File, exclusive bool, timeout time.Duration) error {
	how := syscall.LOCK_SH | syscall.LOCK_NB
	if exclusive {
		how = syscall.LOCK_EX | syscall.LOCK_NB
	}
	start := time.Now()
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return err
		}
		if time.Since(start) > timeout-lockRetry {
			return errLocked
		}
		time.Sleep(lockRetry)
	}
}
