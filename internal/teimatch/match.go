package teimatch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Config is a match.
type Config struct {
	Engines  [2]Engine
	Size     int           // board size (default 6)
	HalfKomi int           // komi in half flats, sent to engines that list HalfKomi
	MoveTime time.Duration // time per move (default 200 ms)
	// Grace is how much longer than MoveTime an answer may take before the
	// engine loses on time (default 100 ms: the pipe and process
	// scheduling on a loaded machine).
	Grace time.Duration
	// Openings are move sequences in PTN from the start position; game 2k
	// and 2k+1 both play opening k mod len, with colours swapped.
	Openings [][]string
	// Nodes, if set, sends "go nodes N" instead of "go movetime": a match
	// independent of the machine's load, for engines that support it (an
	// answer may then take up to MoveTime plus Grace).
	Nodes int64
	// Clocks, if an engine's Time is set, give each engine a clock of its
	// own for every game instead of a time per move: "go wtime W btime B
	// winc I binc I" with the time each side has left (measured by the
	// match, from sending go to reading bestmove), and a game lost on time
	// when an answer takes longer than the time left plus Grace. Both
	// engines must have one (equal clocks are the fair match; unequal ones
	// give odds).
	Clocks [2]Clock
	// SPRT, if set, ends the match early once the test decides (checked
	// after every pair of games).
	SPRT     *SPRT
	Games    int // number of games (default 2 per opening)
	MaxPlies int // a game this long is a draw (default 400)
	Log      io.Writer
}

// Clock is an engine's time for a whole game and its increment per move.
type Clock struct {
	Time, Inc time.Duration
}

// KomiError is the refusal of a match with komi against an engine that
// does not list the HalfKomi option: it would play another game than its
// opponent.
type KomiError struct {
	Engine   string
	HalfKomi int
}

func (e *KomiError) Error() string {
	return fmt.Sprintf("engine %s does not list the HalfKomi option, so it cannot be given komi %d half flats: the two engines would play different rules", e.Engine, e.HalfKomi)
}

// GameResult is one game's outcome.
type GameResult struct {
	Index   int
	Opening []string
	White   int    // index of the engine playing White
	Result  string // PTN result, e.g. R-0; "1/2-1/2" for a draw by length or repetition
	Winner  int    // index of the winning engine, or -1 for a draw
	Plies   int
	Slowest [2]time.Duration // each engine's longest answer in this game
	Think   [2]time.Duration // each engine's total answer time in this game
	Answers [2]int           // each engine's number of answers in this game
	Moves   []string         // every ply in PTN, opening included
	Fault   *FaultError      // what lost the game, if an engine failed
	Reason  string           // how the game ended, in words
}

// Summary is the match's outcome from engine 0's point of view.
type Summary struct {
	Games               []GameResult
	Wins, Losses, Draws int
	// Slowest is each engine's longest answer to a go, from sending it to
	// reading bestmove (over answers in time).
	Slowest [2]time.Duration
	// Think and Answers are each engine's total answer time and number of
	// answers: their ratio is the engine's mean thinking time a move (as
	// the match measures it, pipes included).
	Think   [2]time.Duration
	Answers [2]int
	// SPRT is the test the match ran, if any, and Decision its verdict
	// when the match ended.
	SPRT     *SPRT
	Decision Decision
	// HalfKomi is the match's komi in half flats (written as a Komi tag).
	HalfKomi int
}

// Run plays the match. It returns an error only when the match cannot go
// on (an engine does not start or the context ends); faults during games
// lose those games.
func Run(ctx context.Context, cfg Config) (Summary, error) {
	cfg = withDefaults(cfg)
	if (cfg.Clocks[0].Time > 0) != (cfg.Clocks[1].Time > 0) {
		return Summary{}, errors.New("teimatch: a clock for one engine only")
	}
	sum := Summary{SPRT: cfg.SPRT, HalfKomi: cfg.HalfKomi}
	var procs [2]*proc
	defer func() {
		for _, p := range procs {
			if p != nil {
				p.close()
			}
		}
	}()
	for g := 0; g < cfg.Games; g++ {
		if err := startProcs(ctx, cfg, &procs); err != nil {
			return sum, err
		}
		if err := ctx.Err(); err != nil {
			return sum, err
		}
		opening := cfg.Openings[(g/2)%len(cfg.Openings)]
		white := g % 2
		r := playGame(ctx, cfg, procs, opening, white)
		r.Index = g + 1
		sum.addTimes(r)
		if r.Fault != nil {
			// restart the engine that failed: it may be dead or confused
			for i, p := range procs {
				if p != nil && p.name == r.Fault.Engine {
					p.kill()
					procs[i] = nil
				}
			}
		}
		if err := ctx.Err(); err != nil {
			return sum, err
		}
		sum.add(r)
		fmt.Fprintf(cfg.Log, "game %d: %s (White) - %s (Black), opening %s: %s in %d plies, %s [%d-%d-%d]\n",
			r.Index, cfg.Engines[white].Name, cfg.Engines[1-white].Name, strings.Join(opening, " "),
			r.Result, r.Plies, r.Reason, sum.Wins, sum.Losses, sum.Draws)
		if cfg.SPRT != nil && g%2 == 1 {
			llr, d := sum.SPRTStatus(*cfg.SPRT)
			sum.Decision = d
			fmt.Fprintf(cfg.Log, "SPRT after %d pairs: LLR %.2f, %v\n", (g+1)/2, llr, d)
			if d != Continue {
				break
			}
		}
	}
	return sum, nil
}

// withDefaults fills in cfg's zero fields and names the engines (by their
// commands' base names, numbered when both are the same).
func withDefaults(cfg Config) Config {
	if cfg.Size == 0 {
		cfg.Size = 6
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = 200 * time.Millisecond
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 100 * time.Millisecond
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 400
	}
	if len(cfg.Openings) == 0 {
		cfg.Openings = [][]string{nil}
	}
	if cfg.Games <= 0 {
		cfg.Games = 2 * len(cfg.Openings)
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	for i := range cfg.Engines {
		if cfg.Engines[i].Name == "" && len(cfg.Engines[i].Argv) > 0 {
			a := cfg.Engines[i].Argv[0]
			cfg.Engines[i].Name = a[strings.LastIndex(a, "/")+1:]
		}
	}
	if cfg.Engines[0].Name == cfg.Engines[1].Name {
		cfg.Engines[0].Name += "#1"
		cfg.Engines[1].Name += "#2"
	}
	return cfg
}

// startProcs starts the engines that are not running (at the start, or
// after a fault), setting their komi. An engine that does not list
// HalfKomi when the match has komi is a KomiError.
func startProcs(ctx context.Context, cfg Config, procs *[2]*proc) error {
	for i := range procs {
		if procs[i] != nil {
			continue
		}
		p, err := startProc(ctx, cfg.Engines[i], 10*time.Second)
		if err != nil {
			return fmt.Errorf("starting %s: %w", cfg.Engines[i].Name, err)
		}
		if cfg.HalfKomi != 0 {
			if !p.options["HalfKomi"] {
				p.close()
				return &KomiError{Engine: cfg.Engines[i].Name, HalfKomi: cfg.HalfKomi}
			}
			_ = p.send("setoption name HalfKomi value " + strconv.Itoa(cfg.HalfKomi))
		}
		procs[i] = p
	}
	return nil
}

// addTimes adds a game's answer times to the summary's.
func (s *Summary) addTimes(r GameResult) {
	for i := range s.Slowest {
		s.Slowest[i] = max(s.Slowest[i], r.Slowest[i])
		s.Think[i] += r.Think[i]
		s.Answers[i] += r.Answers[i]
	}
}

// add counts a game's result and adds it to the summary's games.
func (s *Summary) add(r GameResult) {
	switch r.Winner {
	case 0:
		s.Wins++
	case 1:
		s.Losses++
	default:
		s.Draws++
	}
	s.Games = append(s.Games, r)
}

// game is one game of a match being played.
type game struct {
	cfg   Config
	procs [2]*proc
	white int // the engine playing White
	pos   *tak.Position
	moves []string         // every ply in PTN, opening included
	seen  map[string]int   // how often each position was reached
	left  [2]time.Duration // with clocks: each engine's time left
	r     GameResult
}

// playGame plays one game from opening, engine white playing White.
func playGame(ctx context.Context, cfg Config, procs [2]*proc, opening []string, white int) GameResult {
	g := &game{cfg: cfg, procs: procs, white: white, seen: map[string]int{},
		r: GameResult{Opening: opening, White: white, Winner: -1}}
	tc := tak.DefaultConfig(cfg.Size)
	tc.Komi = tak.Komi(cfg.HalfKomi)
	pos, err := tak.NewPosition(tc)
	if err != nil {
		g.r.Result, g.r.Reason = "1/2-1/2", "no game: "+err.Error()
		return g.r
	}
	g.pos = pos
	g.play(ctx, opening)
	g.r.Moves = g.moves
	return g.r
}

// play plays the opening, starts the engines' game and plays the game to
// its end, recording it in g.r.
func (g *game) play(ctx context.Context, opening []string) {
	if !g.playOpening(opening) {
		return
	}
	for i, p := range g.procs {
		if f := g.newGame(p); f != nil {
			g.lose(i, f)
			return
		}
	}
	g.left = [2]time.Duration{g.cfg.Clocks[0].Time, g.cfg.Clocks[1].Time}
	for !g.pos.Over() {
		if g.drawn(ctx) {
			return
		}
		i := g.engineOf(g.pos.ToMove())
		if f := g.turn(i); f != nil {
			g.lose(i, f)
			return
		}
	}
	res := g.pos.Result()
	g.r.Result, g.r.Plies, g.r.Reason = res.PTN(), g.pos.Ply(), res.String()
	if !res.Draw {
		g.r.Winner = g.engineOf(res.Winner)
	}
}

// playOpening plays the opening's moves; a move that does not parse or
// is illegal makes the game a draw without a game.
func (g *game) playOpening(opening []string) bool {
	for _, text := range opening {
		pm, err := notation.ParsePTNMove(text, g.cfg.Size)
		if err == nil {
			var next *tak.Position
			if next, err = g.pos.Play(pm.Move); err == nil {
				g.pos = next
				g.moves = append(g.moves, pm.Move.String())
				continue
			}
		}
		g.r.Result, g.r.Reason = "1/2-1/2", fmt.Sprintf("no game: opening move %q: %v", text, err)
		return false
	}
	return true
}

// newGame tells an engine that a game starts and waits until it is ready.
func (g *game) newGame(p *proc) *FaultError {
	if err := p.send(fmt.Sprintf("teinewgame %d", g.cfg.Size)); err != nil {
		return asFault(err, p.name)
	}
	if err := p.send("isready"); err != nil {
		return asFault(err, p.name)
	}
	if _, err := p.await("readyok", time.Now().Add(10*time.Second)); err != nil {
		return asFault(err, p.name)
	}
	return nil
}

// engineOf is the engine playing colour c.
func (g *game) engineOf(c tak.Color) int {
	if c == tak.White {
		return g.white
	}
	return 1 - g.white
}

// lose ends the game with engine i's fault: the other wins.
func (g *game) lose(i int, f *FaultError) {
	r := &g.r
	r.Fault = f
	r.Winner = 1 - i
	r.Plies = g.pos.Ply()
	if g.engineOf(tak.White) == r.Winner {
		r.Result = "1-0"
	} else {
		r.Result = "0-1"
	}
	r.Reason = f.Error()
}

// drawn ends the game as a draw when the match is interrupted, the game
// is too long or its position is repeated a third time.
func (g *game) drawn(ctx context.Context) bool {
	r, pos := &g.r, g.pos
	if ctx.Err() != nil {
		r.Result, r.Reason = "1/2-1/2", "match interrupted"
		return true
	}
	if pos.Ply() >= g.cfg.MaxPlies {
		r.Result, r.Reason, r.Plies = "1/2-1/2", fmt.Sprintf("draw after %d plies", pos.Ply()), pos.Ply()
		return true
	}
	key := boardKey(pos)
	g.seen[key]++
	if g.seen[key] >= 3 {
		r.Result, r.Reason, r.Plies = "1/2-1/2", "draw by threefold repetition", pos.Ply()
		return true
	}
	return false
}

// goCommand is the go command for engine i and how long it may take.
func (g *game) goCommand(i int) (string, time.Duration) {
	cfg := g.cfg
	switch {
	case cfg.Clocks[0].Time > 0:
		w, b := g.engineOf(tak.White), g.engineOf(tak.Black)
		return fmt.Sprintf("go wtime %d btime %d winc %d binc %d", g.left[w].Milliseconds(), g.left[b].Milliseconds(),
			cfg.Clocks[w].Inc.Milliseconds(), cfg.Clocks[b].Inc.Milliseconds()), g.left[i]
	case cfg.Nodes > 0:
		return fmt.Sprintf("go nodes %d", cfg.Nodes), cfg.MoveTime
	}
	return fmt.Sprintf("go movetime %d", cfg.MoveTime.Milliseconds()), cfg.MoveTime
}

// turn asks engine i for its move and plays it, timing the answer and
// charging its clock; the fault is what makes it lose the game.
func (g *game) turn(i int) *FaultError {
	p := g.procs[i]
	cmd := "position startpos"
	if len(g.moves) > 0 {
		cmd += " moves " + strings.Join(g.moves, " ")
	}
	if err := p.send(cmd); err != nil {
		return asFault(err, p.name)
	}
	goCmd, limit := g.goCommand(i)
	if err := p.send(goCmd); err != nil {
		return asFault(err, p.name)
	}
	asked := time.Now()
	line, err := p.await("bestmove", asked.Add(limit+g.cfg.Grace))
	if err != nil {
		return asFault(err, p.name)
	}
	took := time.Since(asked)
	r := &g.r
	r.Slowest[i] = max(r.Slowest[i], took)
	r.Think[i] += took
	r.Answers[i]++
	if g.cfg.Clocks[0].Time > 0 {
		g.left[i] = max(g.left[i]-took, 0) + g.cfg.Clocks[i].Inc
	}
	f := strings.Fields(line)
	if len(f) != 2 {
		return &FaultError{Engine: p.name, Kind: "protocol", Detail: fmt.Sprintf("malformed answer %q", clip(line))}
	}
	pm, err := notation.ParsePTNMove(f[1], g.cfg.Size)
	if err != nil {
		return &FaultError{Engine: p.name, Kind: "illegal move", Detail: fmt.Sprintf("%q is not a move: %v", clip(f[1]), err)}
	}
	next, err := g.pos.Play(pm.Move)
	if err != nil {
		return &FaultError{Engine: p.name, Kind: "illegal move", Detail: fmt.Sprintf("%q: %v", clip(f[1]), err)}
	}
	g.pos = next
	g.moves = append(g.moves, pm.Move.String())
	return nil
}

func asFault(err error, name string) *FaultError {
	var f *FaultError
	if errors.As(err, &f) {
		return f
	}
	return &FaultError{Engine: name, Kind: "crash", Detail: err.Error()}
}

// boardKey identifies a position for the repetition rule: the board and
// the side to move.
func boardKey(p *tak.Position) string {
	t := notation.FormatTPS(p)
	if i := strings.LastIndexByte(t, ' '); i > 0 {
		return t[:i]
	}
	return t
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
