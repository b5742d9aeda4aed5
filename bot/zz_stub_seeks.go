package bot

// ratingFor is a stand-in for the ratings part (bot/ratings.go, issue 17),
// so that the rating range of an open challenge builds and runs on this
// branch: every player is unrated. The lead deletes this file at merge.
func ratingFor(p *PlayerRecord, size int) (rating, deviation float64, rated bool) {
	return 1500, 350, false
}
