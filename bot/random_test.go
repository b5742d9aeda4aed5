package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// TestRandomGames plays random legal games through the referee, each move
// written at random in mail or PTN notation, and checks that the referee
// accepts every move and stores exactly the game played, with its result.
func TestRandomGames(t *testing.T) {
	h := newHarness(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 6; game++ {
		size := 4 + game%3
		w, b := fmt.Sprintf("rw%d", game), fmt.Sprintf("rb%d", game)
		id := h.start(w, b, fmt.Sprintf("size=%d", size))
		h.ptn(w, b)
		tg, err := tak.NewGame(tak.DefaultConfig(size))
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 80 && !tg.Position().Over(); ply++ {
			pos := tg.Position()
			moves := pos.LegalMoves(nil)
			m := moves[rng.IntN(len(moves))]
			text := notation.FormatPTN(m, pos)
			if rng.IntN(2) == 0 {
				text = notation.FormatMail(m, size)
			}
			from := w
			if pos.ToMove() == tak.Black {
				from = b
			}
			rs := h.send(from, fmt.Sprintf("%s #%d", text, ply+1))
			if len(rs) != 2 || !strings.Contains(rs[0].Text(), "played") {
				t.Fatalf("game %d move %d %q refused: %q", game, ply+1, text, allText(rs))
			}
			if err := tg.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		g := h.game(id)
		if len(g.Moves) != tg.Len() {
			t.Fatalf("game %d: stored %d moves, played %d", game, len(g.Moves), tg.Len())
		}
		for i, m := range tg.Moves() {
			if g.Moves[i].PTN != m.String() {
				t.Fatalf("game %d move %d: stored %s, played %s", game, i+1, g.Moves[i].PTN, m)
			}
		}
		if r := tg.Position().Result(); r.Over() && (g.Result == nil || g.Result.PTN != r.PTN()) {
			t.Fatalf("game %d: stored result %+v, engine %s", game, g.Result, r.PTN())
		}
	}
}
