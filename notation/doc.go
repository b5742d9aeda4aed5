// Package notation reads and writes the textual forms of Tak: PTN moves and
// files, TPS positions, Tak by Mail commands and the "rs" sync board.
//
// Two coordinate systems are in use. In PTN, a1 is the south-west corner and
// ranks count northward. In Tak by Mail, A1 is the north-west corner and rows
// count southward. Both name the same engine squares (see package tak), so
// every move can be written in either and read back to the same move:
// on 5x5, the mail command "ms b2 p3 2 1" is the PTN move "3b4-21".
//
// Moves: ParsePTNMove and FormatPTN (PTN), ParseMailMove and FormatMail
// (Tak by Mail), ParseMove (either, detected). Squares: ParseSquare and
// SquareName. Positions: ParseTPS and FormatTPS, ParseSyncBoard (any size),
// ParseSyncBoardSize (the game's size, with messages saying what that size
// needs) and FormatSyncBoard. Games: ReadPTN and WritePTN, PTNGame (tags, plies,
// comments, result, Config and Replay), RecordGame to record an engine
// game, and NinjaLink for a PTN Ninja link.
//
// Parsers never panic on bad input; they return a *SyntaxError whose Kind
// classifies the problem (KindCarryLimit, KindOffBoard, KindSquare,
// KindCount...) for callers to branch on, and whose message says what is
// wrong ("b9 is not on a 5x5 board", "carry limit is 5 on 5x5: cannot pick
// up 6"). Messages quote at most a short excerpt of the input (Excerpt), so
// a long garbage line gives a short error. Replay returns a *ReplayError
// wrapping the engine's *tak.MoveError.
package notation
