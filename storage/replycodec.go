package storage

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// The formats of a stored reply, its first byte. A new dictionary or
// layout gets a new format; the old ones stay readable.
const (
	formatRaw       byte = 1 // header, then the body as is (body layout 1)
	formatDeflateV1 byte = 2 // header, then the body deflated with dictionary v1 (body layout 1)
	// Body layout 2 adds a part's Fallback flag after its caption.
	formatRaw2     byte = 3 // header, then the body as is (body layout 2)
	formatDeflate2 byte = 4 // header, then the body deflated with dictionary v1 (body layout 2)
	// Body layout 3 adds a picture's theme, width, turn label and marks
	// after its caption.
	formatRaw3     byte = 5 // header, then the body as is (body layout 3)
	formatDeflate3 byte = 6 // header, then the body deflated with dictionary v1 (body layout 3)
	// Dictionary v2 adds the words of layout 3's replies to v1.
	formatDeflate3V2 byte = 7 // header, then the body deflated with dictionary v2 (body layout 3)
	// Body layout 4 adds an action's moment (record.Action.Moment) after its
	// confirmation question.
	formatRaw4       byte = 8 // header, then the body as is (body layout 4)
	formatDeflate4V2 byte = 9 // header, then the body deflated with dictionary v2 (body layout 4)
	// Body layout 5 adds the reply's gist (record.Gist) after its parts. A
	// reply without one is still written in layout 4, byte for byte as
	// before.
	formatRaw5       byte = 10 // header, then the body as is (body layout 5)
	formatDeflate5V2 byte = 11 // header, then the body deflated with dictionary v2 (body layout 5)
	// Body layout 6 writes, after the parts, whether there is a gist; the
	// gist then has its turn's line after the layout 5 fields and its
	// links after its end; then the titles of the answers (record.Part.Title)
	// as part indices and titles. A reply with none of these is still
	// written in layout 5 or 4, byte for byte as before.
	formatRaw6       byte = 12 // header, then the body as is (body layout 6)
	formatDeflate6V2 byte = 13 // header, then the body deflated with dictionary v2 (body layout 6)
)

// dictOf returns the preset dictionary of a deflated format.
func dictOf(format byte) []byte {
	if format == formatDeflate3V2 || format == formatDeflate4V2 || format == formatDeflate5V2 || format == formatDeflate6V2 {
		return dictV2
	}
	return dictV1
}

// layoutOf returns the body layout of a format.
func layoutOf(format byte) int {
	switch format {
	case formatRaw6, formatDeflate6V2:
		return 6
	case formatRaw5, formatDeflate5V2:
		return 5
	case formatRaw4, formatDeflate4V2:
		return 4
	case formatRaw3, formatDeflate3, formatDeflate3V2:
		return 3
	case formatRaw2, formatDeflate2:
		return 2
	}
	return 1
}

// deflated reports whether a format's body is deflated.
func deflated(format byte) bool {
	return format == formatDeflateV1 || format == formatDeflate2 || format == formatDeflate3 || format == formatDeflate3V2 || format == formatDeflate4V2 || format == formatDeflate5V2 || format == formatDeflate6V2
}

// maxBody bounds a decompressed body, so that a corrupt value cannot
// exhaust memory.
const maxBody = 16 << 20

// replyHeader is the part of a reply that the store's own bookkeeping
// reads and SetDelivery rewrites: it is stored uncompressed, before the
// body, so neither needs to inflate the body.
type replyHeader struct {
	ID       string
	To       record.Identity
	Cause    string
	Created  time.Time
	Delivery record.Delivery
	// Class picks the recipient's queue in the outbox (its lane). It is
	// written after the delivery state only when it is not record.Event, so
	// a header written before classes existed reads as an event, which is
	// the queue its reply is indexed in.
	Class record.ReplyClass
}

func headerOf(r *record.Reply) replyHeader {
	return replyHeader{ID: r.ID, To: r.To, Cause: r.Cause, Created: r.Created, Delivery: r.Delivery, Class: r.Class}
}

// lane is the queue of the reply in its transport's outbox.
func (h *replyHeader) lane() string { return record.LaneOf(h.To, h.Class) }

func (h *replyHeader) encode(e *encoder) {
	e.str(h.ID)
	e.str(h.To.Transport)
	e.str(h.To.Address)
	shared := sharedPrefix(h.ID, h.Cause) // a cause is usually the reply id's stem
	e.uvarint(uint64(shared))
	e.str(h.Cause[shared:])
	e.time(h.Created)
	d := h.Delivery
	e.int(d.Attempts)
	e.time(d.NextTry)
	e.str(d.LastError)
	e.time(d.Delivered)
	e.time(d.Failed)
	if h.Class != record.Event {
		e.uvarint(uint64(h.Class))
	}
}

func (h *replyHeader) decode(d *decoder) {
	h.ID = d.str()
	h.To = record.Identity{Transport: d.str(), Address: d.str()}
	h.Cause = d.shared(h.ID)
	h.Created = d.time()
	h.Delivery = record.Delivery{Attempts: d.int(), NextTry: d.time(), LastError: d.str(), Delivered: d.time(), Failed: d.time()}
	if len(d.b) > 0 && d.err == nil {
		h.Class = record.ReplyClass(d.small())
	}
}

// encodeBody writes the rest of the reply.
func encodeBody(e *encoder, r *record.Reply) {
	e.str(r.ToName)
	e.str(r.Game)
	e.str(r.Subject)
	e.bool(r.Private)
	e.bool(r.Attention)
	e.count(len(r.Parts), r.Parts == nil)
	for i := range r.Parts {
		p := &r.Parts[i]
		e.uvarint(uint64(p.Kind))
		e.str(p.Text)
		e.str(p.Caption)
		e.bool(p.Fallback) // layout 2
		e.bool(p.Picture != nil)
		if p.Picture != nil {
			encodePicture(e, p.Picture)
		}
		e.count(len(p.Actions), p.Actions == nil)
		for _, a := range p.Actions {
			e.str(a.Label)
			e.str(a.Command)
			e.str(a.Game)
			e.str(a.Confirm)
			e.str(a.Moment) // layout 4
		}
	}
	switch {
	case layout6(r):
		e.bool(r.Gist != nil)
		if r.Gist != nil {
			encodeGist(e, r.Gist, 6)
		}
		encodeTitles(e, r.Parts)
	case r.Gist != nil: // layout 5
		encodeGist(e, r.Gist, 5)
	}
}

// layout6 reports whether r needs body layout 6: its gist has a turn's
// line or links, or a part is an answer's title.
func layout6(r *record.Reply) bool {
	if g := r.Gist; g != nil && (len(g.Links) > 0 || g.Turn != nil && g.Turn.Line != "") {
		return true
	}
	for i := range r.Parts {
		if r.Parts[i].Title != "" {
			return true
		}
	}
	return false
}

// encodeTitles writes the titles of answers among parts (layout 6): their
// count, then each one's part index and title.
func encodeTitles(e *encoder, parts []record.Part) {
	n := 0
	for i := range parts {
		if parts[i].Title != "" {
			n++
		}
	}
	e.uvarint(uint64(n))
	for i := range parts {
		if parts[i].Title != "" {
			e.uvarint(uint64(i))
			e.str(parts[i].Title)
		}
	}
}

// decodeTitles reads what encodeTitles wrote into parts; an index out of
// range is a damaged record.
func decodeTitles(d *decoder, parts []record.Part) {
	n := d.uvarint()
	if n > uint64(len(parts)) {
		d.fail("count of answer titles")
		return
	}
	for range n {
		i, title := d.uvarint(), d.str()
		if i >= uint64(len(parts)) {
			d.fail("answer title's part")
		}
		if d.err != nil {
			return
		}
		parts[i].Title = title
	}
}

func decodeBody(d *decoder, r *record.Reply, layout int) {
	r.ToName, r.Game, r.Subject = d.str(), d.str(), d.str()
	r.Private, r.Attention = d.bool(), d.bool()
	n, isNil := d.count()
	if !isNil {
		r.Parts = make([]record.Part, n)
	}
	for i := range n {
		p := &r.Parts[i]
		p.Kind = record.PartKind(d.small())
		p.Text, p.Caption = d.str(), d.str()
		if layout >= 2 {
			p.Fallback = d.bool()
		}
		if d.bool() {
			p.Picture = decodePicture(d, layout)
		}
		na, isNil := d.count()
		if !isNil {
			p.Actions = make([]record.Action, na)
		}
		for j := range na {
			p.Actions[j] = record.Action{Label: d.str(), Command: d.str(), Game: d.str(), Confirm: d.str()}
			if layout >= 4 {
				p.Actions[j].Moment = d.str()
			}
		}
	}
	switch {
	case layout >= 6:
		if d.bool() {
			r.Gist = decodeGist(d, layout)
		}
		decodeTitles(d, r.Parts)
	case layout == 5:
		r.Gist = decodeGist(d, layout)
	}
}

// encodeGist writes a reply's gist: for each of its facts whether it is
// there, then its fields; layout 6 adds the turn's line and the links.
func encodeGist(e *encoder, g *record.Gist, layout int) {
	e.bool(g.Move != nil)
	if m := g.Move; m != nil {
		e.str(m.Game)
		e.int(m.Turn)
		e.uvarint(uint64(m.By))
		e.str(m.Name)
		e.bool(m.You)
		e.str(m.PTN)
		e.str(m.Mail)
		e.bool(m.InMail)
		e.str(m.Line)
	}
	e.bool(g.Turn != nil)
	if t := g.Turn; t != nil {
		e.int(t.Turn)
		e.uvarint(uint64(t.ToMove))
		e.str(t.Name)
		e.bool(t.You)
		e.str(t.Due)
		if layout >= 6 {
			e.str(t.Line)
		}
	}
	e.bool(g.Ruling != nil)
	if r := g.Ruling; r != nil {
		e.bool(r.Legal)
		e.str(r.Verdict)
	}
	e.bool(g.End != nil)
	if x := g.End; x != nil {
		e.str(string(x.Reason))
		e.bool(x.Draw)
		e.uvarint(uint64(x.Winner))
		e.str(x.Name)
		e.bool(x.You)
		e.bool(x.Lost)
	}
	if layout >= 6 {
		e.count(len(g.Links), g.Links == nil)
		for _, l := range g.Links {
			e.uvarint(uint64(l.Kind))
			e.str(l.URL)
			e.str(l.Line)
		}
	}
}

func decodeGist(d *decoder, layout int) *record.Gist {
	g := &record.Gist{}
	if d.bool() {
		g.Move = &record.GistMove{Game: d.str(), Turn: d.int(), By: tak.Color(d.small()), Name: d.str(), You: d.bool(),
			PTN: d.str(), Mail: d.str(), InMail: d.bool(), Line: d.str()}
	}
	if d.bool() {
		g.Turn = &record.GistTurn{Turn: d.int(), ToMove: tak.Color(d.small()), Name: d.str(), You: d.bool(), Due: d.str()}
		if layout >= 6 {
			g.Turn.Line = d.str()
		}
	}
	if d.bool() {
		g.Ruling = &record.GistRuling{Legal: d.bool(), Verdict: d.str()}
	}
	if d.bool() {
		g.End = &record.GistEnd{Reason: record.EndReason(d.str()), Draw: d.bool(), Winner: tak.Color(d.small()),
			Name: d.str(), You: d.bool(), Lost: d.bool()}
	}
	if layout >= 6 {
		n, isNil := d.count()
		if !isNil {
			g.Links = make([]record.GistLink, n)
		}
		for i := range n {
			g.Links[i] = record.GistLink{Kind: record.LinkKind(d.small()), URL: d.str(), Line: d.str()}
		}
	}
	return g
}

func encodePicture(e *encoder, p *record.Picture) {
	e.str(p.Name)
	encodeConfig(e, p.Config)
	e.str(p.TPS)
	e.str(p.BeforeTPS)
	e.str(p.Last)
	e.str(p.Players[0])
	e.str(p.Players[1])
	e.uvarint(uint64(p.Orientation))
	e.bool(p.Result != nil)
	if r := p.Result; r != nil {
		e.str(string(r.Reason))
		e.uvarint(uint64(r.Winner))
		e.bool(r.Draw)
		e.str(r.PTN)
		e.str(r.Text)
		e.int(r.Score)
		e.time(r.Deadline)
	}
	e.str(p.Caption)
	// layout 3
	e.str(string(p.Theme))
	e.int(p.Width)
	e.str(p.Turn)
	e.count(len(p.Marks), p.Marks == nil)
	for _, sq := range p.Marks {
		e.uvarint(uint64(sq))
	}
}

func decodePicture(d *decoder, layout int) *record.Picture {
	p := &record.Picture{Name: d.str(), Config: decodeConfig(d), TPS: d.str(), BeforeTPS: d.str(), Last: d.str(),
		Players: [2]string{d.str(), d.str()}, Orientation: notation.Orientation(d.small())}
	if d.bool() {
		p.Result = &record.Result{Reason: record.EndReason(d.str()), Winner: tak.Color(d.small()), Draw: d.bool(),
			PTN: d.str(), Text: d.str(), Score: d.int(), Deadline: d.time()}
	}
	p.Caption = d.str()
	if layout >= 3 {
		p.Theme, p.Width, p.Turn = render.Theme(d.str()), d.int(), d.str()
		n, isNil := d.count()
		if !isNil {
			p.Marks = make([]tak.Square, n)
		}
		for i := range n {
			p.Marks[i] = tak.Square(d.small())
		}
	}
	return p
}

func encodeConfig(e *encoder, c tak.Config) {
	e.int(c.Size)
	e.int(c.Stones[0])
	e.int(c.Stones[1])
	e.int(c.Caps[0])
	e.int(c.Caps[1])
	e.int(int(c.Komi))
	e.uvarint(uint64(c.Opening))
	e.uvarint(uint64(c.Rules))
}

func decodeConfig(d *decoder) tak.Config {
	return tak.Config{Size: d.int(), Stones: [2]int{d.int(), d.int()}, Caps: [2]int{d.int(), d.int()},
		Komi: tak.Komi(d.int()), Opening: tak.Opening(d.small()), Rules: tak.Ruleset(d.small())}
}

// encodeReply returns the stored form of r: a format byte, the header's
// length and the header, then the body, deflated when that is shorter.
// Seq (the key) and Images (never stored) are left out.
func encodeReply(r *record.Reply) ([]byte, error) {
	s := replyScratch.Get().(*replyBuffers)
	defer replyScratch.Put(s)
	e := encoder{b: s.body[:0]}
	encodeBody(&e, r)
	s.body = e.b
	format, deflated, body := formatRaw4, formatDeflate4V2, s.body
	switch {
	case layout6(r):
		format, deflated = formatRaw6, formatDeflate6V2
	case r.Gist != nil:
		format, deflated = formatRaw5, formatDeflate5V2
	}
	s.z = deflateDict(s.z[:0], body)
	if len(s.z) < len(body) {
		format, body = deflated, s.z
	}
	h := headerOf(r)
	return assembleReply(&h, format, body), nil
}

// replyBuffers are encodeReply's scratch buffers, pooled.
type replyBuffers struct{ body, z []byte }

var replyScratch = sync.Pool{New: func() any { return new(replyBuffers) }}

// assembleReply joins a format, a header and a body in that format.
func assembleReply(h *replyHeader, format byte, body []byte) []byte {
	var head encoder
	h.encode(&head)
	e := encoder{b: make([]byte, 0, 1+4+len(head.b)+len(body))}
	e.b = append(e.b, format)
	e.uvarint(uint64(len(head.b)))
	e.b = append(e.b, head.b...)
	e.b = append(e.b, body...)
	return e.b
}

// splitReply parses the header of a stored reply and returns it with the
// body's bytes, still compressed.
func splitReply(raw []byte) (h replyHeader, format byte, body []byte, err error) {
	if len(raw) == 0 || raw[0] < formatRaw || raw[0] > formatDeflate6V2 {
		return h, 0, nil, fmt.Errorf("%w: unknown reply format", ErrCorrupt)
	}
	format = raw[0]
	d := decoder{b: raw[1:]}
	n := d.uvarint()
	if d.err != nil || n > uint64(len(d.b)) {
		return h, 0, nil, fmt.Errorf("%w: bad reply header length", ErrCorrupt)
	}
	hd := decoder{b: d.b[:n]}
	h.decode(&hd)
	if err := hd.end("reply header"); err != nil {
		return h, 0, nil, err
	}
	return h, format, d.b[n:], nil
}

// decodeReply rebuilds a reply from its key's sequence number and value.
func decodeReply(seq uint64, raw []byte) (*record.Reply, error) {
	h, format, body, err := splitReply(raw)
	if err != nil {
		return nil, err
	}
	if deflated(format) {
		if body, err = inflateBody(body, dictOf(format)); err != nil {
			return nil, err
		}
	}
	r := &record.Reply{ID: h.ID, Seq: seq, To: h.To, Cause: h.Cause, Created: h.Created, Delivery: h.Delivery, Class: h.Class}
	d := decoder{b: body}
	decodeBody(&d, r, layoutOf(format))
	if err := d.end("reply body"); err != nil {
		return nil, err
	}
	return r, nil
}

// withDelivery returns a stored reply with a new delivery state, and the
// header it had, copying the body's bytes as they are.
func withDelivery(raw []byte, del record.Delivery) ([]byte, replyHeader, error) {
	h, format, body, err := splitReply(raw)
	if err != nil {
		return nil, h, err
	}
	cur := h
	cur.Delivery = del
	return assembleReply(&cur, format, body), h, nil
}

// flateReaders keep inflate state between replies.
var flateReaders = sync.Pool{New: func() any { return flate.NewReaderDict(bytes.NewReader(nil), dictV1) }}

// inflateBody reverses deflateDict (dictV2) and the writers of the
// older formats (dictV1).
func inflateBody(z, dict []byte) ([]byte, error) {
	r := flateReaders.Get().(io.ReadCloser)
	defer flateReaders.Put(r)
	src := bytes.NewReader(z) // a ByteReader: inflate reads no further than its stream's end
	if err := r.(flate.Resetter).Reset(src, dict); err != nil {
		return nil, err
	}
	body, err := io.ReadAll(io.LimitReader(r, maxBody+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: reply body: %w", ErrCorrupt, err)
	case len(body) > maxBody:
		return nil, fmt.Errorf("%w: reply body too long", ErrCorrupt)
	case src.Len() > 0:
		return nil, fmt.Errorf("%w: bytes after the reply body", ErrCorrupt)
	}
	return body, nil
}
