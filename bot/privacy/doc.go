// Package privacy is the referee's privacy in one filter. Every read view
// of games and players decides what it shows here, and nowhere else:
// "stats", "seeks", "games", "watch", the leaderboards, the web pages
// (package web reads through Viewer too) and the lobbies.
//
//   - A private game (record.Game.Private, "private=yes") is seen by its
//     two players only: to anyone else it does not exist (Viewer.SeesGame).
//     It is never rated (record.Game.Rated), since a rating would tell its
//     result.
//   - A player's record, as others see it, is made of the games they see
//     of the player, in progress or over (Viewer.Counts). A player of
//     whom a viewer sees no such game is, to that viewer, unknown: "stats"
//     answers as for a name or an address nobody plays under, and the web
//     has no page for them. So no answer tells whether an address plays
//     here.
//   - An open challenge ("new anyone") is an offer to anyone: its seeker
//     and options are listed ("seeks", the lobbies) even with
//     private=yes; once a private one is taken, the lobbies are told that
//     it was accepted, not by whom.
//   - Names are shown as PublicName writes them: never an address or a
//     Discord id. Namesakes are told apart by their transport and a game
//     the viewer can see (bot's statsPlayer), never by their address.
//
// It imports record only; package bot re-exports its names (bot.Viewer,
// bot.PublicName, ...) for the adapters and its own views.
package privacy
