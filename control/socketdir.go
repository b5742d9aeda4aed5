package control

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// ErrUnsafePath is returned by [Listen] and [SocketPath] when a socket
// path, or the directory holding it, belongs to another user or may be
// written by every user: another local user could take the path first
// (and keep the service from starting) or replace the socket.
var ErrUnsafePath = errors.New("unsafe path")

// getuid is the user the socket is made for (a variable for tests).
var getuid = os.Getuid

// SocketPath returns the control socket of the database file db, in a
// directory no other user may write to:
//
//   - db.ctl beside it, when that path has at most [MaxSocketPath] bytes
//     and the database's directory is not writable by every user;
//   - else takbot-HASH.ctl in $XDG_RUNTIME_DIR, when it is set to an
//     absolute path of a directory that is not writable by every user;
//   - else takbot-HASH.ctl in takbot's own directory takbot-UID in
//     [os.TempDir] (UID being the user's id), which [Listen] creates with
//     mode 0700 and refuses if it belongs to another user or is open to
//     others.
//
// HASH is derived from the absolute path of db. Symbolic links are
// resolved when db exists, so that every name of one file gives the same
// socket. The clients find the socket of a takbot running as another user
// only beside the database (or through control_socket).
func SocketPath(db string) (string, error) {
	abs, err := filepath.Abs(db)
	if err != nil {
		return "", fmt.Errorf("control socket of %s: %w", db, err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if p := abs + ".ctl"; len(p) <= MaxSocketPath && !everyoneWrites(filepath.Dir(abs)) {
		return p, nil
	}
	sum := sha256.Sum256([]byte(abs))
	name := "takbot-" + hex.EncodeToString(sum[:8]) + ".ctl"
	if x := os.Getenv("XDG_RUNTIME_DIR"); filepath.IsAbs(x) {
		if p := filepath.Join(x, name); len(p) <= MaxSocketPath && isDir(x) && !everyoneWrites(x) {
			return p, nil
		}
	}
	p := filepath.Join(ownDir(), name)
	if len(p) > MaxSocketPath {
		return "", fmt.Errorf("control socket of %s: %s is longer than %d bytes too (set a shorter TMPDIR or control_socket)", db, p, MaxSocketPath)
	}
	return p, nil
}

// ownDir is takbot's own socket directory: takbot-UID in the temporary
// directory.
func ownDir() string {
	return filepath.Join(os.TempDir(), "takbot-"+strconv.Itoa(getuid()))
}

// isDir reports whether path is a directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// everyoneWrites reports whether every user may create files in dir (the
// sticky bit does not help: a name taken first stays taken). A directory
// that cannot be read is not judged here: binding there fails on its own.
func everyoneWrites(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.Mode().Perm()&0o002 != 0
}

// prepareDir makes sure the directory of the socket path is safe: takbot's
// own directory is created with mode 0700 and must be a directory of the
// user's that no one else may enter; any other directory must not be
// writable by every user.
func prepareDir(path string) error {
	dir := filepath.Dir(path)
	if dir != ownDir() {
		if everyoneWrites(dir) {
			return fmt.Errorf("control socket %s: %w: every user may write to %s, so another could take the path first; "+
				"set control_socket to a path in a directory only takbot's user may write to", path, ErrUnsafePath, dir)
		}
		return nil
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("control socket %s: %w", path, err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("control socket %s: %w", path, err)
	}
	if !fi.IsDir() {
		what := "a file"
		if fi.Mode().Type() == fs.ModeSymlink {
			what = "a symbolic link"
		}
		return fmt.Errorf("control socket %s: %w: %s is %s, not a directory; remove it, or set XDG_RUNTIME_DIR or control_socket",
			path, ErrUnsafePath, dir, what)
	}
	if uid, ok := owner(fi); ok && uid != getuid() {
		return fmt.Errorf("control socket %s: %w: the directory %s belongs to uid %d, not to you (uid %d); "+
			"another user made it first: remove it, or set XDG_RUNTIME_DIR or control_socket", path, ErrUnsafePath, dir, uid, getuid())
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("control socket %s: %w: the directory %s has mode %04o, open to other users; "+
			"make it 0700 (chmod 700 %s), or set XDG_RUNTIME_DIR or control_socket", path, ErrUnsafePath, dir, fi.Mode().Perm(), dir)
	}
	return nil
}

// owner returns the uid owning the file of fi.
func owner(fi os.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}
