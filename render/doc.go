// Package render draws Tak positions: PNG pictures for chat and email
// replies, and monospace text boards for places that show no pictures.
//
// # Pictures
//
// Image and PNG draw a position with a Frame (players, last move, result,
// score) and Options (theme, orientation of the axis labels, width). A
// picture has, from the top:
//
//   - when the frame has a caption, a band with it ("Before turn 7: the
//     position the disputed move was played from"), set smaller or cut
//     with "…" to fit;
//   - a card per player with the colour, the name, the stones and
//     capstones left in reserve, and "TO PLAY" or "WINNER";
//   - a bar split in proportion to the flat counts, komi included, with
//     its legend: "Flats" and White's count on the left, Black's count on
//     the right ("with komi 9.5" when there is komi), and a tick in the
//     middle where the counts are equal;
//   - the turn (Frame.Turn, such as "Turn 11 (PTN move 6, black)", or the
//     same words made from the position; "After turn 20 (…)" once the game
//     is over), whose turn it is and the last move in the reader's
//     notation;
//   - the board, with axis labels in the reader's notation: PTN puts a1 in
//     the south-west corner (files along the bottom), Tak by Mail puts A1
//     in the north-west corner (files along the top, rows counting south).
//     The board itself is the same picture in both;
//   - when a stack rises above the carry limit, a line explaining the
//     carry-limit mark;
//   - when the game is over, a banner with the result in words, its PTN
//     form ("R-0", "0-F", "1/2-1/2"...), the flat count and the score.
//
// The layout is near square (a 6x6 picture at 640 pixels is 640x726, a
// line more with the carry-limit legend): the board takes four fifths of
// the width and the header is set large enough (text at least 2.9
// hundredths of the width, most of it 3.3 to 4.2) to stay readable when a
// client shows the picture 400 pixels wide.
//
// Each square shows its top piece as a large shape seen from above: a
// rounded square for a flat stone, a slanted bar for a wall (standing
// stone) and a ringed disc for a capstone. A square holding two or more
// pieces also shows the stack from the side, as a column of thin layers
// on its right, bottom piece at the bottom and top piece at the top (a
// wall stands up as a narrow bar, a capstone is a dome), with a badge
// giving its height in the bottom-left corner. The column shows the
// pieces within the carry limit (the board's size: those that can move)
// in full and at most two pieces below it, faded, as PTN Ninja draws
// them; a notch left of the column marks the carry limit, and the badge
// counts the whole stack, so a 12-stack reads as "12" with six layers,
// two faded ones and the notch between them.

// The last move is highlighted: a placement's square is tinted and ringed;
// a stack move rings its origin (with a badge "−N" for the N pieces picked
// up), tints and rings each square it dropped on, with the count dropped in
// a badge ("1*" when a capstone flattened a wall), and draws arrowheads
// between the squares along its path. A winning road is drawn as a band
// through its squares from edge to edge; when the move made a road for both
// players (the mover wins), the loser's road is drawn too, thinner and in
// grey, and the banner says so. After a win on flats, the squares of the
// winner's counted flats are tinted. Squares listed in Frame.Marks (such
// as those where two boards differ) get a bracket at each corner in a
// colour of their own.
//
// Themes: Dark (the default) sits in Discord's dark theme, Light suits
// email, Contrast is high-contrast and colour-blind safe. In every theme
// white and black pieces differ in luminance and carry outlines, so the
// colours stay apart in greyscale; Contrast gives black pieces a thin
// light outline so that they read as filled.
//
// Output is deterministic: the same position, frame and options always give
// the same pixels and the same PNG bytes. Pictures are drawn directly in
// indexed colour, one byte a pixel: anti-aliased edges blend at 16 levels,
// each blend taking a palette entry while fewer than 256 are in use and the
// nearest entry after that. A PNG thus needs no colour quantization. Its
// pixels are compressed by the package's own DEFLATE writer, which looks
// for matches only one pixel back and one row up (most of a picture is runs
// of one colour and rows like the row above) and codes each block of 2,048
// matches and literals with Huffman codes of its own. That keeps a default
// 6x6 picture under 30 KB and makes it in well under half the time
// image/png took (see BENCHMARKS.md).
//
// # Text
//
// Text draws a board with labels in either orientation, the turn, the
// counts and a legend; Grid draws the board alone. Each square is written
// as in the sync board sent beside it, so a reader learns one code: the
// stack top first, s flat, w wall, c capstone, lowercase white, uppercase
// black, 0 empty ("Wss" is a black wall on two white flats). Cells are
// separated by bars, with no rules of dashes, and the Figure style pads
// with figure spaces, so the board reads in a proportional font too.
// SyncText gives the Tak by Mail "rs" board.
//
// The package imports only the tak and notation packages of this module,
// and golang.org/x/image for the Go fonts and anti-aliased vector drawing.
package render
