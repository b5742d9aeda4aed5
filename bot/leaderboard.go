package bot

import (
	"context"

	"github.com/takbymail/takbot/bot/ranking"
	"github.com/takbymail/takbot/bot/standing"
)

// What the ratings show to other parts of takbot (the web pages): a
// player's stats and a pool's leaderboard (package ranking).

// PlayerStats is a player's record: [ranking.PlayerStats].
type PlayerStats = ranking.PlayerStats

// Standing is one line of a leaderboard: [ranking.Standing].
type Standing = ranking.Standing

// PlayerStats returns a player's stats as anyone may see them (Public:
// their public games only, see visibility.go). A player the store does
// not know, and a player without a public game in progress or over, is an
// error wrapping ErrNotFound: the two cannot be told apart.
func (r *Referee) PlayerStats(ctx context.Context, key string) (PlayerStats, error) {
	return r.PlayerStatsFor(ctx, key, Public)
}

// PlayerStatsFor returns a player's stats as viewer v sees them
// ([ranking.StatsFor]). A player of whom v sees no game (unless v is the
// player) is an error wrapping ErrNotFound, as an unknown one.
func (r *Referee) PlayerStatsFor(ctx context.Context, key string, v Viewer) (PlayerStats, error) {
	return ranking.StatsFor(r.view(ctx), key, v, r.clock.Now())
}

// Leaderboard returns the best players of the pool of board size size,
// best first, at most limit (0: all), with the public view of their
// ratings ([ranking.Board.List]).
func (r *Referee) Leaderboard(ctx context.Context, size int, limit int) ([]Standing, error) {
	return r.board.List(r.view(ctx), r.clock.Now(), standing.Pool(size), "", "", limit)
}

// view runs fn in a read transaction of the store.
func (r *Referee) view(ctx context.Context) ranking.View {
	return func(fn func(Tx) error) error { return r.store.View(ctx, fn) }
}
