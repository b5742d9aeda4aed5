// Package watching is following games one does not play: "watch" and
// "unwatch" (a spectator gets each move of a public game as it is played)
// and the subscribers of package web, told of every committed change to a
// game ([Subscribers]). It never imports package bot: the handlers reach
// the message being evaluated through [Turn], which bot's session
// implements (bot/seam_standing.go), and describe what they decided as
// outcomes of package words (words.Watching, words.MoveWatched,
// words.EndWatched, a words.Refusal); the referee calls Moved and Ended
// as it plays the moves (bot/watch.go).
//
// Spectators: "watch ID" adds the sender to a public game's Watchers, who
// get each move as an Event in their own notation and look and can never
// act in the game ([Moved], [Ended], [Status]). Package bot's
// Referee.Subscribe tells an observer, such as package web, the id of
// every game a commit changed; its GameView, ForEachGame and PlayersNamed
// read games and players for the web pages, which show public games only
// (record.Game.Private, "new ... private=yes"). With bot's Options.WebURL,
// every public reply about a game carries its page's link ([PageLink]).
package watching
