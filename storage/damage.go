package storage

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"time"
)

// ErrDamaged is wrapped by the errors about a database file whose pages
// are damaged (truncated, overwritten, meta pages lost): bbolt cannot
// read it safely, and only a backup brings it back.
var ErrDamaged = errors.New("database file damaged")

// DamagedError says why a database file cannot be opened safely. It
// wraps ErrDamaged.
type DamagedError struct {
	Path     string
	Problems []string // what the check found, the first first
}

func (e *DamagedError) Error() string {
	ps := e.Problems
	more := ""
	if len(ps) > 3 {
		ps, more = ps[:3], fmt.Sprintf(" (and %d more)", len(e.Problems)-3)
	}
	return fmt.Sprintf("%s is damaged: %s%s", e.Path, strings.Join(ps, "; "), more)
}

// Unwrap returns ErrDamaged.
func (e *DamagedError) Unwrap() error { return ErrDamaged }

// errLocked is lockFile's timeout.
var errLocked = errors.New("file locked by another process")

// lockRetry is how often lockFile tries again (bbolt's own interval).
const lockRetry = 50 * time.Millisecond

// openChecked opens the file with the lock bbolt would take and checks
// its pages (verifyLayout). On success the file is open and locked, for
// bbolt to use through Options.OpenFile.
func openChecked(path string, readOnly bool, timeout time.Duration) (*os.File, error) {
	flag := os.O_RDWR | os.O_CREATE
	if readOnly {
		flag = os.O_RDONLY
	}
	f, err := os.OpenFile(path, flag, 0o600)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f, !readOnly, timeout); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, errInUse()
		}
		return nil, fmt.Errorf("lock: %w", err)
	}
	problems, err := checkFile(f)
	if err == nil && len(problems) > 0 {
		err = &DamagedError{Path: path, Problems: problems}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkFile runs verifyLayout on an open file.
func checkFile(f *os.File) ([]string, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file")
	}
	// Read a page at a time rather than mapped: touching every page of a
	// mapped file would count the whole file in the process's resident
	// memory.
	var problems []string
	err = guard(func() error {
		var rerr error
		problems, rerr = verifyFile(f, fi.Size())
		if rerr != nil {
			return fmt.Errorf("read: %w", rerr)
		}
		return nil
	})
	return problems, err
}

// guard runs fn, which reads the mapped file through bbolt or directly,
// turning a panic or a memory fault into an error: the last line of
// defence when a damage escaped verifyLayout.
func guard(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("reading the file failed (%s)", strings.Join(strings.Fields(fmt.Sprint(v)), " "))
		}
	}()
	return fn()
}

// guardOpen is guard for the open of path: a failure is a DamagedError.
func guardOpen(path string, fn func() error) error {
	var inner error
	err := guard(func() error {
		inner = fn()
		return nil
	})
	if err != nil {
		return &DamagedError{Path: path, Problems: []string{err.Error()}}
	}
	return inner
}
