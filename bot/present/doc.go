// Package present draws a game's board for a reader, apart from the
// referee's decisions: what a picture is called (Named: a digest of all it
// shows, so a name is never reused for another picture), how it is
// rendered to PNG (Render) and kept rendered (PNGCache), what it shows in
// words for a screen reader (Describe), the text boards drawn again from
// a stored reply's pictures (Stored, DrawFallbacks), the texts every
// reader of a position is shown alike, written once per position (Board:
// TPS, sync board, reserves, text boards; a game as a PTN file is
// record.Game.PTNFile's). words.go turns records into what package words' outcomes
// carry (Game, Result, Settings, RecordedMove, Medium, Actions).
//
// Pictures are described when a reply is written (record.Picture: the
// position, the last move, the marks, the reader's orientation and look)
// and rendered only at delivery, for transports that show pictures, so
// the outbox keeps a few hundred bytes per picture, not a PNG.
//
// present imports tak, notation, render, record and words, never package
// bot: the referee calls it (bot/picture.go, bot/status.go,
// bot/delivery.go), and so do the adapters that show a board (web,
// mailplay's alt texts).
package present
