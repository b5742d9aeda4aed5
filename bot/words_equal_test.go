package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// The words of every move (turn names, plurals, capitals, the reserves'
// sentence) are written as they were with fmt and strings.ToUpper.
func TestWordsAsBefore(t *testing.T) {
	oldTurnName := func(turn int) string {
		c := tak.White
		if (turn-1)%2 == 1 {
			c = tak.Black
		}
		return fmt.Sprintf("turn %d (PTN move %d, %s)", turn, (turn-1)/2+1, c)
	}
	oldCapitalize := func(s string) string {
		if s == "" {
			return s
		}
		return strings.ToUpper(s[:1]) + s[1:]
	}
	oldPlural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	for _, turn := range []int{-100001, -3, -2, -1, 0, 1, 2, 3, 30, 31, 999, 1 << 40} {
		if got, want := turnName(turn), oldTurnName(turn); got != want {
			t.Errorf("turnName(%d) = %q, before %q", turn, got, want)
		}
		if got, want := turnTitle(turn), oldCapitalize(oldTurnName(turn)); got != want {
			t.Errorf("turnTitle(%d) = %q, before %q", turn, got, want)
		}
	}
	for _, s := range append(oddStrings, "a", "z", "A", "`x", "{x", "ßx", "ǆx", "\xffx", strings.Repeat("y", 64), strings.Repeat("y", 65)) {
		if got, want := words.Capitalize(s), oldCapitalize(s); got != want {
			t.Errorf("words.Capitalize(%q) = %q, before %q", s, got, want)
		}
	}
	for _, n := range []int{-2, -1, 0, 1, 2, 21, 1 << 40} {
		if got, want := plural(n, "stone", "stones"), oldPlural(n, "stone", "stones"); got != want {
			t.Errorf("plural(%d) = %q, before %q", n, got, want)
		}
	}
	var buf []tak.Move
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		cfg := tak.DefaultConfig(size)
		p, err := tak.NewPosition(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; !p.Over() && i < 150; i++ {
			for _, komi := range []tak.Komi{0, 1, 4, -1, -3} {
				ws, wc := p.Reserves(tak.White)
				bs, bc := p.Reserves(tak.Black)
				flats := p.FlatCounts()
				want := fmt.Sprintf("In hand: white %s and %s, black %s and %s. Flats on top: white %d, black %d (komi %s).",
					oldPlural(ws, "stone", "stones"), oldPlural(wc, "capstone", "capstones"), oldPlural(bs, "stone", "stones"), oldPlural(bc, "capstone", "capstones"),
					flats[0], flats[1], komi)
				bt := present.BoardOf(tak.GameFrom(p), nil)
				if got := bt.InHand(komi); got != want {
					t.Fatalf("%q, before %q", got, want)
				}
			}
			buf = p.LegalMoves(buf[:0])
			if p, err = p.Play(buf[(i*7919+5)%len(buf)]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A game's board texts follow its position through moves, undos and a
// new history, and are written once per position.
func TestBoardTextsFollowThePosition(t *testing.T) {
	rec, tg, _, m := benchMidgame(t, 12, 0)
	gs := &gameState{rec: rec, tg: tg}
	check := func(what string) *present.Board {
		t.Helper()
		bt := gs.texts()
		pos, n := gs.tg.Position(), gs.tg.Len()
		want := present.Board{TPS: notation.FormatTPS(pos), Sync: notation.FormatSyncBoard(pos)}
		if n > 0 {
			want.BeforeTPS, want.LastPTN = notation.FormatTPS(gs.tg.PositionAfter(n-1)), gs.tg.Moves()[n-1].String()
		}
		if bt.TPS != want.TPS || bt.Sync != want.Sync || bt.BeforeTPS != want.BeforeTPS || bt.LastPTN != want.LastPTN {
			t.Fatalf("%s: texts %+v, want %+v", what, *bt, want)
		}
		for _, o := range []notation.Orientation{notation.Mail, notation.PTN} {
			if got := bt.Grid(o); got != render.Grid(pos, o, render.Figure) {
				t.Fatalf("%s: grid %q", what, got)
			}
		}
		return bt
	}
	first := check("start")
	if check("again") != first {
		t.Fatal("the texts of one position were written twice")
	}
	if err := gs.tg.Play(m); err != nil {
		t.Fatal(err)
	}
	check("after a move")
	gs.tg.Undo()
	check("after an undo")
	gs.tg.Undo()
	var buf []tak.Move
	buf = gs.tg.Position().LegalMoves(buf)
	if err := gs.tg.Play(buf[len(buf)-1]); err != nil {
		t.Fatal(err)
	}
	check("after another move")
	tg2, err := rec.History()
	if err != nil {
		t.Fatal(err)
	}
	gs.tg = tg2
	check("a new history")
	gs.tg = tak.GameFrom(gs.tg.Position())
	check("a game from the position")
}

// fmtTime writes what time.Format wrote, in every year it writes in four
// digits and beyond.
func TestFmtTimeAsBefore(t *testing.T) {
	zone := time.FixedZone("X", -5*3600-30*60)
	times := []time.Time{{}, time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC), time.Date(2026, 11, 26, 2, 40, 0, 0, zone), time.Unix(1<<40, 0)}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		times = append(times, time.Unix(rng.Int64N(400_000_000_000)-62_000_000_000, rng.Int64N(1e9)).In(zone))
	}
	for _, tm := range times {
		if got, want := fmtTime(tm), tm.UTC().Format("2006-01-02 15:04 UTC"); got != want {
			t.Fatalf("fmtTime(%v) = %q, before %q", tm, got, want)
		}
	}
}
