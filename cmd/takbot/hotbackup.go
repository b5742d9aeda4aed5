package main

import (
	"context"
	"log/slog"
	"os"
)

// backupSuffix names the backup a running takbot writes on SIGUSR1.
const backupSuffix = ".backup"

// hotBackups writes a backup of db to path each time sigs delivers (the
// running process answers SIGUSR1 so), until ctx ends. bbolt lets only one
// process open the file, so a backup of a database in use is made by the
// process using it.
func hotBackups(ctx context.Context, backup func(string) (int64, error), path string, sigs <-chan os.Signal, log *slog.Logger, done func()) {
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-sigs:
			if !ok {
				return
			}
			n, err := backup(path)
			if err != nil {
				log.Error("hot backup", "path", path, "err", err)
			} else {
				log.Info("hot backup written", "path", path, "bytes", n)
			}
			if done != nil {
				done()
			}
		}
	}
}
