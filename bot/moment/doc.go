// Package moment stamps the actions offered about a game with the game's
// state. An action offered about a game (record.Action.Game) was offered
// for the game as it stood then; the referee stamps it with that state
// (record.Action.Moment), and a transport that sends the action back as it
// was drawn (a Discord button) hands the stamp back with the message
// (bot.Message.Moment). The referee then runs the message only while the
// game is still at that moment, checked under the game's lock with the
// commands themselves, so that a button of an old post never acts on a
// newer position: an "undo" drawn before a takeback does not take back
// another move, an "accept" drawn for a proposal does not accept the next
// one, an "accept the challenge" does not accept a draw offer once the
// game runs.
//
// Package bot stamps and checks them (bot/moment.go: MomentOf, the
// stale-button check); the transports check a stamp's shape (Valid). It
// imports record only.
package moment
