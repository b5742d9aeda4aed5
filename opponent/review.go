package opponent

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// swingThreshold is the least swing marked, in centiflats: a move that
// changes the evaluation by less than a flat is not pointed out.
const swingThreshold = 100

// The most swings marked in a review, each way.
const (
	maxMistakes = 3 // "?"
	maxGood     = 2 // "!"
)

// Swing is one move's effect on the evaluation, for its mover.
type Swing struct {
	Ply  int // index of the move in the game (0: the first move)
	Gain int // centiflats the move changed the evaluation by, for its mover
	Sign string
}

// Swings marks the largest swings of a game from its positions' scores
// for White (scores[i] after move i, scores[0] the start; startColor is the
// mover of the first move): the moves that lost the most get "?", those
// that gained the most "!", each at least a flat.
func Swings(scores []int, startColor tak.Color) []Swing {
	var all []Swing
	for i := 1; i < len(scores); i++ {
		gain := scores[i] - scores[i-1]
		if tak.Color((int(startColor)+i-1)%2) == tak.Black {
			gain = -gain
		}
		all = append(all, Swing{Ply: i - 1, Gain: gain})
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].Gain < all[b].Gain })
	var out []Swing
	for k := 0; k < len(all) && k < maxMistakes && all[k].Gain <= -swingThreshold; k++ {
		all[k].Sign = "?"
		out = append(out, all[k])
	}
	for k := len(all) - 1; k >= 0 && len(all)-1-k < maxGood && all[k].Gain >= swingThreshold && all[k].Sign == ""; k-- {
		all[k].Sign = "!"
		out = append(out, all[k])
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Ply < out[b].Ply })
	return out
}

// review evaluates every position of a game and writes the review: a
// summary, the annotated PTN, the graph and the replay.
func (a *Analyst) review(ctx context.Context, req bot.AnalysisRequest, pg *notation.PTNGame, tg *tak.Game) ([]record.Part, []record.Attachment, error) {
	scores := req.Scores // the review kept with the game
	if scores == nil {
		var err error
		if scores, err = a.evaluate(ctx, req.PTN, tg); err != nil {
			return nil, nil, err
		}
	}
	start := tg.Start()
	swings := Swings(scores, start.ToMove())
	for i := range pg.Plies {
		if i+1 < len(scores) {
			pg.Plies[i].Comments = append(pg.Plies[i].Comments, signed(scores[i+1]))
		}
	}
	for _, s := range swings {
		if s.Ply < len(pg.Plies) && pg.Plies[s.Ply].Err == nil {
			pg.Plies[s.Ply].Move.Annotation = s.Sign
		}
	}
	pg.Comments = append(pg.Comments, "takbot's review: after each move, its evaluation in flats for White (+ White ahead, - Black ahead); ? and ! mark the largest swings")
	var buf bytes.Buffer
	if err := notation.WritePTN(&buf, pg); err != nil {
		return nil, nil, err
	}
	name := req.Base + "-review.ptn"

	var summary strings.Builder
	fmt.Fprintf(&summary, "takbot's review of game %s: at the start %s; at the end %s.", req.Game, lower(Verdict(scores[0])), lower(Verdict(scores[len(scores)-1])))
	if len(swings) == 0 {
		summary.WriteString(" No move swung the evaluation by a flat or more.")
	}
	for _, s := range swings {
		pos := tg.PositionAfter(s.Ply)
		m := tg.Moves()[s.Ply]
		text := notation.FormatPTN(m, pos)
		if req.Orientation == notation.Mail {
			text = notation.FormatMail(m, pos.Size())
		}
		fmt.Fprintf(&summary, "\nTurn %d (PTN move %d, %s): %s%s %s.", pos.Ply()+1, pos.MoveNumber(), pos.ToMove(), text, s.Sign, swingText(s, scores[s.Ply], scores[s.Ply+1]))
	}
	fmt.Fprintf(&summary, "\nThe game annotated with every evaluation (in flats, for White) is attached as %s.", name)
	parts := []record.Part{{Kind: record.Prose, Text: summary.String()}}
	var images []record.Attachment
	if req.Pictures {
		o := render.Options{Theme: req.Theme, Orientation: req.Orientation, Size: req.Width}
		var marks []render.GraphMark
		for _, s := range swings {
			m, pos := tg.Moves()[s.Ply], tg.PositionAfter(s.Ply)
			label := notation.FormatPTN(m, pos)
			if req.Orientation == notation.Mail {
				label = notation.FormatMail(m, pos.Size())
			}
			marks = append(marks, render.GraphMark{Turn: s.Ply + 1, Sign: s.Sign, Label: label})
		}
		var g bytes.Buffer
		if err := render.EvalGraph(&g, render.Graph{Scores: scores, Marks: marks, Title: fmt.Sprintf("Game %s: takbot's evaluation", req.Game)}, o); err == nil {
			gname := req.Base + "-eval.png"
			parts = append(parts, record.Part{Kind: record.Image, Picture: &record.Picture{Name: gname}, Caption: "White's chance to win, move by move (takbot's evaluation)"})
			images = append(images, record.Attachment{Name: gname, PNG: g.Bytes(),
				Alt: fmt.Sprintf("A graph of White's chance to win game %s over its %d turns, from takbot's evaluation: above the 50%% line White is ahead, below it Black; the marked moves are labelled.", req.Game, len(scores)-1)})
		}
		gif, ok := a.replay(tg, pg, req, o)
		if ok {
			rname := req.Base + "-replay.gif"
			parts = append(parts, record.Part{Kind: record.Image, Picture: &record.Picture{Name: rname}, Caption: "the final position, then the whole game move by move"})
			images = append(images, record.Attachment{Name: rname, PNG: gif, Alt: fmt.Sprintf("An animated replay of game %s, one picture per move.", req.Game)})
		} else {
			parts = append(parts, record.Part{Kind: record.Prose, Text: fmt.Sprintf("The game is too long for a replay within %d KB, so none is attached.", a.cfg.MaxReplayBytes>>10)})
		}
	}
	parts = append(parts, record.Part{Kind: record.File, Caption: name, Text: strings.TrimRight(buf.String(), "\n")})
	return parts, images, nil
}

// replay draws the GIF replay within Config.MaxReplayBytes: 320 pixels
// wide with at most 120 frames, else 240 with 60; false when even that is
// too big.
func (a *Analyst) replay(tg *tak.Game, pg *notation.PTNGame, req bot.AnalysisRequest, o render.Options) ([]byte, bool) {
	rp := render.Replay{Start: tg.Start(), Moves: tg.Moves(), Players: [2]string{pg.Tag("Player1"), pg.Tag("Player2")}}
	if r := tg.Position().Result(); r.Over() {
		rp.Result = r
	}
	for _, try := range []struct{ width, frames int }{{320, 120}, {240, 60}} {
		o.Size, rp.MaxFrames = try.width, try.frames
		var b bytes.Buffer
		if err := render.GIF(&b, rp, o); err != nil {
			return nil, false
		}
		if b.Len() <= a.cfg.MaxReplayBytes {
			return b.Bytes(), true
		}
	}
	return nil, false
}

// signed writes a score for White in flats with its sign: "+1.35", "-0.20".
func signed(white int) string {
	switch {
	case white >= WinScore/2:
		return "White wins"
	case white <= -WinScore/2:
		return "Black wins"
	}
	if white < 0 {
		return "-" + flats(-white)
	}
	return "+" + flats(white)
}

func lower(s string) string {
	if s == "" || s == "even" {
		return "the game is even"
	}
	return s
}

// swingText says what a move did: "lost 2.50 flats", or, when it decided
// the game either way, "after it, White wins".
func swingText(s Swing, before, after int) string {
	decided := func(v int) bool { return v >= WinScore/2 || v <= -WinScore/2 }
	if decided(before) || decided(after) {
		return "after it, " + lower(Verdict(after))
	}
	if s.Gain > 0 {
		return "gained " + flats(s.Gain) + " flats"
	}
	return "lost " + flats(-s.Gain) + " flats"
}
