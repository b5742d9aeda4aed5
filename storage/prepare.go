package storage

import (
	"sync"
	"time"

	"github.com/takbymail/takbot/record"
)

// Records encoded before their transaction (record.Preparer). The referee's
// commits run one transaction at a time; compressing two replies and
// marshalling a game took about a third of that transaction's time. The
// referee now prepares them in its own goroutine, in parallel with the
// other callers, and the transaction finds them here.
//
// A reply is found by its id and used only if it is the reply prepared:
// the same fields and the same parts (the same slice, compared by address,
// not by contents: re-encoding the reply to compare took a tenth of the
// transaction's time). A game is found by its record's address: the referee does
// not change a record between Prepare and the end of its Update, and
// its done function forgets the record's entry then.

// maxPrepared bounds the entries kept, should done functions be missed.
const maxPrepared = 10000

// prepared holds the encodings of the records of Updates in flight.
type prepared struct {
	mu      sync.Mutex
	games   map[*record.Game][]byte
	replies map[string]preparedReply
}

// preparedReply is a reply's stored form and the shape it was made from.
type preparedReply struct {
	shape replyShape
	raw   []byte
}

// replyShape is what tells a prepared reply from another under its id: its
// fields, and its parts and images by address.
type replyShape struct {
	id, toName, game, subject, cause string
	to                               record.Identity
	private, attention               bool
	class                            record.ReplyClass
	created                          time.Time
	delivery                         record.Delivery
	parts                            *record.Part
	nParts                           int
	images                           *record.Attachment
	nImages                          int
}

func shapeOf(r *record.Reply) replyShape {
	s := replyShape{id: r.ID, toName: r.ToName, game: r.Game, subject: r.Subject, cause: r.Cause, to: r.To,
		private: r.Private, attention: r.Attention, class: r.Class, created: r.Created, delivery: r.Delivery,
		nParts: len(r.Parts), nImages: len(r.Images)}
	if len(r.Parts) > 0 {
		s.parts = &r.Parts[0]
	}
	if len(r.Images) > 0 {
		s.images = &r.Images[0]
	}
	return s
}

// Prepare implements record.Preparer.
func (d *DB) Prepare(games []*record.Game, replies []record.Reply) (done func()) {
	gs := make([][]byte, len(games))
	for i, g := range games {
		raw, err := g.AppendJSON(nil)
		if err != nil {
			return func() {} // PutGame reports it
		}
		gs[i] = raw
	}
	rs := make([]preparedReply, len(replies))
	for i := range replies {
		raw, err := encodeReply(&replies[i])
		if err != nil {
			return func() {}
		}
		rs[i] = preparedReply{shape: shapeOf(&replies[i]), raw: raw}
	}
	p := &d.prep
	p.mu.Lock()
	if p.games == nil || len(p.games)+len(p.replies) > maxPrepared {
		p.games, p.replies = map[*record.Game][]byte{}, map[string]preparedReply{}
	}
	for i, g := range games {
		p.games[g] = gs[i]
	}
	for i := range replies {
		p.replies[replies[i].ID] = rs[i]
	}
	p.mu.Unlock()
	return func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, g := range games {
			delete(p.games, g)
		}
		for i := range replies {
			delete(p.replies, replies[i].ID)
		}
	}
}

// gameJSON returns the stored form of a game, prepared or not.
func (t *txn) gameJSON(g *record.Game) ([]byte, error) {
	if t.prep != nil {
		t.prep.mu.Lock()
		raw, ok := t.prep.games[g]
		t.prep.mu.Unlock()
		if ok {
			return raw, nil
		}
	}
	return g.AppendJSON(nil)
}

// encodeReply returns the stored form of a reply, prepared or not.
func (t *txn) encodeReply(r *record.Reply) ([]byte, error) {
	if t.prep == nil {
		return encodeReply(r)
	}
	t.prep.mu.Lock()
	pr, ok := t.prep.replies[r.ID]
	t.prep.mu.Unlock()
	if !ok || shapeOf(r) != pr.shape {
		return encodeReply(r)
	}
	return pr.raw, nil
}
