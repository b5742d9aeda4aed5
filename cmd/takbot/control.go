package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/takbymail/takbot/control"
	"github.com/takbymail/takbot/ops"
	"github.com/takbymail/takbot/storage"
)

// controlSocket returns the control socket of cfg's database: the
// control_socket key if set, else control.SocketPath (FILE.ctl, or a
// hashed name in the temporary directory when that path is too long).
func controlSocket(cfg config) (string, error) {
	if cfg.ControlSocket != "" {
		return cfg.ControlSocket, nil
	}
	return control.SocketPath(cfg.DB)
}

// serveControl serves backups, exports and the health report of health
// on db's control socket, so that "takbot backup", "takbot export" and
// "takbot status" work while this process holds the database. Every
// long-running transport calls it once the database is open; stop ends
// the server, waits for transfers under way and removes the socket, and
// must be called before the database is closed.
func serveControl(ctx context.Context, cfg config, db store, health *ops.Health, log *slog.Logger) (stop func(), err error) {
	path, err := controlSocket(cfg)
	if err != nil {
		return nil, err
	}
	srv, err := control.Listen(path, control.Service{
		Backup: backupOf(db),
		Export: func(ctx context.Context, w io.Writer) error { return exportPTN(ctx, db, w) },
		Status: healthStatus(health),
	}, log)
	if err != nil {
		return nil, err
	}
	log.Debug("control socket listening", "path", path)
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ctx); err != nil {
			log.Error("control socket", "err", err)
		}
	}()
	return func() { cancel(); <-done }, nil
}

// readTimeout is how long a one-shot command waits for the database's lock
// before it asks the takbot holding the file through its control socket.
const readTimeout = 100 * time.Millisecond

// openForReading loads the configuration and opens its database read-only
// for subcommand name. When another process holds the file, it returns a
// nil db and the control socket to ask instead. On failure it reports on
// stderr and returns the exit code.
func openForReading(name string, load func() (config, error), stderr io.Writer) (db *storage.DB, cfg config, socket string, code int) {
	cfg, err := load()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, cfg, "", exitStatus(err)
	}
	if cfg.Database.postgres() { // only the serve leading the database reads it
		if socket, err = controlSocket(cfg); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			return nil, cfg, "", 1
		}
		return nil, cfg, socket, 0
	}
	db, err = storage.Open(cfg.DB, storage.Options{ReadOnly: true, Timeout: readTimeout})
	if err == nil {
		return db, cfg, "", 0
	}
	if !errors.Is(err, storage.ErrInUse) {
		return nil, cfg, "", reportOpenError(name, cfg.DB, err, stderr)
	}
	socket, err = controlSocket(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s is in use: %v\n", name, cfg.DB, err)
		return nil, cfg, "", 1
	}
	return nil, cfg, socket, 0
}

// reportControlError explains a failure to use the control socket.
func reportControlError(name string, cfg config, socket string, err error, stderr io.Writer) {
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	if errors.Is(err, control.ErrNoServer) {
		fmt.Fprintf(stderr, "%s: another process holds %s, but no takbot answers on its control socket %s:\n"+
			"is it an older takbot, one starting or stopping, or one whose control_socket differs (pass its -config)?\n", name, cfg.DB, socket)
	}
}

// writeFileAtomic writes path with write: to a temporary file in the same
// directory, synced and renamed over path only if write succeeds, so that
// path is never left truncated. It returns the bytes written.
func writeFileAtomic(path string, write func(io.Writer) (int64, error)) (int64, error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	n, err := write(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return 0, err
	}
	if d, err := os.Open(dir); err == nil { // make the rename durable
		d.Sync()
		d.Close()
	}
	return n, nil
}
