// Package analysis is takbot's analysis of games for their players:
// "analyse" (the evaluation and best line of one position, only where
// that is fair), and the review of a finished game, apart from the
// referee (package bot) that calls it through the small interface it
// declares ([Turn]) and from the engine that searches (package opponent,
// an [Analyst]). It imports nothing of bot's.
//
// A reply asks for an analysis with an Analysis part (a [Request] as
// JSON, [PartOf]); the delivery pipeline hands it to a [Desk], which
// replaces it with the analysis. The limits of "analyse" are here too:
// one search per position and message, an hourly quota per player, and
// no analysis of a set-up position that could come from one of the
// player's live games against another player ([Analyse]). Its refusals,
// the review setting and the line that stands for a missing analysis are
// outcomes of package words (words.AnalyseRefusal, words.ReviewSet,
// words.AnalysisMissing).
//
// One review per game (issue 26): the review of a finished game is
// computed once, after its end, at a fixed search budget (the engine's
// Evaluator searches every position by nodes, from a cleared table, so
// the numbers are the same on any load), and kept with the game
// (record.Game.Review, named by the moves it is of, [Key]). Every later
// reader (the other player, the spectators, "analyse" of the finished
// game, a delivery after a restart) gets it from there; deliveries at
// once wait for the one search. What a reader receives is drawn from
// those numbers alone, so two readers with the same look get the same
// bytes; the look (notation, theme, width, whether pictures show) is the
// reader's.
package analysis
