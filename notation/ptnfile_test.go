package notation

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/takbymail/takbot/tak"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func readGames(t *testing.T, name string) []*PTNGame {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := ReadPTN(f)
	if err != nil {
		t.Fatalf("ReadPTN(%s): %v", name, err)
	}
	return games
}

func plyTexts(g *PTNGame) string {
	var s []string
	for _, p := range g.Plies {
		s = append(s, p.Text)
	}
	return strings.Join(s, " ")
}

func TestReadPTN(t *testing.T) {
	games := readGames(t, "testdata/games.ptn")
	if len(games) != 4 {
		t.Fatalf("read %d games, want 4", len(games))
	}
	g := games[0]
	if g.Tag("size") != "5" || g.Tag("PLAYER1") != `Ann "the wall"` || g.Tag("Event") != "" || len(g.Tags) != 6 || g.Tags[0] != (Tag{"Site", "test"}) {
		t.Errorf("game 1 tags %q", g.Tags)
	}
	if !reflect.DeepEqual(g.Comments, []string{"a file with four games"}) || g.Line != 1 {
		t.Errorf("game 1 comments %q, line %d", g.Comments, g.Line)
	}
	if plyTexts(g) != "e5 a1 b1 e4 c1 Se3 d1' e2!? e1" || g.Result != "R-0" {
		t.Errorf("game 1 plies %q, result %q", plyTexts(g), g.Result)
	}
	if p := g.Plies[3]; p.Number != 2 || p.Color != tak.Black || !reflect.DeepEqual(p.Comments, []string{"Bob threatens\nnothing yet"}) {
		t.Errorf("game 1 ply 4: %+v", p)
	}
	if p := g.Plies[6]; !p.Move.TakCall || p.Number != 4 || p.Color != tak.White {
		t.Errorf("game 1 ply 7: %+v", p)
	}
	if p := g.Plies[7]; p.Move.Annotation != "!?" {
		t.Errorf("game 1 ply 8: %+v", p)
	}
	cfg, err := g.Config()
	if err != nil || cfg.Komi != 3 || cfg.Size != 5 {
		t.Errorf("game 1 config %+v, %v", cfg, err)
	}
	game, err := g.Replay()
	if err != nil || game.Len() != 9 || game.Position().Result().PTN() != "R-0" {
		t.Errorf("game 1 replay: %v", err)
	}

	g = games[1]
	if g.Line != 16 || plyTexts(g) != "a1 b3>* a2’" || g.Result != "0-1" {
		t.Errorf("game 2 line %d plies %q result %q", g.Line, plyTexts(g), g.Result)
	}
	if p := g.Plies[0]; p.Number != 3 || p.Color != tak.Black {
		t.Errorf("game 2 ply 1: %+v", p)
	}
	if p := g.Plies[1]; !p.Move.Crush || !reflect.DeepEqual(p.Comments, []string{"flattened"}) {
		t.Errorf("game 2 ply 2: %+v", p)
	}
	if p := g.Plies[2]; !reflect.DeepEqual(p.Comments, []string{"a comment at the end"}) || !p.Move.TakCall {
		t.Errorf("game 2 ply 3: %+v", p)
	}
	if game, err := g.Replay(); err != nil || game.Len() != 3 || game.Start().MoveNumber() != 3 {
		t.Errorf("game 2 replay: %v", err)
	}

	g = games[2]
	if plyTexts(g) != "a6 f1 f5 f4 1f5-1 e1" || g.Result != "1/2-1/2" || g.Plies[4].Number != 3 {
		t.Errorf("game 3 plies %q result %q", plyTexts(g), g.Result)
	}
	if _, err := g.Replay(); err != nil {
		t.Errorf("game 3 replay: %v", err)
	}

	g = games[3]
	if g.Result != "0-R" || g.Plies[1].Err == nil {
		t.Errorf("game 4 result %q, ply 2 %+v", g.Result, g.Plies[1])
	}
	_, err = g.Replay()
	var re *ReplayError
	var se *SyntaxError
	if !errors.As(err, &re) || re.Ply != 2 || re.Text != "zz9" || !errors.As(err, &se) ||
		err.Error() != `ply 2 (move 1, black: zz9): unknown piece "z" in "zz9": use F, S or C before the square` {
		t.Errorf("game 4 replay error %v", err)
	}
}

func TestReplayErrors(t *testing.T) {
	for _, tc := range []struct{ ptn, msg string }{
		{"[Size \"5\"]\n1. a1 a1", "ply 2 (move 1, black: a1): a1 is occupied"},
		{"[Size \"5\"]\n1. a1 e5 2. Ca2 Cb2 3. Cc2", "ply 5 (move 3, white: Cc2): white has no capstone left"},
		{"[Size \"3\"]\n1. a1 c3 2. 6a1+", "ply 3 (move 2, white: 6a1+): carry limit is 3 on 3x3"},
		{"1. a1", "no Size or TPS tag"},
		{"[Size \"five\"]\n1. a1", `size tag "five" is not a number`},
		{"[Size \"5\"]\n[TPS \"x5/x5 1 1\"]\n1. a1", "TPS has 2 rows"},
	} {
		games, err := ReadPTN(strings.NewReader(tc.ptn))
		if err != nil || len(games) != 1 {
			t.Fatalf("ReadPTN(%q) = %d games, %v", tc.ptn, len(games), err)
		}
		if _, err := games[0].Replay(); err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("Replay(%q) error %v, want %q", tc.ptn, err, tc.msg)
		}
	}
}

func TestReadPTNErrors(t *testing.T) {
	for _, tc := range []struct{ ptn, msg string }{
		{"[Size \"5\"]\n1. a1 {never closed\n", "line 2: the comment is not closed: } is missing"},
		{"[Size 5]", `line 1: tag Size: the value must be in double quotes, as in [Size "value"]`},
		{"\n[Size \"5]", "line 2: tag Size: the value's closing quote is missing"},
		{"[Size \"5\"", "line 1: tag Size: the closing ] is missing"},
		{"[ \"5\"]", `line 1: a tag must start with a name, as in [Size "6"]`},
	} {
		_, err := ReadPTN(strings.NewReader(tc.ptn))
		var se *SyntaxError
		if !errors.As(err, &se) || err.Error() != tc.msg {
			t.Errorf("ReadPTN(%q) error %v, want %q", tc.ptn, err, tc.msg)
		}
	}
	games, err := ReadPTN(strings.NewReader("\uFEFF  \n"))
	if err != nil || len(games) != 0 {
		t.Errorf("empty file: %d games, %v", len(games), err)
	}
}

func TestConfigTags(t *testing.T) {
	modegan5, _ := tak.ModeganConfig(5)
	adem24, _ := tak.AdemConfig(24)
	custom := tak.DefaultConfig(6)
	custom.Komi, custom.Stones, custom.Caps, custom.Opening = 5, [2]int{32, 32}, [2]int{2, 2}, tak.NoSwapOpening
	perPlayer := tak.DefaultConfig(6)
	perPlayer.Stones, perPlayer.Caps = [2]int{30, 31}, [2]int{1, 2}
	for _, tc := range []struct {
		tags string
		want tak.Config
		msg  string
	}{
		{`[Size "6"]`, tak.DefaultConfig(6), ""},
		{`[TPS "x3/x3/x3 1 1"]`, tak.DefaultConfig(3), ""},
		{`[Size "6"][Komi "2.5"][Flats "32"][Caps "2"][Opening "no-swap"]`, custom, ""},
		{`[Size "6"][Flats1 "30"][Flats2 "31"][Caps1 "1"][Caps2 "2"]`, perPlayer, ""},
		{`[Size "5"][Rules "Modegan"]`, modegan5, ""},
		{`[Size "5"][Rules "adem"][Flats "24"]`, adem24, ""},
		{`[Player1 "x"]`, tak.Config{}, "no Size or TPS tag"},
		{`[Size "9"]`, tak.Config{}, "board size 9 is not between 3 and 8"},
		{`[Size "6"][Komi "lots"]`, tak.Config{}, `komi "lots" is not a number`},
		{`[Size "6"][Opening "gambit"]`, tak.Config{}, `unknown Opening "gambit"`},
		{`[Size "6"][Rules "chess"]`, tak.Config{}, `unknown Rules "chess"`},
		{`[Size "6"][Flats "-1"]`, tak.Config{}, `tag Flats "-1" is not a piece count`},
		{`[Size "3"][Rules "modegan"]`, tak.Config{}, "modegan tak is played on 4x4 to 6x6 only"},
		{`[Size "6"][Rules "adem"]`, tak.Config{}, "the adem game is 5x5"},
	} {
		games, err := ReadPTN(strings.NewReader(tc.tags))
		if err != nil || len(games) != 1 {
			t.Fatalf("ReadPTN(%q): %v", tc.tags, err)
		}
		cfg, err := games[0].Config()
		if tc.msg != "" {
			if err == nil || !strings.Contains(err.Error(), tc.msg) || !errors.Is(err, tak.ErrBadConfig) {
				t.Errorf("Config(%s) error %v, want %q wrapping ErrBadConfig", tc.tags, err, tc.msg)
			}
			continue
		}
		if err != nil || cfg != tc.want {
			t.Errorf("Config(%s) = %+v, %v; want %+v", tc.tags, cfg, err, tc.want)
		}
	}
}

func writeAll(t *testing.T, games []*PTNGame) []byte {
	t.Helper()
	var buf bytes.Buffer
	for i, g := range games {
		if i > 0 {
			buf.WriteByte('\n')
		}
		if err := WritePTN(&buf, g); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

func TestWritePTNGolden(t *testing.T) {
	games := readGames(t, "testdata/games.ptn")
	got := writeAll(t, games)
	const golden = "testdata/games.golden.ptn"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("WritePTN output differs from %s (run with -update to accept):\n%s", golden, got)
	}
	again, err := ReadPTN(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	if msg := sameGames(games, again); msg != "" {
		t.Error(msg)
	}
	if out := writeAll(t, again); !bytes.Equal(out, got) {
		t.Errorf("WritePTN is not stable:\n%s\nthen\n%s", got, out)
	}
}

// sameGames compares what WritePTN keeps: tags, result, comments, plies and
// their moves (the crush marker is recomputed, so it is not compared).
func sameGames(a, b []*PTNGame) string {
	if len(a) != len(b) {
		return "different number of games"
	}
	for i := range a {
		x, y := a[i], b[i]
		if !reflect.DeepEqual(x.Tags, y.Tags) && (len(x.Tags) > 0 || len(y.Tags) > 0) {
			return "game " + x.Tag("Site") + ": tags differ"
		}
		if x.Result != y.Result || len(x.Plies) != len(y.Plies) || !reflect.DeepEqual(x.Comments, y.Comments) {
			return "game results, comments or ply counts differ"
		}
		for j := range x.Plies {
			p, q := x.Plies[j], y.Plies[j]
			pm, qm := p.Move, q.Move
			pm.Crush, qm.Crush = false, false
			if (p.Err == nil) != (q.Err == nil) || pm != qm || p.Number != q.Number || p.Color != q.Color ||
				!reflect.DeepEqual(p.Comments, q.Comments) || (p.Err != nil && p.Text != q.Text) {
				return "ply " + p.Text + " / " + q.Text + " differs"
			}
		}
	}
	return ""
}

func TestRecordGame(t *testing.T) {
	start, err := ParseTPS("x5/x5/x,1C,2S,x2/x5/x5 2 3", tak.Config{})
	if err != nil {
		t.Fatal(err)
	}
	game := tak.GameFrom(start)
	for _, s := range []string{"a1", "b3>", "a2", "c3+"} {
		pm, err := ParsePTNMove(s, 5)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.Play(pm.Move); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	rec := RecordGame(game, []Tag{{"Player1", "ann"}}, "0-1")
	if plyTexts(rec) != "a1 b3>* a2 c3+" || rec.Tag("Size") != "5" || rec.Tag("TPS") != "x5/x5/x,1C,2S,x2/x5/x5 2 3" || rec.Tag("Result") != "0-1" {
		t.Fatalf("RecordGame = %+v", rec)
	}
	var buf bytes.Buffer
	if err := WritePTN(&buf, rec); err != nil {
		t.Fatal(err)
	}
	want := "[Player1 \"ann\"]\n[Size \"5\"]\n[TPS \"x5/x5/x,1C,2S,x2/x5/x5 2 3\"]\n[Result \"0-1\"]\n\n3. -- a1\n4. b3>* a2\n5. c3+ 0-1\n"
	if buf.String() != want {
		t.Errorf("WritePTN(RecordGame) =\n%s\nwant\n%s", buf.String(), want)
	}
	games, err := ReadPTN(&buf)
	if err != nil || len(games) != 1 {
		t.Fatal(err)
	}
	again, err := games[0].Replay()
	if err != nil || !reflect.DeepEqual(again.Moves(), game.Moves()) {
		t.Errorf("replay of the record: %v", err)
	}
	// non-default configurations are recorded in tags
	cfg, _ := tak.ModeganConfig(6)
	cfg.Komi, cfg.Stones = 5, [2]int{30, 31}
	g2, err := tak.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec = RecordGame(g2, nil, "")
	back, err := rec.Config()
	if err != nil || back != cfg || rec.Tag("Result") != "" || rec.Tag("TPS") != "" {
		t.Errorf("recorded config %+v, %v; tags %q", back, err, rec.Tags)
	}
}
