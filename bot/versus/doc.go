// Package versus is takbot as an opponent, as the referee sees it: "new
// takbot [options]" starts a game against the engine at once, at a level
// (1 to MaxLevel, DefaultLevel when none is named), unrated, and a player
// may have MaxEngineGames of them in progress at once. The engine itself
// plays on a transport of its own (package opponent), answering through
// the referee like any player. It imports nothing of bot's and declares
// what it needs of the message being evaluated ([Turn], implemented by
// bot/seam_review.go).
package versus
