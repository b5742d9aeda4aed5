package bot

import "context"

// This file stubs the ratings seam of issue 17 (engineer D's
// bot/ratings.go) for the web pages; the lead deletes it at merge.

// PlayerStats is a player's rating and record.
type PlayerStats struct {
	Key, Name                  string
	Rating, Deviation          float64
	Rated                      bool
	Wins, Losses, Draws, Games int
}

// PlayerStats returns a player's rating and record (stub: unrated, no games).
func (r *Referee) PlayerStats(ctx context.Context, key string) (PlayerStats, error) {
	p, err := r.Player(ctx, identityOfKey(key))
	if err != nil {
		return PlayerStats{}, err
	}
	return PlayerStats{Key: key, Name: p.Name}, nil
}

// Standing is one line of the leaderboard.
type Standing struct {
	Key, Name         string
	Rating, Deviation float64
	Games             int
}

// Leaderboard returns the best rated players of a size (stub: none).
func (r *Referee) Leaderboard(ctx context.Context, size int, limit int) ([]Standing, error) {
	return nil, nil
}

func identityOfKey(key string) Identity {
	id, _ := ParseIdentity(key)
	return id
}
