package bot

import (
	"context"

	"github.com/takbymail/takbot/bot/ranking"
)

// Ratings: the glue between the referee and package ranking (Glicko-2 per
// pool of board sizes). A rated game's end rates both players in the
// session that ended it (settleRatings); a result withdrawn later takes
// its rating change back.

const (
	// DefaultLeaderboardMinGames is Options.LeaderboardMinGames's default.
	DefaultLeaderboardMinGames = 5
	// DefaultLeaderboardMaxDeviation is Options.LeaderboardMaxDeviation's
	// default: the deviation above which a rating is provisional
	// (standing.Entry.Provisional).
	DefaultLeaderboardMaxDeviation = 110
)

// settleRatings brings the ratings in line with the games this session
// changed, and records a verified message's community ([ranking.SettleAll]).
func (s *session) settleRatings() error {
	var games []*GameRecord
	for _, gs := range s.games {
		if gs.dirty {
			games = append(games, gs.rec)
		}
	}
	community := s.msg.Community
	if s.msg.Unverified {
		community = ""
	}
	return ranking.SettleAll(s, games, community)
}

// tickStripes are the lock stripes a clock event of a game takes: the
// game's and its players' (a loss on time rates both). The players of a
// game never change, so reading them without the lock is safe.
func (r *Referee) tickStripes(ctx context.Context, id string) map[int]bool {
	want := map[int]bool{stripeOf(id): true}
	if rec, _, ok := r.cache.Game(id); ok {
		for _, k := range rec.Players {
			want[stripeOf(k)] = true
		}
		return want
	}
	_ = r.store.View(ctx, func(tx Tx) error {
		g, err := tx.Game(id)
		if err == nil {
			for _, k := range g.Players {
				want[stripeOf(k)] = true
			}
		}
		return nil // an unreadable game is reported by the tick itself
	})
	return want
}
