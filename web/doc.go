// Package web serves the spectators' pages of takbot: the games in
// progress and recently finished (/), a game page for every public game
// (/g/ID, each position at its own URL, ?turn=N), a page per player
// (/p/NAME) and the leaderboard (/leaderboard), with the game's PTN and
// TPS to download and its board pictures cached by ETag.
//
// It is a read-only adapter: it reads games and players through the
// referee ([Source], which *bot.Referee implements) and changes nothing.
// Pages are html/template, work without JavaScript, and are served with a
// strict Content-Security-Policy: no inline script or style. One small
// script (/static/live.js) follows a game live through server-sent events
// (/g/ID/events): the referee tells the server after every committed
// change ([bot.Referee.Subscribe]), and the page of that game fetches
// itself again. Streams are bounded per client address (an IPv4 address,
// an IPv6 /64) and in all; a client that does not read its stream is
// dropped.
//
// Privacy: a game created with private=yes answers 404 everywhere and is
// in no list; pages show players' display names only, never an email
// address, a Discord id, a player key or an internal error (publicName
// and scrub hide what looks like one, whatever a record holds).
package web
