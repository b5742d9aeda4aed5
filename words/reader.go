package words

import (
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Medium is what carries a reply to its reader.
type Medium uint8

// The media a reply is written for.
const (
	Mail    Medium = iota // a mail
	Discord               // a Discord post
	Console               // a console line
	Web                   // a web page
)

// Reader is who an outcome is worded for.
type Reader struct {
	// You holds the colours of the game named "you" to this reader: the
	// colour they play, neither for a spectator, the game's notes or a
	// game against oneself (which names the colours).
	You [2]bool
	// Plays is set when the reader is a player of the game; Color is then
	// the colour they are told as (white in a game against oneself).
	Plays bool
	Color tak.Color
	// Sender is set when the reader sent the message being answered.
	Sender bool
	// Notation is the notation the reader reads squares and moves in.
	Notation notation.Orientation
	// Buttons is set when the reader's medium shows the commands that
	// answer as buttons, so the text need not say them.
	Buttons bool
	// Zone is the reader's time zone; nil writes times in UTC.
	Zone   *time.Location
	Medium Medium
}

// Game names a game and its players.
type Game struct {
	ID    string
	Names [2]string // by colour
	// Event and Round name the event and round the game is played for
	// ("" and 0 for none).
	Event string
	Round int
}

// EventNote names the event and round of an event's game: " (event Club,
// round 2)"; "" for another game.
func (g Game) EventNote() string {
	if g.Event == "" {
		return ""
	}
	return " (event " + g.Event + ", round " + strconv.Itoa(g.Round) + ")"
}

// who names a player with their colour: "alice (white)".
func (g Game) who(c tak.Color) string { return g.Names[c] + " (" + c.String() + ")" }

// Who names a player with their colour: "alice (white)".
func (g Game) Who(c tak.Color) string { return g.who(c) }

// whoFor names a player with their colour for a reader: "you (white)" or
// "alice (white)".
func (g Game) whoFor(c tak.Color, r Reader) string {
	if r.You[c] {
		return "you (" + c.String() + ")"
	}
	return g.who(c)
}

// possessive is a player's possessive for a reader: "your" or "alice's".
func (g Game) possessive(c tak.Color, r Reader) string {
	if r.You[c] {
		return "your"
	}
	return g.Names[c] + "'s"
}

// verb picks the verb form that agrees with the player named for r:
// "you resign", "alice resigns".
func verb(c tak.Color, r Reader, you, other string) string {
	if r.You[c] {
		return you
	}
	return other
}

// Sentence capitalizes a sentence that starts with "you" or "your"; a
// name keeps the case its player chose.
func Sentence(s string) string {
	if len(s) >= 3 && s[:3] == "you" {
		return Capitalize(s)
	}
	return s
}

// Capitalize upper-cases the first letter of s.
func Capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// MoveNames is a move written in both notations. A move the referee
// could not read again has its recorded text in PTN and no Mail name.
type MoveNames struct {
	Mail, PTN string
}

// Names writes the move in the reader's notation with the other in
// brackets: "ps a5 (PTN a1)", "a1 (mail ps a5)".
func (m MoveNames) Names(o notation.Orientation) string {
	if m.Mail == "" {
		return m.PTN
	}
	if o == notation.Mail {
		return m.Mail + " (PTN " + m.PTN + ")"
	}
	return m.PTN + " (mail " + m.Mail + ")"
}

// NamesOf writes move m, played from before, as MoveNames.Names does.
func NamesOf(m tak.Move, before *tak.Position) MoveNames {
	return MoveNames{Mail: notation.FormatMail(m, before.Size()), PTN: notation.FormatPTN(m, before)}
}

// UTC writes a time in UTC: "2026-11-27 09:00 UTC".
func UTC(t time.Time) string {
	const layout = "2006-01-02 15:04 UTC"
	u := t.UTC()
	y, mo, d := u.Date()
	if y < 0 || y > 9999 {
		return u.Format(layout)
	}
	h, mi, _ := u.Clock()
	// What Format writes, without parsing the layout: every field but
	// the year two digits, the year four.
	var buf [len(layout)]byte
	b := append(buf[:0], byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-')
	b = append(b, byte('0'+mo/10), byte('0'+mo%10), '-', byte('0'+d/10), byte('0'+d%10), ' ')
	b = append(b, byte('0'+h/10), byte('0'+h%10), ':', byte('0'+mi/10), byte('0'+mi%10))
	return string(append(b, " UTC"...))
}

// Time writes a time for the reader: in their zone once they set one
// ("2026-11-27 10:00 CET"), else in UTC.
func (r Reader) Time(t time.Time) string {
	if r.Zone == nil {
		return UTC(t)
	}
	return t.In(r.Zone).Format("2006-01-02 15:04 MST")
}

// TurnName names a turn with its PTN move number: "turn 7 (PTN move 4,
// white)". Turns count the moves of the game from 1, across adopted boards.
func TurnName(turn int) string {
	var buf [48]byte
	return string(appendTurnName(buf[:0], 't', turn))
}

// TurnTitle is TurnName opening a sentence: "Turn 7 (PTN move 4, white)".
func TurnTitle(turn int) string {
	var buf [48]byte
	return string(appendTurnName(buf[:0], 'T', turn))
}

// appendTurnName appends TurnName(turn) to b, its first letter t.
func appendTurnName(b []byte, t byte, turn int) []byte {
	c := tak.White
	if (turn-1)%2 == 1 {
		c = tak.Black
	}
	b = append(b, t)
	b = append(b, "urn "...)
	b = strconv.AppendInt(b, int64(turn), 10)
	b = append(b, " (PTN move "...)
	b = strconv.AppendInt(b, int64((turn-1)/2+1), 10)
	b = append(b, ", "...)
	b = append(b, c.String()...)
	return append(b, ')')
}

// squareList names squares in the reader's notation: "a1, a2, a3".
func squareList(sqs []tak.Square, size int, o notation.Orientation) string {
	var b []byte
	for i, sq := range sqs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, notation.SquareName(sq, size, o)...)
	}
	return string(b)
}

// Choice is a command offered with a reply, under a label.
type Choice struct {
	Label, Command string
}
