// Package pgtest runs throwaway PostgreSQL servers for tests: Debian's
// server binaries (/usr/lib/postgresql/N/bin, package postgresql; .ci/run
// installs it) with initdb and pg_ctl, in a temporary directory, listening
// on a Unix socket there only (no TCP port to collide with anything). As
// initdb refuses to run as root, a root test process runs the server as
// the user postgres that Debian's package creates.
//
// A missing server fails the test, never skips it: the tests of the
// PostgreSQL store are part of the suite.
//
// A test package shares one server among its tests:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
//	func TestX(t *testing.T) {
//		dsn := pgtest.NewDatabase(t) // a fresh database, dropped after the test
//		...
//	}
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrNoServer is returned by Start when no PostgreSQL server is installed.
var ErrNoServer = errors.New("pgtest: no PostgreSQL server in /usr/lib/postgresql/*/bin (apt-get install postgresql; .ci/run does)")

// Options tune Start.
type Options struct {
	// Durable keeps PostgreSQL's defaults: every commit is flushed to
	// disk (fsync, synchronous_commit). Without it, the server trades
	// durability for speed, as tests of behaviour need.
	Durable bool
}

// Cluster is a running PostgreSQL server of its own.
type Cluster struct {
	dir  string // the temporary directory: data/, the socket, the log
	bin  string // the server's bin directory
	cred *syscall.Credential
	dbs  atomic.Int64
}

// BinDir returns the newest installed server's bin directory.
func BinDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	var found []string
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			found = append(found, d)
		}
	}
	if len(found) == 0 {
		return "", ErrNoServer
	}
	version := func(d string) int {
		n, _ := strconv.Atoi(filepath.Base(filepath.Dir(d)))
		return n
	}
	slices.SortFunc(found, func(a, b string) int { return version(a) - version(b) })
	return found[len(found)-1], nil
}

// Start initialises and starts a server in a new temporary directory.
func Start(o Options) (*Cluster, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(baseDir(), "takbot-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	if os.Getuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("pgtest: initdb refuses root, and there is no user postgres to run it as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	if err := c.run("initdb", "-D", c.data(), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8",
		"--locale=C"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	opts := []string{"-k", dir, "-c", "listen_addresses=", "-p", "5432", "-c", "max_connections=200"}
	if !o.Durable {
		opts = append(opts, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	if err := c.run("pg_ctl", "-D", c.data(), "-l", filepath.Join(dir, "server.log"), "-w", "-t", "60",
		"-o", strings.Join(opts, " "), "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
		os.RemoveAll(dir)
		return nil, fmt.Errorf("%w\n%s", err, log)
	}
	return c, nil
}

// baseDir is where Start makes its directory: the temporary directory,
// unless the server's Unix socket path would be too long there (108 bytes
// at most) or, as root, the user postgres could not reach it; /tmp then.
func baseDir() string {
	dir := os.TempDir()
	if len(dir) > 60 {
		return "/tmp"
	}
	if os.Getuid() == 0 {
		for d := dir; d != "/" && d != "."; d = filepath.Dir(d) {
			if fi, err := os.Stat(d); err != nil || fi.Mode().Perm()&0o001 == 0 {
				return "/tmp"
			}
		}
	}
	return dir
}

// data is the data directory.
func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// run runs one of the server's programs as the server's user.
func (c *Cluster) run(name string, args ...string) error {
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	cmd.Dir = c.dir
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pgtest: %s: %w\n%s", name, err, out.String())
	}
	return nil
}

// Stop stops the server at once and removes its directory.
func (c *Cluster) Stop() error {
	err := c.run("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
	if rerr := os.RemoveAll(c.dir); err == nil {
		err = rerr
	}
	return err
}

// Dir is the server's directory (its Unix socket's too).
func (c *Cluster) Dir() string { return c.dir }

// DSN returns the connection string of database db on the server.
func (c *Cluster) DSN(db string) string {
	return fmt.Sprintf("host=%s port=5432 user=postgres dbname=%s sslmode=disable", c.dir, db)
}

// URL returns the postgres:// URL of database db on the server.
func (c *Cluster) URL(db string) string {
	return "postgres://postgres@/" + db + "?host=" + url.QueryEscape(c.dir) + "&port=5432&sslmode=disable"
}

// CreateDatabase creates a new, empty database and returns its DSN.
func (c *Cluster) CreateDatabase(ctx context.Context) (name, dsn string, err error) {
	name = fmt.Sprintf("takbot_test_%d", c.dbs.Add(1))
	if err := c.admin(ctx, "CREATE DATABASE "+name); err != nil {
		return "", "", err
	}
	return name, c.DSN(name), nil
}

// DropDatabase drops a database, ending its sessions.
func (c *Cluster) DropDatabase(ctx context.Context, name string) error {
	return c.admin(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
}

// admin runs a statement on the postgres database.
func (c *Cluster) admin(ctx context.Context, sql string) error {
	conn, err := pgx.Connect(ctx, c.DSN("postgres"))
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, sql); err != nil {
		return fmt.Errorf("pgtest: %s: %w", sql, err)
	}
	return nil
}

// NewDatabase creates a database on c for the test and drops it at its
// end.
func (c *Cluster) NewDatabase(tb testing.TB) string {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	name, dsn, err := c.CreateDatabase(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := c.DropDatabase(ctx, name); err != nil {
			tb.Error(err)
		}
	})
	return dsn
}

// The server a test package shares (Main, Shared).
var (
	sharedMu  sync.Mutex
	shared    *Cluster
	sharedErr error
)

// Shared returns the package's shared server, starting it at the first
// call. It fails the test when the server cannot start.
func Shared(tb testing.TB) *Cluster {
	tb.Helper()
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared == nil && sharedErr == nil {
		shared, sharedErr = Start(Options{})
	}
	if sharedErr != nil {
		tb.Fatal(sharedErr)
	}
	return shared
}

// NewDatabase returns the DSN of a new database on the shared server,
// dropped at the end of the test.
func NewDatabase(tb testing.TB) string {
	tb.Helper()
	return Shared(tb).NewDatabase(tb)
}

// NewDatabaseURL is NewDatabase, returning the postgres:// URL.
func NewDatabaseURL(tb testing.TB) string {
	tb.Helper()
	c := Shared(tb)
	dsn := c.NewDatabase(tb)
	_, name, _ := strings.Cut(dsn, "dbname=")
	name, _, _ = strings.Cut(name, " ")
	return c.URL(name)
}

// Main runs a test package's tests and stops the shared server, if one
// was started, before exiting.
func Main(m *testing.M) {
	code := m.Run()
	if err := StopShared(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// StopShared stops the shared server, if one was started: for a TestMain
// of its own, after m.Run.
func StopShared() error {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared == nil {
		return nil
	}
	err := shared.Stop()
	shared = nil
	return err
}
