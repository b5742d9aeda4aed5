package record_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// oddStrings are strings encoding/json escapes, or must not.
var oddStrings = []string{
	"", "a", "g12", "email:alice@example.com", `quote " and \ backslash`,
	"<script>&amp;</script>", "tab\tnew\nline\rcr\bbs\fff", "\x00\x01\x1f\x7f",
	"héllo wörld ♟ 棋", "\u2028\u2029", "bad \xff\xfe utf8 \xc3", "\xe2\x80", "emoji 🙂",
	"3c3>12", "Sd4<", "a1'", "1/2-1/2", string(make([]byte, 300)),
}

// filler sets values at random through reflection, so that every field
// of a record, however nested, is set in some records and unset in
// others; full sets every field.
type filler struct {
	rng   *rand.Rand
	full  bool
	depth int // of slices and maps: plan trees nest without end
}

var timeType = reflect.TypeFor[time.Time]()

func (f *filler) str() string {
	if f.rng.IntN(3) == 0 {
		b := make([]byte, f.rng.IntN(12))
		for i := range b {
			b[i] = byte(f.rng.IntN(256))
		}
		return string(b)
	}
	return oddStrings[f.rng.IntN(len(oddStrings))]
}

func (f *filler) time() time.Time {
	if !f.full && f.rng.IntN(4) == 0 {
		return time.Time{}
	}
	t := time.Unix(f.rng.Int64N(4e9), 0)
	if f.rng.IntN(2) == 0 {
		t = t.Add(time.Duration(f.rng.IntN(1e9)))
	}
	switch f.rng.IntN(5) {
	case 0:
		return t.UTC()
	case 1:
		return t.In(time.FixedZone("", (f.rng.IntN(49)-24)*1800))
	case 2:
		return t.In(time.FixedZone("odd", 3600+17)) // seconds in the offset
	case 3:
		if f.rng.IntN(20) == 0 {
			return time.Date(10000+f.rng.IntN(5), 1, 1, 0, 0, 0, 0, time.UTC) // json.Marshal fails
		}
	}
	return t
}

func (f *filler) fill(v reflect.Value) {
	if v.Type() == timeType {
		v.Set(reflect.ValueOf(f.time()))
		return
	}
	if !f.full && f.rng.IntN(3) == 0 {
		return // left zero
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(f.str())
	case reflect.Bool:
		v.SetBool(f.full || f.rng.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := f.rng.Int64N(1<<62) - 1<<61
		if f.rng.IntN(2) == 0 {
			n = int64(f.rng.IntN(20) - 5)
		}
		if f.full && n == 0 {
			n = 1
		}
		v.SetInt(n)
		v.SetInt(v.Int()) // truncated to its size
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(f.rng.Uint64N(300) + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(f.rng.NormFloat64() * 1000)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		f.fill(v.Elem())
	case reflect.Slice:
		n := f.rng.IntN(4)
		if f.full {
			n++
		}
		if f.depth > 2 {
			n = 0
		}
		f.depth++
		defer func() { f.depth-- }()
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			f.fill(v.Index(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			f.fill(v.Index(i))
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for range f.rng.IntN(3) + 1 {
			k := reflect.New(v.Type().Key()).Elem()
			e := reflect.New(v.Type().Elem()).Elem()
			f.fill(k)
			f.fill(e)
			v.SetMapIndex(k, e)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				f.fill(v.Field(i))
			}
		}
	}
}

// checkGameJSON fails when AppendJSON and json.Marshal disagree on g.
func checkGameJSON(t *testing.T, g *record.Game) {
	t.Helper()
	want, werr := json.Marshal(g)
	got, gerr := g.AppendJSON([]byte("prefix"))
	if (werr != nil) != (gerr != nil) {
		t.Fatalf("json.Marshal: %v, AppendJSON: %v\n%#v", werr, gerr, g)
	}
	if got, ok := bytes.CutPrefix(got, []byte("prefix")); werr == nil && (!ok || !bytes.Equal(got, want)) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		from := max(0, i-60)
		t.Fatalf("AppendJSON and json.Marshal differ at byte %d:\n%.120s\n%.120s", i, got[from:], want[from:])
	}
}

// TestGameAppendJSON: AppendJSON writes what json.Marshal writes over
// many records, every field set in some and unset in others, with odd
// strings and times, canonical moves and odd ones, and over records with
// every field set.
func TestGameAppendJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		f := &filler{rng: rng, full: i%10 == 0}
		g := new(record.Game)
		f.fill(reflect.ValueOf(g).Elem())
		if i%2 == 0 { // mostly canonical moves, as stored
			for j := range g.Moves {
				g.Moves[j].PTN = []string{"a1", "3c3>12", "Sd4<", "Ce5+", "2b2-11"}[rng.IntN(5)]
			}
		}
		checkGameJSON(t, g)
	}
	checkGameJSON(t, new(record.Game))
	checkGameJSON(t, &record.Game{Moves: record.MoveList{}, Chat: [2][]time.Time{{}, nil}, Disputes: []record.Dispute{}, Events: []string{}})
}

// TestGameAppendJSONKnowsEveryField fails when a field is added to
// GameRecord or tak.Config (which AppendJSON writes itself) without
// AppendJSON knowing it: update AppendJSON, then these lists.
func TestGameAppendJSONKnowsEveryField(t *testing.T) {
	for _, c := range []struct {
		typ    reflect.Type
		fields string
	}{
		{reflect.TypeFor[record.Game](), "ID Version Status Players Names Challenger Config Scoring Style Days Start Setup Moves Result Proposal Disputes Sync Events Private Watchers TurnStart Deadline Reminded Vacation Wake Remind Created Updated RematchOf Rematch Plans Chat Level Seek Unrated Rating Community Notice Review Event ChatLog"},
		{reflect.TypeFor[tak.Config](), "Size Stones Caps Komi Opening Rules"},
	} {
		var names []byte
		for i := range c.typ.NumField() {
			fd := c.typ.Field(i)
			if i > 0 {
				names = append(names, ' ')
			}
			names = append(names, fd.Name...)
			if fd.Type.Kind() == reflect.Struct && fd.Type != timeType && fd.Type.PkgPath() == c.typ.PkgPath() && fd.Type.Name() != "Scoring" {
				t.Errorf("%s.%s: a struct AppendJSON does not know", c.typ, fd.Name)
			}
		}
		if string(names) != c.fields {
			t.Errorf("%s has the fields\n%s\nAppendJSON knows\n%s", c.typ, names, c.fields)
		}
	}
}

// FuzzGameAppendJSON compares AppendJSON with json.Marshal on records made
// from outside data.
func FuzzGameAppendJSON(f *testing.F) {
	f.Add("g1", "alice", "a1", "<&>", int64(0), 3, true)
	f.Add("g\xff", "\u2028", "3c3>12\"", "", int64(1e12), -1, false)
	f.Fuzz(func(t *testing.T, id, name, ptn, event string, sec int64, n int, flag bool) {
		at := time.Unix(sec, int64(n)).In(time.FixedZone("", n%86400))
		g := &record.Game{ID: id, Version: n, Status: record.Status(name), Players: [2]string{name, id},
			Names: [2]string{ptn, event}, Config: tak.Config{Size: n, Komi: tak.Komi(n)}, Style: record.Style(event),
			Days: n, Start: event, Moves: record.MoveList{{PTN: ptn, Tak: flag, At: at}, {PTN: "a1", At: at}},
			Events: []string{event, name}, Private: flag, Watchers: []string{id}, TurnStart: at, Deadline: at,
			Reminded: flag, Wake: at, Remind: [2]time.Duration{time.Duration(n)}, Created: at, Updated: at,
			Rematch: name, Level: n, Unrated: flag, Community: event}
		if flag {
			g.Result = &record.Result{Text: name, Deadline: at}
			g.Sync[1] = &record.SyncBoard{Board: event, At: at}
			g.Chat[0] = []time.Time{at}
		}
		checkGameJSON(t, g)
	})
}

// BenchmarkGameJSON marshals a 6x6 game of 30 moves being played.
func BenchmarkGameJSON(b *testing.B) {
	g := benchGame()
	b.Run("encoding/json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(g); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("AppendJSON", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := g.AppendJSON(nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchGame is a game of 30 moves on 6x6 with a clock, as the referee
// stores one while it is played.
func benchGame() *record.Game {
	at := time.Date(2026, 11, 26, 2, 30, 0, 0, time.UTC)
	moves := []string{"a1", "f6", "c3", "d4", "3c3>12", "Sd4<", "Ce5+", "2b2-11", "b2", "e5"}
	g := &record.Game{ID: "g123", Version: 31, Status: record.Active,
		Players: [2]string{"post:w123", "post:b123"}, Names: [2]string{"w123", "b123"},
		Config: tak.DefaultConfig(6), Style: record.Street, Days: 3,
		TurnStart: at, Deadline: at.Add(72 * time.Hour), Wake: at.Add(48 * time.Hour),
		Created: at.Add(-time.Hour), Updated: at}
	for i := range 30 {
		g.Moves = append(g.Moves, record.Move{PTN: moves[i%len(moves)], Tak: i%7 == 0, At: at.Add(time.Duration(i) * time.Minute)})
	}
	return g
}
