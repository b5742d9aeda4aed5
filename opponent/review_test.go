package opponent_test

import (
	"bytes"
	"context"
	"image/gif"
	"image/png"
	"reflect"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

func TestSwings(t *testing.T) {
	tests := []struct {
		name   string
		scores []int
		first  tak.Color
		want   []opponent.Swing
	}{
		{"quiet game", []int{0, 20, -10, 30}, tak.White, nil},
		{"white blunders twice", []int{0, 50, 40, -400, -350, -2000}, tak.White, []opponent.Swing{
			{Ply: 2, Gain: -440, Sign: "?"}, {Ply: 4, Gain: -1650, Sign: "?"}}},
		{"a good move and a bad one", []int{0, 300, 300, 100}, tak.White, []opponent.Swing{
			{Ply: 0, Gain: 300, Sign: "!"}, {Ply: 2, Gain: -200, Sign: "?"}}},
		{"black moves first", []int{0, -300, -280}, tak.Black, []opponent.Swing{{Ply: 0, Gain: 300, Sign: "!"}}},
		{"at most three mistakes", []int{0, -200, 0, -200, 0, -200, 0, -200, 0}, tak.White, []opponent.Swing{
			{Ply: 0, Gain: -200, Sign: "?"}, {Ply: 1, Gain: -200, Sign: "?"}, {Ply: 2, Gain: -200, Sign: "?"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := opponent.Swings(tt.scores, tt.first); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Swings = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestReviewWithPictures reviews a game for a reader whose transport
// shows pictures: a summary naming the swings, the graph (PNG), the
// replay (GIF, within the cap) and the annotated PTN.
func TestReviewWithPictures(t *testing.T) {
	// White's view by ply: white's third move (turn 5) throws the game away.
	s := scripted{0: 0, 1: 10, 2: 20, 3: 10, 4: 30, 5: -600, 6: -650, 7: -640, 8: -700}
	a := opponent.NewAnalyst(s, opponent.NewPool(1), opponent.Config{})
	ptn := `[Player1 "Ann"]
[Player2 "takbot"]
[Size "4"]

1. a1 d4
2. b2 c3
3. a3 d3
4. a2 d2 0-1
`
	parts, images, err := a.Analyse(t.Context(), bot.AnalysisRequest{Kind: bot.AnalyseReview, Game: "g7", PTN: ptn, Base: "g7-Ann-vs-takbot", Pictures: true, Width: 400})
	if err != nil {
		t.Fatal(err)
	}
	var text, file string
	var pictures []string
	for _, p := range parts {
		switch p.Kind {
		case record.Prose:
			text += p.Text + "\n"
		case record.File:
			file = p.Text
		case record.Image:
			pictures = append(pictures, p.Picture.Name)
		}
	}
	for _, want := range []string{"takbot's review of game g7", "Turn 5 (PTN move 3, white): a3? lost 6.30 flats."} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(file, "3. a3? {-6.00}") {
		t.Errorf("annotated PTN lacks the mark and evaluation of a3:\n%s", file)
	}
	if want := []string{"g7-Ann-vs-takbot-eval.png", "g7-Ann-vs-takbot-replay.gif"}; !reflect.DeepEqual(pictures, want) {
		t.Fatalf("pictures %v, want %v", pictures, want)
	}
	if len(images) != 2 {
		t.Fatalf("%d images, want 2", len(images))
	}
	if _, err := png.Decode(bytes.NewReader(images[0].PNG)); err != nil {
		t.Errorf("graph: %v", err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(images[1].PNG))
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	// The final position first (what a client that does not animate
	// shows), then the start and the 8 moves.
	if len(g.Image) != 10 || len(images[1].PNG) > 2<<20 {
		t.Errorf("replay: %d frames, %d bytes; want 10 frames within 2 MB", len(g.Image), len(images[1].PNG))
	}
	for _, im := range images {
		if im.Alt == "" {
			t.Errorf("%s has no alt text", im.Name)
		}
	}
}

// TestReviewReplayCap leaves the replay out, saying so, when it cannot be
// drawn within the cap.
func TestReviewReplayCap(t *testing.T) {
	a := opponent.NewAnalyst(opponent.Greedy{}, opponent.NewPool(1), opponent.Config{MaxReplayBytes: 1000})
	parts, images, err := a.Analyse(t.Context(), bot.AnalysisRequest{Kind: bot.AnalyseReview, Game: "g1", PTN: "[Size \"3\"]\n\n1. a1 c3\n", Base: "g1", Pictures: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(images) != 1 || !strings.HasSuffix(images[0].Name, "-eval.png") {
		t.Fatalf("images %d, want the graph only", len(images))
	}
	found := false
	for _, p := range parts {
		found = found || p.Kind == record.Prose && strings.Contains(p.Text, "too long for a replay within 0 KB")
	}
	if !found {
		t.Errorf("no word about the missing replay: %+v", parts)
	}
}

// TestAnalyseErrors: a request that cannot be carried out is an error,
// never a crash.
func TestAnalyseErrors(t *testing.T) {
	a := opponent.NewAnalyst(opponent.Greedy{}, opponent.NewPool(1), opponent.Config{})
	tests := []struct {
		name string
		req  bot.AnalysisRequest
	}{
		{"bad PTN", bot.AnalysisRequest{Kind: bot.AnalyseLine, PTN: "[Size"}},
		{"illegal move", bot.AnalysisRequest{Kind: bot.AnalyseLine, PTN: "[Size \"3\"]\n\n1. a1 a1\n"}},
		{"turn outside", bot.AnalysisRequest{Kind: bot.AnalyseLine, PTN: "[Size \"3\"]\n\n1. a1 c3\n", Turn: 5}},
		{"unknown kind", bot.AnalysisRequest{Kind: "poem", PTN: "[Size \"3\"]\n\n1. a1 c3\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := a.Analyse(t.Context(), tt.req); err == nil {
				t.Error("no error")
			}
		})
	}
}

// limitsRecorder answers as Greedy and records the limits of every search.
type limitsRecorder struct{ lims *[]opponent.Limits }

func (r limitsRecorder) Search(ctx context.Context, pos *tak.Position, lim opponent.Limits) (opponent.Result, error) {
	*r.lims = append(*r.lims, lim)
	return opponent.Greedy{}.Search(ctx, pos, lim)
}

// TestReviewBudget: a review searches every position with the fixed node
// budget from a cleared table and no time limit, so that it is the same
// on any load.
func TestReviewBudget(t *testing.T) {
	var lims []opponent.Limits
	a := opponent.NewAnalyst(limitsRecorder{&lims}, opponent.NewPool(1), opponent.Config{ReviewNodes: 1234})
	ptn := "[Size \"4\"]\n\n1. a1 d4\n2. b2 c3\n"
	if _, _, err := a.Analyse(t.Context(), bot.AnalysisRequest{Kind: bot.AnalyseReview, Game: "g8", PTN: ptn, Base: "g8"}); err != nil {
		t.Fatal(err)
	}
	if len(lims) == 0 {
		t.Fatal("no search")
	}
	for _, l := range lims {
		if l != (opponent.Limits{Nodes: 1234, Fresh: true}) {
			t.Fatalf("a review searched with %+v", l)
		}
	}
}
