package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// DamageObserver is an optional interface of an Observer: told about each
// damaged record set aside, once, for metrics.
type DamageObserver interface {
	RecordDamaged(kind string)
}

// maxDamagedKept bounds the damaged records the referee remembers.
const maxDamagedKept = 1000

// damagedRecords are the damaged records the referee met and set aside.
type damagedRecords struct {
	mu    sync.Mutex
	seen  map[string]bool // kind + " " + key
	names []string        // the first few, for health checks
}

// SetAside reports the damaged records err names (errors wrapping a
// *DamagedRecordError, such as a transport's adapter state it cannot
// decode), each once: logged, counted and listed in Problems. It returns
// whether err is about damaged records; the caller then goes on without
// them.
func (r *Referee) SetAside(err error) bool { return r.setAside(err) }

// setAside reports the damaged records err names (a *DamagedRecordError,
// or several joined), each once: logged, counted, and listed in Problems
// from then on. The caller goes on without them, so every other game goes
// on. It returns whether err was about damaged records only.
func (r *Referee) setAside(err error) bool {
	return len(r.damagedIn(err)) > 0
}

// replyRemover is an optional interface of a Tx: it takes a damaged
// pending reply, named by its DamagedRecordError's Key, out of its
// recipient's queue (package storage implements it).
type replyRemover interface {
	SetAsideReply(key string) error
}

// setAsideReplies reports the damaged replies err names and takes them
// out of their recipients' queues, so that the replies behind them go
// out. It returns whether err was about damaged records only.
func (r *Referee) setAsideReplies(ctx context.Context, err error) bool {
	found := r.damagedIn(err)
	for _, de := range found {
		if de.Kind != "reply" {
			continue
		}
		if uerr := r.store.Update(ctx, func(tx Tx) error {
			if rm, ok := tx.(replyRemover); ok {
				return rm.SetAsideReply(de.Key)
			}
			return nil
		}); uerr != nil {
			r.logger().Debug("delivery: set a damaged reply aside", "reply", de.Key, "err", uerr)
		}
	}
	return len(found) > 0
}

// damagedIn reports the damaged records err names and returns them.
func (r *Referee) damagedIn(err error) []*DamagedRecordError {
	if err == nil || !errors.Is(err, ErrDamagedRecord) {
		return nil
	}
	var found []*DamagedRecordError
	var walk func(error)
	walk = func(e error) {
		var de *DamagedRecordError
		if j, ok := e.(interface{ Unwrap() []error }); ok {
			for _, x := range j.Unwrap() {
				walk(x)
			}
		} else if errors.As(e, &de) {
			found = append(found, de)
		} else if errors.Is(e, ErrDamagedRecord) {
			found = append(found, &DamagedRecordError{Kind: "record", Key: e.Error(), Err: e})
		}
	}
	walk(err)
	for _, de := range found {
		r.damagedOnce(de)
	}
	return found
}

func (r *Referee) damagedOnce(de *DamagedRecordError) {
	d := &r.damaged
	name := de.Kind + " " + de.Key
	d.mu.Lock()
	if d.seen == nil {
		d.seen = map[string]bool{}
	}
	if d.seen[name] || len(d.seen) >= maxDamagedKept {
		d.mu.Unlock()
		return
	}
	d.seen[name] = true
	if len(d.names) < 5 {
		d.names = append(d.names, name)
	}
	d.mu.Unlock()
	if o, ok := r.opts.Observer.(DamageObserver); ok {
		o.RecordDamaged(de.Kind)
	}
	r.logger().Error("a damaged record is set aside; everything else goes on (\"takbot db check\" on a backup lists the damage; restore the record from a backup)",
		"kind", de.Kind, "key", de.Key, "err", de.Err)
}

// damagedProblems describes the damaged records set aside.
func (r *Referee) damagedProblems() []string {
	d := &r.damaged
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.seen) == 0 {
		return nil
	}
	more := ""
	if len(d.seen) > len(d.names) {
		more = ", …"
	}
	return []string{fmt.Sprintf("%d damaged records set aside (%s%s): \"takbot db check\" on a backup lists them", len(d.seen), strings.Join(d.names, ", "), more)}
}
