package storage

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// fillExcept sets every exported field of the value v points to, recursively, to
// a value that differs from its zero and from the other fields' values;
// slices get two elements; it leaves the fields skip names
// ("Part.Title") zero, and uncounted, as if they did not exist.
func fillExcept(v reflect.Value, n *int, skip map[string]bool) {
	fill := func(v reflect.Value, n *int) { fillExcept(v, n, skip) }
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d\x00é", *n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(-int64(*n) * 1000003)
	case reflect.Uint8:
		v.SetUint(uint64(*n%250 + 1))
	case reflect.Uint64, reflect.Uint:
		v.SetUint(uint64(*n) * 1000003)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), n)
		}
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), n)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Unix(int64(*n)*86400*397, int64(*n)*7919).UTC()))
			return
		}
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() && !skip[v.Type().Name()+"."+f.Name] {
				fill(v.Field(i), n)
			}
		}
	default:
		panic("fill: no rule for " + v.Type().String())
	}
}

// fullReply returns a reply with every field filled, as fill does.
func filledReply() *record.Reply { return filledReplyExcept(nil) }

// filledReplyExcept is filledReply leaving out the fields skip names.
func filledReplyExcept(skip map[string]bool) *record.Reply {
	r := new(record.Reply)
	n := 0
	fillExcept(reflect.ValueOf(r).Elem(), &n, skip)
	return r
}

func TestReplyCodecRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	moveReply := simulatedGame(rng, 7, 24)[45]
	cases := map[string]*record.Reply{
		"every field set":   filledReply(),
		"a move reply":      moveReply,
		"only an id":        {ID: "r", To: record.Identity{Transport: "email"}},
		"empty, not nil":    {ID: "r", Parts: []record.Part{{Kind: record.Actions, Actions: []record.Action{}}, {}}},
		"no parts":          {ID: "r", Parts: []record.Part{}},
		"cause is the id":   {ID: "email:<a@b>", Cause: "email:<a@b>"},
		"cause longer":      {ID: "e", Cause: "email:<a@b>"},
		"negative and huge": {ID: "r", Delivery: record.Delivery{Attempts: -5, NextTry: time.Unix(-1e12, 1).UTC()}, Created: time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)},
		"long text":         {ID: "r", Parts: []record.Part{{Kind: record.Block, Text: strings.Repeat("0 0 0 0 0 0 0 0\n", 5000)}}},
		"incompressible":    {ID: "r", Parts: []record.Part{{Kind: record.Prose, Text: randomText(rng, 300)}}},
	}
	for name, r := range cases {
		t.Run(name, func(t *testing.T) {
			raw, err := encodeReply(r)
			if err != nil {
				t.Fatal(err)
			}
			got, err := decodeReply(42, raw)
			want := *r
			want.Seq, want.Images = 42, nil
			if err != nil || !reflect.DeepEqual(*got, want) {
				t.Fatalf("round trip gave\n%+v, %v; want\n%+v", got, err, want)
			}
		})
	}
}

// randomText returns n random letters.
func randomText(rng *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(' ' + rng.IntN(95))
	}
	return string(b)
}

func TestReplyTimesComeBackInUTC(t *testing.T) {
	berlin := time.FixedZone("CET", 3600)
	created := time.Date(2026, 11, 21, 10, 0, 0, 5, berlin)
	raw, err := encodeReply(&record.Reply{ID: "r", Created: created})
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeReply(1, raw)
	if err != nil || !got.Created.Equal(created) || got.Created.Location() != time.UTC {
		t.Fatalf("Created came back as %v, %v; want %v in UTC", got.Created, err, created)
	}
}

// TestSetDeliveryKeepsTheBody checks that a new delivery state rewrites
// the header only.
func TestSetDeliveryKeepsTheBody(t *testing.T) {
	r := filledReply()
	raw, err := encodeReply(r)
	if err != nil {
		t.Fatal(err)
	}
	d := record.Delivery{Attempts: 3, LastError: "451 later", NextTry: time.Unix(1800000000, 0).UTC()}
	updated, old, err := withDelivery(raw, d)
	if err != nil || !reflect.DeepEqual(old, headerOf(r)) {
		t.Fatalf("withDelivery gave the old header %+v, %v; want %+v", old, err, headerOf(r))
	}
	_, f0, body0, _ := splitReply(raw)
	_, f1, body1, _ := splitReply(updated)
	if f0 != f1 || !bytes.Equal(body0, body1) {
		t.Error("the body changed")
	}
	got, err := decodeReply(1, updated)
	want := *r
	want.Seq, want.Images, want.Delivery = 1, nil, d
	if err != nil || !reflect.DeepEqual(*got, want) {
		t.Errorf("after withDelivery: %+v, %v", got, err)
	}
}

// TestDictionaryIsFrozen holds the dictionary's hash: replies stored in
// formatDeflateV1 cannot be read without its exact bytes. A better
// dictionary is a new file and a new format.
func TestDictionaryIsFrozen(t *testing.T) {
	const want = "5c9a38c54271d8d5d732836845213c670604681f3234f7d806f62dbb27ae44c8"
	sum := sha256.Sum256(dictV1)
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("dict/replies-v1.dict has sha256 %s, want %s: restore it", got, want)
	}
}

func TestCorruptRepliesAreErrors(t *testing.T) {
	raw, err := encodeReply(filledReply())
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]byte{
		"empty":          {},
		"unknown format": append([]byte{formatDeflate5V2 + 1}, raw[1:]...),
		"truncated":      raw[:len(raw)/2],
		"extra bytes":    append(append([]byte{}, raw...), 0),
		"raw with junk":  {formatRaw, 1, 0xff},
		"bad deflate":    {formatDeflateV1, 0, 0xff, 0xff, 0xff},
		"header too big": {formatRaw, 100, 1},
	}
	for name, b := range cases {
		if _, err := decodeReply(1, b); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}

// A reply stored in body layout 1 (before Part.Fallback) still reads: the
// fuzz seeds hold such records, and this one is encoded here in layout 1.
func TestLayoutOneStillReads(t *testing.T) {
	r := &record.Reply{ID: "r1", To: record.Identity{Transport: "email", Address: "a@b.c"}, Parts: []record.Part{{Kind: record.Prose, Text: "hello"}}}
	var e encoder
	e.str(r.ToName)
	e.str(r.Game)
	e.str(r.Subject)
	e.bool(false)
	e.bool(false)
	e.count(1, false)
	e.uvarint(uint64(record.Prose))
	e.str("hello")
	e.str("")
	e.bool(false) // no picture
	e.count(0, true)
	h := headerOf(r)
	got, err := decodeReply(1, assembleReply(&h, formatRaw, e.b))
	if err != nil || len(got.Parts) != 1 || got.Parts[0].Text != "hello" || got.Parts[0].Fallback {
		t.Fatalf("layout 1 read as %+v, %v", got, err)
	}
}

// A reply with a picture stored in body layout 2 (before a picture's
// theme, width, turn and marks), raw or deflated, still reads: the
// picture comes back without them, drawn in the defaults.
func TestLayoutTwoPictureStillReads(t *testing.T) {
	pic := record.Picture{Name: "g1-t3-0a1b2c3d-mail.png", Config: tak.Config{Size: 5}, TPS: "x5/x5/x5/x5/x5 1 1",
		Players: [2]string{"Alice", "Bob"}, Orientation: notation.Mail, Caption: "Before turn 3"}
	r := &record.Reply{ID: "r2", To: record.Identity{Transport: "email", Address: "a@b.c"},
		Parts: []record.Part{{Kind: record.Image, Caption: pic.Caption, Picture: &pic}}}
	var e encoder
	e.str(r.ToName)
	e.str(r.Game)
	e.str(r.Subject)
	e.bool(false)
	e.bool(false)
	e.count(1, false)
	e.uvarint(uint64(record.Image))
	e.str("")
	e.str(pic.Caption)
	e.bool(false) // Fallback, layout 2
	e.bool(true)  // a picture, in layout 2: up to its caption
	e.str(pic.Name)
	encodeConfig(&e, pic.Config)
	e.str(pic.TPS)
	e.str(pic.BeforeTPS)
	e.str(pic.Last)
	e.str(pic.Players[0])
	e.str(pic.Players[1])
	e.uvarint(uint64(pic.Orientation))
	e.bool(false) // no result
	e.str(pic.Caption)
	e.count(0, true)    // no actions
	var zb bytes.Buffer // layout 2 was deflated with dictionary v1
	zw, err := flate.NewWriterDict(&zb, flate.BestCompression, dictV1)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(e.b)
	zw.Close()
	z := zb.Bytes()
	h := headerOf(r)
	for name, raw := range map[string][]byte{
		"raw":      assembleReply(&h, formatRaw2, e.b),
		"deflated": assembleReply(&h, formatDeflate2, z),
	} {
		got, err := decodeReply(1, raw)
		if err != nil || len(got.Parts) != 1 || got.Parts[0].Picture == nil || !reflect.DeepEqual(*got.Parts[0].Picture, pic) {
			t.Errorf("%s layout 2 read as %+v, %v; want the picture %+v", name, got, err, pic)
		}
	}
}

// A reply with actions stored in body layout 3 (before an action's
// moment), raw or deflated with dictionary v2, still reads: its actions
// come back without a moment (a Discord button that the referee does not
// check). An action's moment survives the store in layout 4.
func TestLayoutThreeActionsStillRead(t *testing.T) {
	acts := []record.Action{{Label: "Offer a draw", Command: "draw", Game: "g1"}, {Label: "Resign", Command: "resign", Game: "g1", Confirm: "Resign?"}}
	r := &record.Reply{ID: "r3", To: record.Identity{Transport: "discord", Address: "1"}, Parts: []record.Part{{Kind: record.Actions, Actions: acts}}}
	var e encoder
	e.str(r.ToName)
	e.str(r.Game)
	e.str(r.Subject)
	e.bool(false)
	e.bool(false)
	e.count(1, false)
	e.uvarint(uint64(record.Actions))
	e.str("")
	e.str("")
	e.bool(false) // Fallback
	e.bool(false) // no picture
	e.count(len(acts), false)
	for _, a := range acts { // layout 3: no moment
		e.str(a.Label)
		e.str(a.Command)
		e.str(a.Game)
		e.str(a.Confirm)
	}
	h := headerOf(r)
	for name, raw := range map[string][]byte{
		"raw":      assembleReply(&h, formatRaw3, e.b),
		"deflated": assembleReply(&h, formatDeflate3V2, deflateDict(nil, e.b)),
	} {
		got, err := decodeReply(1, raw)
		if err != nil || len(got.Parts) != 1 || !reflect.DeepEqual(got.Parts[0].Actions, acts) {
			t.Errorf("%s layout 3 read as %+v, %v; want the actions %+v", name, got, err, acts)
		}
	}
	stamped := append([]record.Action(nil), acts...)
	stamped[0].Moment, stamped[1].Moment = "4a-1k2j3", "4a-1k2j3"
	r.Parts[0].Actions = stamped
	raw, err := encodeReply(r)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := decodeReply(1, raw); layoutOf(raw[0]) != 4 || err != nil || !reflect.DeepEqual(got.Parts[0].Actions, stamped) {
		t.Errorf("layout %d read back as %+v, %v; want %+v", layoutOf(raw[0]), got, err, stamped)
	}
}

// A picture's look, turn label and marks survive the store (layout 3),
// and a picture without them comes back as it went in.
func TestPictureLookRoundTrip(t *testing.T) {
	for name, pic := range map[string]record.Picture{
		"look and marks": {Name: "p.png", Theme: render.Contrast, Width: 480, Turn: "Turn 11 (PTN move 6, black)",
			Marks: []tak.Square{tak.SquareAt(0, 0), tak.SquareAt(4, 4)}},
		"no marks, empty": {Name: "p.png", Theme: render.Light, Marks: []tak.Square{}},
		"defaults":        {Name: "p.png"},
	} {
		r := &record.Reply{ID: "r", Parts: []record.Part{{Kind: record.Image, Picture: &pic}}}
		raw, err := encodeReply(r)
		if err != nil {
			t.Fatal(err)
		}
		if layoutOf(raw[0]) < 3 {
			t.Errorf("%s: written in format %d, layout %d; want layout 3 or later", name, raw[0], layoutOf(raw[0]))
		}
		got, err := decodeReply(1, raw)
		if err != nil || !reflect.DeepEqual(*got.Parts[0].Picture, pic) {
			t.Errorf("%s: read back as %+v, %v; want %+v", name, got.Parts[0].Picture, err, pic)
		}
	}
}

// A header written before replies had a class (no byte after the
// delivery state) reads as an event, and an event's header is written
// exactly as before, so old records and old indexes agree; an answer's
// class comes back.
func TestReplyClassInHeader(t *testing.T) {
	r := &record.Reply{ID: "r1", To: record.Identity{Transport: "email", Address: "a@b.c"}, Cause: "r", Created: time.Unix(1e9, 0).UTC(),
		Delivery: record.Delivery{Attempts: 1, LastError: "451"}}
	var old encoder // the header as written before classes
	old.str(r.ID)
	old.str(r.To.Transport)
	old.str(r.To.Address)
	old.uvarint(1)
	old.str("")
	old.time(r.Created)
	old.int(1)
	old.time(time.Time{})
	old.str("451")
	old.time(time.Time{})
	old.time(time.Time{})
	h := headerOf(r)
	var now encoder
	h.encode(&now)
	if !bytes.Equal(now.b, old.b) {
		t.Errorf("an event's header is %x, want the old layout %x", now.b, old.b)
	}
	// An answer's header as written before Play existed: the old layout
	// and its class, 1; it still reads as an answer, in the answers' lane.
	oldAnswer := append(slices.Clone(old.b), 1)
	var hd decoder
	hd.b = oldAnswer
	var back replyHeader
	back.decode(&hd)
	if err := hd.end("header"); err != nil || back.Class != record.Answer || back.lane() != record.LaneOf(r.To, record.Answer) {
		t.Errorf("an old answer's header reads as class %v, lane %q, %v", back.Class, back.lane(), err)
	}
	r.Class = record.Answer
	h = headerOf(r)
	now = encoder{}
	h.encode(&now)
	if !bytes.Equal(now.b, oldAnswer) {
		t.Errorf("an answer's header is %x, want the old layout %x", now.b, oldAnswer)
	}
	// A Play answer is class 2, in the events' lane.
	r.Class = record.Play
	if h = headerOf(r); h.lane() != record.LaneOf(r.To, record.Event) {
		t.Errorf("a Play answer's lane is %q, want the events' %q", h.lane(), record.LaneOf(r.To, record.Event))
	}
	cases := []struct {
		name  string
		class record.ReplyClass
	}{{"event", record.Event}, {"answer", record.Answer}, {"play", record.Play}}
	for _, c := range cases {
		r.Class = c.class
		raw, err := encodeReply(r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeReply(1, raw)
		if err != nil || got.Class != c.class {
			t.Errorf("%s: decoded class %v, %v", c.name, got.Class, err)
		}
		upd, _, err := withDelivery(raw, record.Delivery{Delivered: time.Unix(2e9, 0).UTC()})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := decodeReply(1, upd); err != nil || got.Class != c.class {
			t.Errorf("%s: class after SetDelivery %v, %v", c.name, got.Class, err)
		}
	}
}

// TestDeferredReplyInHeader: a reply written to wait (a challenge notice
// to an address that never wrote, the challenge grace period) is stored with its
// wait as the delivery state's NextTry, which the header always held: no
// new field, so a reply without a wait is stored byte for byte as before
// (the old layout, zero NextTry), and the wait comes back, through
// SetDelivery too (a withdrawn notice marked failed).
func TestDeferredReplyInHeader(t *testing.T) {
	created := time.Unix(1e9, 0).UTC()
	r := &record.Reply{ID: "r1", To: record.Identity{Transport: "email", Address: "a@b.c"}, Cause: "r", Created: created}
	var old encoder // the header of a reply that does not wait, as always written
	old.str(r.ID)
	old.str(r.To.Transport)
	old.str(r.To.Address)
	old.uvarint(1)
	old.str("")
	old.time(created)
	old.int(0)
	old.time(time.Time{})
	old.str("")
	old.time(time.Time{})
	old.time(time.Time{})
	h := headerOf(r)
	var now encoder
	h.encode(&now)
	if !bytes.Equal(now.b, old.b) {
		t.Errorf("a reply without a wait has the header %x, want the old layout %x", now.b, old.b)
	}
	r.Delivery.NextTry = created.Add(10 * time.Minute)
	raw, err := encodeReply(r)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeReply(1, raw)
	if err != nil || !got.Delivery.NextTry.Equal(r.Delivery.NextTry) || !got.Delivery.Pending() {
		t.Fatalf("decoded delivery %+v, %v; want pending until %v", got.Delivery, err, r.Delivery.NextTry)
	}
	upd, _, err := withDelivery(raw, record.Delivery{Failed: created.Add(time.Minute), LastError: "the challenge was withdrawn before it went out"})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := decodeReply(1, upd); err != nil || got.Delivery.Pending() || !got.Delivery.NextTry.IsZero() {
		t.Errorf("after it was withdrawn: %+v, %v", got.Delivery, err)
	}
}
