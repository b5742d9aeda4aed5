// Package account holds a player's own commands about their account,
// apart from the referee that runs them (package bot): their settings
// ("settings", "set theme|size|textboard|chat|remind|zone|news ..."),
// chat ("say", and the chat kept with a game: "history" shows it to the
// game's players, the web page only with both players' consent), mail's
// consent ("stop", "start") and the answers held back
// for them ("held"), and the pure rules behind them (the look of a
// player's pictures, when a player is reminded, their time zone).
//
// A handler decides and describes what it decided as outcomes of package
// words; it reaches the message being evaluated only through the small
// interfaces declared here ([Turn] and those built on it), which the
// referee's session implements (bot/seam_account.go). It never imports
// package bot.
package account
