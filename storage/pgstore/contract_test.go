package pgstore_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/takbymail/takbot/bot/storetest"
	"github.com/takbymail/takbot/internal/pgtest"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage/pgstore"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// open opens a store on dsn, closing it at the end of the test.
func open(t testing.TB, dsn string, o pgstore.Options) *pgstore.Store {
	t.Helper()
	s, err := pgstore.Open(context.Background(), dsn, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (record.Store, func() record.Store) {
		dsn := pgtest.NewDatabase(t)
		s := open(t, dsn, pgstore.Options{})
		return s, func() record.Store {
			s.Close()
			s = open(t, dsn, pgstore.Options{})
			return s
		}
	})
}

// Tables of a newer takbot are refused, not changed.
func TestNewerSchema(t *testing.T) {
	dsn := pgtest.NewDatabase(t)
	s := open(t, dsn, pgstore.Options{})
	s.Close()
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(t.Context(), `UPDATE takbot_meta SET value = $1 WHERE name = 'schema'`, pgstore.SchemaVersion+1); err != nil {
		t.Fatal(err)
	}
	if s, err := pgstore.Open(t.Context(), dsn, pgstore.Options{}); !errors.Is(err, pgstore.ErrNewerSchema) {
		if s != nil {
			s.Close()
		}
		t.Errorf("Open of a newer schema: %v, want ErrNewerSchema", err)
	}
}
