package control

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"syscall"
)

// MaxSocketPath is the longest socket path used: sun_path holds 104 bytes
// on macOS and the BSDs (108 on Linux), the terminating NUL included.
const MaxSocketPath = 103

// ErrServing is returned by [Listen] when another server answers on the
// socket path.
var ErrServing = errors.New("another process serves the control socket")

// listenUnix creates a listening socket at path with mode 0600. The mode
// is set between bind and listen, so no connection is accepted before it.
// A socket at path that refuses connections (left by a killed process) is
// removed first; a live one is [ErrServing].
func listenUnix(path string) (*net.UnixListener, os.FileInfo, error) {
	if len(path) > MaxSocketPath {
		return nil, nil, fmt.Errorf("control socket %s: longer than %d bytes", path, MaxSocketPath)
	}
	if err := prepareDir(path); err != nil {
		return nil, nil, err
	}
	for attempt := 0; ; attempt++ {
		ln, fi, err := bindListen(path)
		if err == nil {
			return ln, fi, nil
		}
		if !errors.Is(err, syscall.EADDRINUSE) || attempt > 0 {
			return nil, nil, fmt.Errorf("control socket %s: %w", path, err)
		}
		if err := removeStale(path); err != nil {
			return nil, nil, err
		}
	}
}

// removeStale removes the socket at path if nothing answers on it.
func removeStale(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("control socket %s: %w", path, err)
	}
	if uid, ok := owner(fi); ok && uid != getuid() {
		return fmt.Errorf("control socket %s: %w: it belongs to uid %d, not to you (uid %d); "+
			"another user took the path: remove it, or set control_socket", path, ErrUnsafePath, uid, getuid())
	}
	if fi.Mode().Type() != fs.ModeSocket {
		return fmt.Errorf("control socket %s: exists and is not a socket; remove it or choose another path", path)
	}
	c, err := net.Dial("unix", path)
	if err == nil {
		c.Close()
		return fmt.Errorf("control socket %s: %w", path, ErrServing)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) {
		return fmt.Errorf("control socket %s: %w", path, err)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("control socket %s: stale: %w", path, err)
	}
	return nil
}

// bindListen is socket, bind, chmod 0600, listen.
func bindListen(path string) (*net.UnixListener, os.FileInfo, error) {
	syscall.ForkLock.RLock()
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err == nil {
		syscall.CloseOnExec(fd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, nil, os.NewSyscallError("socket", err)
	}
	f := os.NewFile(uintptr(fd), path)
	defer f.Close() // net.FileListener holds a duplicate
	if err := syscall.Bind(fd, &syscall.SockaddrUnix{Name: path}); err != nil {
		return nil, nil, os.NewSyscallError("bind", err)
	}
	fi, err := bound(path)
	if err != nil {
		os.Remove(path)
		return nil, nil, err
	}
	if err := syscall.Listen(fd, syscall.SOMAXCONN); err != nil {
		os.Remove(path)
		return nil, nil, os.NewSyscallError("listen", err)
	}
	ln, err := net.FileListener(f)
	if err != nil {
		os.Remove(path)
		return nil, nil, err
	}
	ul, ok := ln.(*net.UnixListener)
	if !ok {
		ln.Close()
		os.Remove(path)
		return nil, nil, fmt.Errorf("control socket %s: not a Unix listener", path)
	}
	ul.SetUnlinkOnClose(false) // the server removes the file if it is still its own
	return ul, fi, nil
}

// bound sets the mode of the freshly bound socket file and returns its info.
func bound(path string) (os.FileInfo, error) {
	if err := os.Chmod(path, 0o600); err != nil {
		return nil, err
	}
	return os.Lstat(path)
}

// checkOwner refuses a socket path that is not a socket, or whose owner is
// neither the caller nor the owner of the database file db ("" skips that).
func checkOwner(path, db string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if fi.Mode().Type() != fs.ModeSocket {
		return fmt.Errorf("%s is not a socket", path)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if int(st.Uid) == getuid() {
		return nil
	}
	if db != "" {
		if dfi, err := os.Stat(db); err == nil {
			if dst, ok := dfi.Sys().(*syscall.Stat_t); ok && dst.Uid == st.Uid {
				return nil
			}
		}
	}
	return fmt.Errorf("%s belongs to uid %d, neither you nor the database's owner", path, st.Uid)
}
