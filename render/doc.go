// Package render draws Tak positions: PNG pictures for chat and email
// replies, and monospace text boards for places that show no pictures.
//
// A picture shows the board with every stack readable to the piece, axis
// labels in the reader's notation (PTN, with a1 in the south-west corner, or
// Tak by Mail, with A1 in the north-west corner), the last move highlighted,
// a header with both players, whose turn it is, the move number, flat counts
// with komi and the pieces left in reserve, and a result banner at the end
// of a game. Three themes suit a dark chat client, a light email client and
// readers who need high contrast.
//
// Each square shows its top piece as a large shape seen from above: a
// rounded square for a flat stone, a slanted bar for a wall (standing
// stone) and a ringed disc for a capstone. A square holding two or more
// pieces also shows the stack from the side, as a column of thin layers on
// the right of the square, bottom piece at the bottom and top piece at the
// top, with a badge giving the height. A stack taller than the column can
// hold shows its top pieces and a break mark at the foot of the column.
//
// Output is deterministic: the same position, frame and options always give
// the same pixels and the same PNG bytes.
//
// The package imports only the tak and notation packages of this module,
// and golang.org/x/image for fonts and anti-aliased vector drawing.
package render
