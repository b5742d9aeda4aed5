package storage_test

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/storage"
)

var writeDict = flag.Bool("writedict", false, "write dict/replies-v2.dict from the replies of a scripted game (never change it once replies use it)")

// dictClock stands still.
type dictClock struct{ t time.Time }

func (c dictClock) Now() time.Time { return c.t }

// dictTransport is a mail-like transport: pictures, the light theme.
type dictTransport struct{}

func (dictTransport) Info() bot.TransportInfo {
	return bot.TransportInfo{Name: "email", Title: "email", DefaultTheme: render.Light,
		ParseAddress: func(s string) (string, bool) { return s, strings.Contains(s, "@") },
		Limits:       bot.Limits{Pictures: true}}
}
func (dictTransport) Send(context.Context, *record.Reply) error { return nil }

// dictSample plays a short game between a Tak by Mail player and a PTN
// player and returns the encoded bodies (layout 3) of its replies, in
// order: the material of dictionary v2's end.
func dictSample(t *testing.T) []byte {
	ref := bot.New(memstore.New(), dictClock{time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)}, bot.Options{Rand: func(int) int { return 0 }})
	ref.Register(dictTransport{})
	id := func(a string) record.Identity { return record.Identity{Transport: "email", Address: a} }
	var out []byte
	n := 0
	say := func(from, text string) {
		n++
		o, err := ref.Handle(context.Background(), bot.Message{ID: "d" + strconv.Itoa(n), From: id(from), Name: from[:3], Text: text})
		if err != nil {
			t.Fatal(err)
		}
		for i := range o.Replies {
			r := o.Replies[i]
			r.Parts = append([]record.Part(nil), r.Parts...)
			for j := range r.Parts { // as the outbox keeps them: text boards are drawn again at delivery
				if r.Parts[j].Fallback && j > 0 && r.Parts[j-1].Kind == record.Image {
					r.Parts[j].Text = ""
				}
			}
			out = append(out, storage.EncodeBody(&r)...)
		}
	}
	say("ann@example.org", "new bob@example.org size=6 color=white")
	say("bob@example.org", "notation ptn\naccept")
	for i, mv := range []string{"ps f1", "a1", "ps b2", "c3", "mw b2 1", "c4", "ps c2", "Cd4", "mw c2 1"} {
		say([]string{"ann@example.org", "bob@example.org"}[i%2], mv)
	}
	return out
}

// TestDictionaryV2 writes (with -writedict) or checks dictionary v2:
// dictionary v1, then the replies of today's referee, the most recent
// last, within deflate's 32 KB window.
func TestDictionaryV2(t *testing.T) {
	if !*writeDict {
		if len(storage.DictV2) <= len(storage.DictV1) || string(storage.DictV2[:len(storage.DictV1)]) != string(storage.DictV1) || len(storage.DictV2) > 32<<10 {
			t.Fatalf("dictionary v2 (%d bytes) must start with dictionary v1 and fit deflate's window", len(storage.DictV2))
		}
		// stored replies depend on its exact bytes
		if got, want := fmt.Sprintf("%x", sha256.Sum256(storage.DictV2)), "30b8794ebc3ff2ede2904b2f1a8b29723d425e4ba8ba97e96f4a9d44aa4ff13a"; got != want {
			t.Fatalf("dict/replies-v2.dict has sha256 %s, want %s: restore it", got, want)
		}
		return
	}
	sample := dictSample(t)
	const room = 8 << 10
	if len(sample) > room {
		sample = sample[len(sample)-room:]
	}
	if err := os.WriteFile("dict/replies-v2.dict", append(append([]byte(nil), storage.DictV1...), sample...), 0o644); err != nil {
		t.Fatal(err)
	}
}
