package wake

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/record"
)

// Index is one time index: its state space, the name its keys start
// with, and the most entries one tick takes (the rest wait for the next).
type Index struct {
	Space string
	Name  string
	Max   int
}

// Due is an entry due by the index: what is due (its id) and when.
type Due struct {
	At time.Time
	ID string
}

// Key is the index key of id due at at.
func (ix Index) Key(at time.Time, id string) string {
	return fmt.Sprintf("%s/%012d/%s", ix.Name, at.Unix(), id)
}

// parse reads an index key.
func (ix Index) parse(k string) (Due, bool) {
	rest, ok := strings.CutPrefix(k, ix.Name+"/")
	secs, id, ok2 := strings.Cut(rest, "/")
	n, err := strconv.ParseInt(secs, 10, 64)
	if !ok || !ok2 || err != nil || id == "" {
		return Due{}, false
	}
	return Due{At: time.Unix(n, 0), ID: id}, true
}

// Move moves id's key from old to next (either zero: none) in tx.
func (ix Index) Move(tx record.Tx, id string, old, next time.Time) error {
	if old.Equal(next) {
		return nil
	}
	if !old.IsZero() {
		if err := tx.DeleteState(ix.Space, ix.Key(old, id)); err != nil {
			return err
		}
	}
	if next.IsZero() {
		return nil
	}
	return tx.PutState(ix.Space, ix.Key(next, id), []byte(id))
}

// errStopScan stops a scan of the index at the first key not yet due.
var errStopScan = errors.New("stop")

// DueBy reads the entries due by now, earliest first, at most ix.Max.
func (ix Index) DueBy(view func(func(record.Tx) error) error, now time.Time) ([]Due, error) {
	var dues []Due
	err := view(func(tx record.Tx) error {
		dues = dues[:0]
		return tx.ScanState(ix.Space, ix.Name+"/", func(k string, _ []byte) error {
			d, ok := ix.parse(k)
			switch {
			case !ok:
				return nil
			case d.At.After(now) || len(dues) >= ix.Max:
				return errStopScan
			}
			dues = append(dues, d)
			return nil
		})
	})
	if err != nil && !errors.Is(err, errStopScan) {
		return nil, fmt.Errorf("%s index: %w", ix.Name, err)
	}
	return dues, nil
}

// TickAll serves the entries due by now (DueBy), each with tick, which
// runs under the entry's lock and commits; an entry whose record is
// damaged (setAside reports it, logged once) waits until it is mended.
func (ix Index) TickAll(ctx context.Context, view func(func(record.Tx) error) error, now time.Time,
	tick func(Due) ([]record.Reply, error), setAside func(error) bool) ([]record.Reply, error) {
	dues, err := ix.DueBy(view, now)
	if err != nil {
		return nil, err
	}
	var all []record.Reply
	var errs []error
	for _, d := range dues {
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		rs, err := tick(d)
		if setAside(err) {
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %s: %w", ix.Name, d.ID, err))
			continue
		}
		all = append(all, rs...)
	}
	return all, errors.Join(errs...)
}
