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

// mapFile maps the first size bytes of f read-only. release drops the
// pages read so far from the process's memory (they are read again from
// the file when touched), so that reading a whole large file through the
// mapping does not make all of it resident at once.
func mapFile(f *os.File, size int64) (data []byte, unmap, release func(), err error) {
	if size == 0 {
		return nil, func() {}, func() {}, nil
	}
	if int64(int(size)) != size {
		return nil, nil, nil, errors.New("file too large to map")
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, nil, err
	}
	return data, func() { syscall.Munmap(data) }, func() { dropPages(data) }, nil
}
