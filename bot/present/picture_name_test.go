package present

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// oldNamed is named as it was written with fmt, before it appended bytes.
func oldNamed(p record.Picture, game string, ply int) record.Picture {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%q", p.TPS, p.BeforeTPS, p.Last, p.Caption, p.Players)
	if p.Result != nil {
		fmt.Fprintf(h, "\x00%s\x00%d", p.Result.PTN, p.Result.Score)
	}
	fmt.Fprintf(h, "\x00%q\x00%d\x00%q\x00%v", p.Theme, p.Width, p.Turn, p.Marks)
	p.Name = fmt.Sprintf("%s-t%d-%s-%s.png", game, ply, hex.EncodeToString(h.Sum(nil))[:8], orientName(p.Orientation))
	return p
}

// oddStrings are texts that fmt's %q and %s treat specially, or that are
// long.
var oddStrings = []string{"", "Ann", `"quoted"`, `back\slash`, "<b>&amp;</b>", "tab\tnew\nline\r", "nul\x00bell\a\x7f",
	"héllo wörld", "日本語", "emoji 🎲♟", "\u2007figure", "\u202eright-to-left", "bad \xff\xfe utf-8", "\xc3", "%d %s %q %%",
	strings.Repeat("long ", 400), "x5/x5/x5/x5/x5 1 1", "Turn 31 (PTN move 16, white)", "R-0", "1/2-1/2"}

// named writes the names it wrote with fmt, for pictures with every field
// set and unset and odd strings everywhere.
func TestNamedAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	pick := func() string { return oddStrings[rng.IntN(len(oddStrings))] }
	themes := []render.Theme{"", render.Light, render.Dark, render.Contrast, `odd"theme`}
	var memo Digest
	for i := range 20000 {
		p := record.Picture{Config: tak.DefaultConfig(3 + rng.IntN(6)), TPS: pick(), BeforeTPS: pick(), Last: pick(),
			Players: [2]string{pick(), pick()}, Orientation: notation.Orientation(rng.IntN(3)), Caption: pick(),
			Theme: themes[rng.IntN(len(themes))], Width: []int{0, 480, 640, 960, -1, 1 << 40}[rng.IntN(6)], Turn: pick()}
		if rng.IntN(2) == 0 {
			p.Result = &record.Result{PTN: pick(), Text: pick(), Score: rng.IntN(100) - 50}
		}
		switch rng.IntN(4) {
		case 1:
			p.Marks = []tak.Square{}
		case 2, 3:
			for range rng.IntN(6) + 1 {
				p.Marks = append(p.Marks, tak.Square(rng.IntN(256)))
			}
		}
		game, ply := pick(), rng.IntN(300)-5
		if i%2 == 0 {
			game = fmt.Sprintf("g%d", i)
		}
		if got, want := Named(p, game, ply), oldNamed(p, game, ply); got.Name != want.Name {
			t.Fatalf("%+v: named %q, before %q", p, got.Name, want.Name)
		}
		// With a memo of the last digest, given the same picture again,
		// one that differs in one field, or another.
		q := p
		switch rng.IntN(3) {
		case 0:
			q.Theme = themes[rng.IntN(len(themes))]
		case 1:
			q.Players[rng.IntN(2)] = pick()
		}
		for _, pic := range []record.Picture{p, q, p} {
			if got, want := NamedWith(pic, game, ply, &memo), oldNamed(pic, game, ply); got.Name != want.Name {
				t.Fatalf("%+v: namedWith %q, before %q", pic, got.Name, want.Name)
			}
		}
	}
}

// FuzzNamedAsBefore names pictures of outside texts (players' names,
// captions) as before.
func FuzzNamedAsBefore(f *testing.F) {
	f.Add("x3/x3/x3 1 1", "", "", "Ann", "Bo", "", "dark", "Turn 1 (PTN move 1, white)", "g1", 3, 0, false, uint8(0))
	f.Add("x3/x3/1,x2 2 1", "x3/x3/x3 1 1", "a1", "<Ann>", "B\"o", "Before", "light", "", "g2", 0, 480, true, uint8(9))
	f.Fuzz(func(t *testing.T, tps, before, last, white, black, caption, theme, turn, game string, ply, width int, over bool, mark uint8) {
		p := record.Picture{TPS: tps, BeforeTPS: before, Last: last, Players: [2]string{white, black}, Caption: caption,
			Theme: render.Theme(theme), Width: width, Turn: turn, Orientation: notation.Orientation(mark % 2)}
		if over {
			p.Result = &record.Result{PTN: caption, Score: width}
		}
		if mark > 0 {
			p.Marks = []tak.Square{tak.Square(mark), tak.Square(mark / 2)}
		}
		if got, want := Named(p, game, ply), oldNamed(p, game, ply); got.Name != want.Name {
			t.Fatalf("named %q, before %q", got.Name, want.Name)
		}
	})
}
