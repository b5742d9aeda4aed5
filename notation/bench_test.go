package notation

import (
	"bytes"
	"os"
	"testing"

	"github.com/takbymail/takbot/tak"
)

// corpusPlies returns the move texts and moves of the first 200 corpus games.
func corpusPlies(b *testing.B) ([]string, []tak.Move) {
	var texts []string
	var moves []tak.Move
	for _, g := range corpusGames(b)[:200] {
		for _, p := range g.Plies {
			if p.Err == nil {
				texts = append(texts, p.Text)
				moves = append(moves, p.Move.Move)
			}
		}
	}
	return texts, moves
}

func BenchmarkParsePTNMove(b *testing.B) {
	texts, _ := corpusPlies(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := ParsePTNMove(texts[i%len(texts)], 6); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormatPTN(b *testing.B) {
	_, moves := corpusPlies(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if FormatPTN(moves[i%len(moves)], nil) == "" {
			b.Fatal("empty")
		}
	}
}

func BenchmarkParseMailMove(b *testing.B) {
	_, moves := corpusPlies(b)
	mail := make([]string, len(moves))
	for i, m := range moves {
		mail[i] = FormatMail(m, 6)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := ParseMailMove(mail[i%len(mail)], 6); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadPTN reads the whole corpus (1,597 games, about 1 MB) per op.
func BenchmarkReadPTN(b *testing.B) {
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		games, err := ReadPTN(bytes.NewReader(data))
		if err != nil || len(games) != 1597 {
			b.Fatal(len(games), err)
		}
	}
}

func BenchmarkTPSRoundTrip(b *testing.B) {
	const tps = "2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42"
	for b.Loop() {
		p, err := ParseTPS(tps, tak.Config{})
		if err != nil || FormatTPS(p) != tps {
			b.Fatal(err)
		}
	}
}

func BenchmarkNinjaLink(b *testing.B) {
	var buf bytes.Buffer
	if err := WritePTN(&buf, corpusGames(b)[0]); err != nil {
		b.Fatal(err)
	}
	ptn := buf.String()
	b.SetBytes(int64(len(ptn)))
	for b.Loop() {
		NinjaLink(ptn)
	}
}

// benchTPS is a 6x6 midgame with stacks of every kind.
const benchTPS = "2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42"

// BenchmarkFormatTPS writes a 6x6 midgame in TPS, as the referee does
// twice for every picture (the position and the one before).
func BenchmarkFormatTPS(b *testing.B) {
	p, err := ParseTPS(benchTPS, tak.Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if FormatTPS(p) != benchTPS {
			b.Fatal("TPS changed")
		}
	}
}

// BenchmarkFormatSyncBoard writes a 6x6 midgame as the sync board every
// status reply carries.
func BenchmarkFormatSyncBoard(b *testing.B) {
	p, err := ParseTPS(benchTPS, tak.Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if FormatSyncBoard(p) == "" {
			b.Fatal("empty")
		}
	}
}
