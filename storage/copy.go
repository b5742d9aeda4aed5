package storage

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
)

// Sink receives every record of a store, as "takbot db copy" moves them
// from one store to another (a bbolt file, PostgreSQL). Replies come with
// their Seq, which the receiving store keeps.
type Sink interface {
	// Counters gives the last game number and reply sequence allocated.
	Counters(games, replies uint64) error
	Game(g *record.Game) error
	Player(p *record.Player) error
	// Tourney gives an event (issue 29), after the players.
	Tourney(t *record.Tourney) error
	Processed(r *record.Processed) error
	Reply(r *record.Reply) error
	State(transport, key string, value []byte) error
}

// Copier is a store whose whole content can be listed and loaded: DB
// here, pgstore.Store for PostgreSQL.
type Copier interface {
	record.Store
	// Dump gives every record to s in one consistent snapshot: the
	// counters first, then games, players, processed records, replies in
	// outbox order and the adapter state.
	Dump(ctx context.Context, s Sink) error
	// Load writes what fill gives its Sink into the store, which must be
	// empty, in one transaction. fill may be called more than once.
	Load(ctx context.Context, fill func(Sink) error) error
}

// ErrNotEmpty is returned by Load into a store that holds records.
var ErrNotEmpty = errors.New("the target database is not empty")

var _ Copier = (*DB)(nil)

// Dump implements Copier.
func (d *DB) Dump(ctx context.Context, s Sink) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return d.db.View(func(tx *bolt.Tx) error {
		t := &txn{tx: tx, lanes: &d.lanes}
		games, log := tx.Bucket(bGames), tx.Bucket(bLog)
		if games == nil || log == nil {
			return fmt.Errorf("%w: missing buckets", ErrCorrupt)
		}
		if err := s.Counters(games.Sequence(), log.Sequence()); err != nil {
			return err
		}
		if err := t.ForEachGame(s.Game); err != nil {
			return err
		}
		if err := tx.Bucket(bPlayers).ForEach(func(k, _ []byte) error {
			p, err := t.Player(string(k))
			if err != nil {
				return err
			}
			return s.Player(p)
		}); err != nil {
			return err
		}
		if b := tx.Bucket(bTourneys); b != nil {
			if err := b.ForEach(func(k, _ []byte) error {
				v, err := t.Tourney(string(k))
				if err != nil {
					return err
				}
				return s.Tourney(v)
			}); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bProcessed).ForEach(func(k, v []byte) error {
			if len(k) == 0 || k[len(k)-1] != tagProcessed {
				return nil // a reply's sequence number
			}
			id := string(k[:len(k)-1])
			r, err := decodeProcessed(id, v)
			if err != nil {
				return &record.DamagedRecordError{Kind: "processed message", Key: id, Err: err}
			}
			return s.Processed(r)
		}); err != nil {
			return err
		}
		if err := log.ForEach(func(k, _ []byte) error {
			r, err := reply(log, k)
			if err != nil {
				return err
			}
			return s.Reply(r)
		}); err != nil {
			return err
		}
		state := tx.Bucket(bState)
		return state.ForEach(func(transport, _ []byte) error {
			b := state.Bucket(transport)
			if b == nil {
				return nil
			}
			c := b.Cursor()
			for k, v := c.First(); k != nil; k, v = c.Next() {
				if err := s.State(string(transport), string(k), append([]byte{}, v...)); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// Load implements Copier.
func (d *DB) Load(ctx context.Context, fill func(Sink) error) error {
	return d.Update(ctx, func(btx record.Tx) error {
		t := btx.(*txn)
		for _, name := range [][]byte{bGames, bPlayers, bProcessed, bLog, bTourneys} {
			if k, _ := t.tx.Bucket(name).Cursor().First(); k != nil {
				return fmt.Errorf("%w: its bucket %s holds records", ErrNotEmpty, name)
			}
		}
		if k, _ := t.tx.Bucket(bState).Cursor().First(); k != nil {
			return fmt.Errorf("%w: it holds adapter state", ErrNotEmpty)
		}
		return fill(&boltSink{t: t})
	})
}

// boltSink writes records into a write transaction.
type boltSink struct{ t *txn }

func (s *boltSink) Counters(games, replies uint64) error {
	if err := s.t.tx.Bucket(bGames).SetSequence(games); err != nil {
		return err
	}
	return s.t.tx.Bucket(bLog).SetSequence(replies)
}

func (s *boltSink) Game(g *record.Game) error           { return s.t.PutGame(g) }
func (s *boltSink) Player(p *record.Player) error       { return s.t.PutPlayer(p) }
func (s *boltSink) Tourney(v *record.Tourney) error     { return s.t.PutTourney(v) }
func (s *boltSink) Processed(r *record.Processed) error { return s.t.MarkProcessed(r) }
func (s *boltSink) State(transport, key string, value []byte) error {
	return s.t.PutState(transport, key, value)
}

// Reply writes r under its own Seq.
func (s *boltSink) Reply(r *record.Reply) error {
	if r.ID == "" || r.To.Transport == "" || r.Seq == 0 {
		return fmt.Errorf("reply %q (seq %d): %w", r.ID, r.Seq, ErrEmptyKey)
	}
	log, ids := s.t.tx.Bucket(bLog), s.t.tx.Bucket(bProcessed)
	idKey := replyIDKey(r.ID)
	if ids.Get(idKey) != nil {
		return fmt.Errorf("reply %s: %w", r.ID, ErrDuplicateReply)
	}
	if log.Get(seqKey(r.Seq)) != nil {
		return fmt.Errorf("reply %s: sequence %s: %w", r.ID, strconv.FormatUint(r.Seq, 10), ErrDuplicateReply)
	}
	raw, err := encodeReply(r)
	if err != nil {
		return err
	}
	if err := log.Put(seqKey(r.Seq), raw); err != nil {
		return err
	}
	if err := ids.Put(idKey, seqKey(r.Seq)); err != nil {
		return err
	}
	if r.Seq > log.Sequence() {
		if err := log.SetSequence(r.Seq); err != nil {
			return err
		}
	}
	h := headerOf(r)
	return s.t.indexReply(r.Seq, &h, true)
}

// Counts are how many records of each kind a store holds, and its
// counters.
type Counts struct {
	Games, Players, Processed, Replies, State int
	GameCounter, ReplyCounter                 uint64
	Tourneys                                  int // events (issue 29)
}

// String lists the counts for a person.
func (c Counts) String() string {
	events := ""
	if c.Tourneys > 0 {
		events = fmt.Sprintf(", %d events", c.Tourneys)
	}
	return fmt.Sprintf("%d games, %d players%s, %d processed messages, %d replies, %d adapter state keys; counters: game %d, reply %d",
		c.Games, c.Players, events, c.Processed, c.Replies, c.State, c.GameCounter, c.ReplyCounter)
}

// ErrCopyMismatch is returned by Copy when the target does not read back
// as the source.
var ErrCopyMismatch = errors.New("the copy does not read back as the source")

// image is a whole store in memory, as Dump lists it.
type image struct {
	counts    Counts
	games     []*record.Game
	players   []*record.Player
	tourneys  []*record.Tourney
	processed []*record.Processed
	replies   []*record.Reply
	state     [][3]string
}

func (m *image) Counters(g, r uint64) error {
	m.counts.GameCounter, m.counts.ReplyCounter = g, r
	return nil
}
func (m *image) Game(g *record.Game) error     { m.games = append(m.games, g); return nil }
func (m *image) Player(p *record.Player) error { m.players = append(m.players, p); return nil }
func (m *image) Tourney(t *record.Tourney) error {
	m.tourneys = append(m.tourneys, t)
	return nil
}
func (m *image) Processed(r *record.Processed) error {
	m.processed = append(m.processed, r)
	return nil
}
func (m *image) Reply(r *record.Reply) error { m.replies = append(m.replies, r); return nil }
func (m *image) State(transport, key string, value []byte) error {
	m.state = append(m.state, [3]string{transport, key, string(value)})
	return nil
}

// read dumps s into a new image.
func read(ctx context.Context, s Copier) (*image, error) {
	m := new(image)
	if err := s.Dump(ctx, m); err != nil {
		return nil, err
	}
	// in byte order whatever order the store lists them in
	slices.SortFunc(m.players, func(a, b *record.Player) int { return strings.Compare(a.Key, b.Key) })
	slices.SortFunc(m.tourneys, func(a, b *record.Tourney) int { return strings.Compare(a.Key(), b.Key()) })
	slices.SortFunc(m.processed, func(a, b *record.Processed) int { return strings.Compare(a.ID, b.ID) })
	slices.SortFunc(m.state, func(a, b [3]string) int {
		return cmp.Or(strings.Compare(a[0], b[0]), strings.Compare(a[1], b[1]))
	})
	m.counts.Games, m.counts.Players, m.counts.Processed = len(m.games), len(m.players), len(m.processed)
	m.counts.Replies, m.counts.State, m.counts.Tourneys = len(m.replies), len(m.state), len(m.tourneys)
	return m, nil
}

// replay gives the image's records to s.
func (m *image) replay(s Sink) error {
	if err := s.Counters(m.counts.GameCounter, m.counts.ReplyCounter); err != nil {
		return err
	}
	for _, g := range m.games {
		if err := s.Game(g); err != nil {
			return fmt.Errorf("game %s: %w", g.ID, err)
		}
	}
	for _, p := range m.players {
		if err := s.Player(p); err != nil {
			return fmt.Errorf("player %s: %w", p.Key, err)
		}
	}
	for _, t := range m.tourneys {
		if err := s.Tourney(t); err != nil {
			return fmt.Errorf("event %s: %w", t.Key(), err)
		}
	}
	for _, r := range m.processed {
		if err := s.Processed(r); err != nil {
			return fmt.Errorf("processed message %s: %w", r.ID, err)
		}
	}
	for _, r := range m.replies {
		c := *r // a sink may change what it is given
		if err := s.Reply(&c); err != nil {
			return fmt.Errorf("reply %s: %w", r.ID, err)
		}
	}
	for _, kv := range m.state {
		if err := s.State(kv[0], kv[1], []byte(kv[2])); err != nil {
			return fmt.Errorf("state %s %q: %w", kv[0], kv[1], err)
		}
	}
	return nil
}

// Copy writes every record of from into to, which must be empty, in one
// transaction, then reads to back and compares it with from's snapshot,
// record by record and counter by counter. It returns the counts. The
// whole database passes through memory: fine at the scale of a few
// thousand players.
func Copy(ctx context.Context, from, to Copier) (Counts, error) {
	src, err := read(ctx, from)
	if err != nil {
		return Counts{}, fmt.Errorf("read the source: %w", err)
	}
	if err := to.Load(ctx, src.replay); err != nil {
		return Counts{}, fmt.Errorf("write the target: %w", err)
	}
	back, err := read(ctx, to)
	if err != nil {
		return Counts{}, fmt.Errorf("read the target back: %w", err)
	}
	if err := src.compare(back); err != nil {
		return src.counts, err
	}
	return src.counts, nil
}

// compare reports the first difference between two images.
func (m *image) compare(o *image) error {
	if m.counts != o.counts {
		return fmt.Errorf("%w: the source has %v, the copy %v", ErrCopyMismatch, m.counts, o.counts)
	}
	// games in id order, replies in outbox order, the rest in key order
	for i := range m.games {
		if !reflect.DeepEqual(m.games[i], o.games[i]) {
			return fmt.Errorf("%w: game %s", ErrCopyMismatch, m.games[i].ID)
		}
	}
	for i := range m.players {
		if !reflect.DeepEqual(m.players[i], o.players[i]) {
			return fmt.Errorf("%w: player %s", ErrCopyMismatch, m.players[i].Key)
		}
	}
	for i := range m.tourneys {
		if !reflect.DeepEqual(m.tourneys[i], o.tourneys[i]) {
			return fmt.Errorf("%w: event %s", ErrCopyMismatch, m.tourneys[i].Key())
		}
	}
	for i := range m.processed {
		if !reflect.DeepEqual(m.processed[i], o.processed[i]) {
			return fmt.Errorf("%w: processed message %s", ErrCopyMismatch, m.processed[i].ID)
		}
	}
	for i := range m.replies {
		if !reflect.DeepEqual(m.replies[i], o.replies[i]) {
			return fmt.Errorf("%w: reply %s", ErrCopyMismatch, m.replies[i].ID)
		}
	}
	if !reflect.DeepEqual(m.state, o.state) {
		return fmt.Errorf("%w: the adapter state", ErrCopyMismatch)
	}
	return nil
}
