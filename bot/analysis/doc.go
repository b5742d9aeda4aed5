// Package analysis is "analyse [N]" (takbot's evaluation and best line of
// a position) within its limits, the "review" setting of finished games,
// and the cache of analyses the referee's couriers share.
//
// The limits (issue 24): the engine's time is the scarcest thing the
// referee hands out, and its analysis must not help a player in a game
// against another player.
//
//   - Only games against takbot and finished games are analysed.
//   - One message analyses a position once: 20 "analyse" lines for the
//     same game and turn are one search (Turn.AnalysedHere).
//   - A player may have Quotas.AnalysesPerHour positions analysed an hour
//     (default 10); asking again for a position analysed for them within
//     the hour is not counted again, and its result is reused ([Cache])
//     rather than searched again.
//   - A game against takbot that does not start from the empty board
//     ("new takbot tps=…", or an adopted board) is analysed only where
//     its position cannot come from the player's live games against
//     other players ([Reachable]).
//
// [Analyse] decides and asks the session for the analysis
// (Turn.RequestAnalysis: a reply part holding a [Request], see [Part]);
// at delivery [Cache.Expand] replaces the part with what the referee's
// [Analyst] found, or a line saying why there is none (words.AnalysisMissing).
// [Analyse] reaches the message through [Turn], which package bot's
// session implements (bot/seam_more.go), and words its refusals as
// outcomes of package words (words.AnalyseRefusal). The package never
// imports package bot.
package analysis
