// Package watching is following games one does not play: "watch" and
// "unwatch" (a spectator gets each move of a public game as it is played)
// and the subscribers of package web, told of every committed change to a
// game ([Subscribers]). It never imports package bot: the handlers reach
// the message being evaluated through [Turn], which bot's session
// implements (bot/seam_standing.go), and describe what they decided as
// outcomes of package words (words.Watching, a words.Refusal). What a
// spectator is told of each move and of the end stays with the referee,
// which plays the moves (bot/watch.go).
package watching
