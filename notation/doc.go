// Package notation reads and writes the textual forms of Tak: PTN moves and
// files, TPS positions, Tak by Mail commands and the "rs" sync board.
//
// Two coordinate systems are in use. In PTN, a1 is the south-west corner and
// ranks count northward. In Tak by Mail, A1 is the north-west corner and rows
// count southward. Both name the same engine squares (see package tak), so
// every move can be written in either and read back to the same move.
package notation
