package opponent

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// Player is takbot as a player: a transport whose Send queues the game a
// reply is about, and whose workers answer for takbot.
type Player struct {
	ref   Referee
	s     Searcher
	pool  *Pool
	cfg   Config
	log   *slog.Logger
	queue chan string

	mu     sync.Mutex
	queued map[string]bool // games in the queue or being played
}

// retryAfter is the wait before takbot tries again in a game where it
// could not play.
const retryAfter = time.Minute

// NewPlayer returns takbot as a player of ref, searching with s in pool.
// Register it with ref (ref.Register) and run it (Run) beside the
// delivery pipeline; with cfg.Sync it needs no Run.
func NewPlayer(ref Referee, s Searcher, pool *Pool, cfg Config, log *slog.Logger) *Player {
	cfg.setDefaults()
	if log == nil {
		log = slog.Default()
	}
	return &Player{ref: ref, s: s, pool: pool, cfg: cfg, log: log,
		queue: make(chan string, cfg.Queue), queued: map[string]bool{}}
}

// Info describes the engine's transport.
func (p *Player) Info() bot.TransportInfo { return bot.EngineInfo() }

// Send takes a reply addressed to takbot: it queues the reply's game
// (once, however many replies are about it), or with Config.Sync plays in
// it at once. A full queue holds the reply back (outbox.HeldBack) for a
// second, so the outbox keeps it.
func (p *Player) Send(ctx context.Context, r *record.Reply) error {
	if r.Game == "" {
		return nil // help, refusals: nothing to play
	}
	if p.cfg.Sync {
		return p.play(ctx, r.Game)
	}
	if !p.enqueue(r.Game) {
		return outbox.HeldBack(ErrBusy, time.Second)
	}
	return nil
}

// enqueue queues a game unless it is queued already; false when the
// queue is full.
func (p *Player) enqueue(game string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.queued[game] {
		return true
	}
	select {
	case p.queue <- game:
		p.queued[game] = true
		return true
	default:
		return false
	}
}

// Run resumes the games where takbot is to move or has a proposal to
// answer, then plays the queued games with Config.Workers workers until
// ctx ends.
func (p *Player) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for range p.cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-ctx.Done():
					return
				case game := <-p.queue:
					p.mu.Lock()
					delete(p.queued, game) // a reply arriving meanwhile queues it again
					p.mu.Unlock()
					if err := p.play(ctx, game); err != nil && ctx.Err() == nil {
						// A failure (the database, for one) is tried again
						// in a minute, not left until the next reply.
						p.log.Warn("takbot could not play; trying again in a minute", "game", game, "err", err)
						time.AfterFunc(retryAfter, func() { p.enqueue(game) })
					}
				}
			}
		}()
	}
	if err := p.Resume(ctx); err != nil && ctx.Err() == nil {
		p.log.Error("takbot: resume its games", "err", err)
	}
	wg.Wait()
	return nil
}

// Resume queues every game in progress where takbot has something to do.
// A game the queue has no room for now is played when its next reply
// comes (a reminder, at the latest).
func (p *Player) Resume(ctx context.Context) error {
	ids, err := p.ref.GamesOf(ctx, record.EngineIdentity())
	if err != nil {
		return err
	}
	n := 0
	for _, id := range ids {
		g, err := p.ref.Game(ctx, id)
		if err != nil {
			if errors.Is(err, record.ErrDamagedRecord) {
				continue
			}
			return err
		}
		if _, due := p.due(g); due {
			if !p.enqueue(id) {
				break
			}
			n++
		}
	}
	if n > 0 {
		p.log.Info("takbot resumes its games", "games", n)
	}
	return nil
}

// due says what takbot must do in g: answer a proposal ("accept" or
// "decline"), move (""), or nothing (false).
func (p *Player) due(g *record.Game) (answer string, ok bool) {
	me, ok := g.EngineColor()
	if !ok || g.Status != record.Active {
		return "", false
	}
	if pr := g.Proposal; pr != nil && pr.By != me {
		if pr.Kind == record.ProposeDraw {
			return "decline", true
		}
		return "accept", true
	}
	return "", toMoveIn(g) == me
}

// toMoveIn is the colour to move in g, from its record.
func toMoveIn(g *record.Game) tak.Color {
	tg, err := g.History()
	if err != nil {
		return tak.Color(2) // nobody: a game that does not replay is left alone
	}
	return tg.Position().ToMove()
}

// play does what takbot must do in a game, read fresh: answer a proposal,
// then move if it is its turn.
func (p *Player) play(ctx context.Context, game string) error {
	for range 2 { // an answer, then a move
		g, err := p.ref.Game(ctx, game)
		if err != nil {
			if errors.Is(err, record.ErrNotFound) {
				return nil
			}
			return err
		}
		answer, ok := p.due(g)
		if !ok {
			return nil
		}
		if answer != "" {
			if err := p.say(ctx, g, fmt.Sprintf("%s.v%d.%s", g.ID, g.Version, answer), answer); err != nil {
				return err
			}
			continue
		}
		return p.move(ctx, g)
	}
	return nil
}

// move searches and plays takbot's move in g.
func (p *Player) move(ctx context.Context, g *record.Game) error {
	tg, err := g.History()
	if err != nil {
		return err
	}
	pos := tg.Position()
	var res Result
	var serr error
	lim := LevelLimits(p.cfg.MaxThink, g.Level)
	lim.MoveTime = ThinkTime(p.cfg.MaxThink, g.Level)
	if err := p.pool.Do(ctx, func() {
		sctx, cancel := context.WithTimeout(ctx, lim.MoveTime+5*time.Second)
		defer cancel()
		res, serr = p.s.Search(sctx, pos, lim)
	}); err != nil {
		return err
	}
	if serr != nil {
		return fmt.Errorf("search in game %s: %w", g.ID, serr)
	}
	m := Choose(pos, res.Move, g.Level, fmt.Sprintf("%s/%d", g.ID, pos.Ply()))
	if err := pos.Check(m); err != nil {
		return fmt.Errorf("takbot's move %s in game %s: %w", m, g.ID, err) // never sent: the referee would refuse it
	}
	turn := pos.Ply() + 1
	text := fmt.Sprintf("%s #%d", notation.FormatPTN(m, pos), turn)
	return p.say(ctx, g, fmt.Sprintf("%s.v%d.t%d", g.ID, g.Version, turn), text)
}

// say hands a message from takbot in game g to the referee.
func (p *Player) say(ctx context.Context, g *record.Game, id, text string) error {
	_, err := p.ref.Handle(ctx, bot.Message{ID: id, From: record.EngineIdentity(), Name: record.EngineAddress, Text: text, Game: g.ID})
	return err
}

// levelNodes are the nodes a move of levels 1 to 9: about a factor of
// three a level, from a one-ply look at level 1; level 10 thinks MaxThink.
// A node budget makes a level the same strength on any load.
var levelNodes = [bot.MaxLevel]int64{60, 200, 600, 2000, 6000, 20000, 60000, 200000, 600000, 0}

// levelWeaker is the chance, in percent, of a weaker move at each level.
var levelWeaker = [bot.MaxLevel]int{40, 25, 15, 8, 4, 2, 0, 0, 0, 0}

// LevelLimits are the limits of a move at a level: LevelNodes nodes
// (levels 1 to 9), with maxThink as a cap on the time in case the machine
// is very slow; level 10 thinks maxThink.
func LevelLimits(maxThink time.Duration, level int) Limits {
	level = max(1, min(bot.MaxLevel, level))
	return Limits{MoveTime: maxThink, Nodes: levelNodes[level-1]}
}

// LevelNodes is the node budget of a move at a level (0 at level 10,
// which thinks its full time).
func LevelNodes(level int) int64 {
	return levelNodes[max(1, min(bot.MaxLevel, level))-1]
}

// ThinkTime is the longest a move at a level may think: maxThink, at
// least 50 ms (the levels below 10 stop at their node budget first).
func ThinkTime(maxThink time.Duration, level int) time.Duration {
	return max(50*time.Millisecond, LevelLimits(maxThink, level).MoveTime)
}

// WeakerChance is the probability, in percent, that takbot plays a
// weaker move at a level: 40 at level 1, 25, 15, 8, 4, 2, and never from
// level 7.
func WeakerChance(level int) int {
	return levelWeaker[max(1, min(bot.MaxLevel, level))-1]
}

// Choose returns the move takbot plays: best, or at a level's
// WeakerChance another legal move, chosen by a generator seeded by seed
// (the game and turn), so the same position and level always get the same
// answer. A winning move is never given away.
func Choose(pos *tak.Position, best tak.Move, level int, seed string) tak.Move {
	h := fnv.New64a()
	h.Write([]byte(seed))
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(level)))
	if rng.IntN(100) >= WeakerChance(level) {
		return best
	}
	if next, err := pos.Play(best); err == nil && next.Result().Over() && !next.Result().Draw && next.Result().Winner == pos.ToMove() {
		return best
	}
	moves := pos.LegalMoves(nil)
	var others []tak.Move
	for _, m := range moves {
		if m != best {
			others = append(others, m)
		}
	}
	if len(others) == 0 {
		return best
	}
	return others[rng.IntN(len(others))]
}
