package record

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/takbymail/takbot/tak"
)

// A game's record is marshalled at every move (the store writes it whole).
// encoding/json took a third of that time in reflection and most of the
// rest re-scanning the output of MoveList's and time.Time's MarshalJSON.
// AppendJSON writes the same bytes directly: every field in the order and
// under the omitempty and omitzero rules of Game's declaration,
// strings escaped as encoding/json escapes them (HTML characters too). The
// fields that are rare in a game being played (a result, a proposal,
// disputes, plans, ...) are handed to encoding/json. json_test.go
// compares the two over random records and fails when a field is added
// without the encoder knowing it.

// AppendJSON appends the game's JSON, byte for byte what json.Marshal
// writes, to b; it fails where json.Marshal fails (a time outside the
// years 0 to 9999).
func (g *Game) AppendJSON(b []byte) ([]byte, error) {
	b = slices.Grow(b, 700+24*len(g.Moves)) // a game being played fits
	b, err := g.appendPlayJSON(b)
	if err != nil {
		return nil, err
	}
	if b, err = g.appendClockJSON(b); err != nil {
		return nil, err
	}
	if b, err = g.appendSocialJSON(b); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// appendPlayJSON opens the object and writes the game's fields from ID
// to Sync: who plays what, the moves, the result, offers and disputes.
func (g *Game) appendPlayJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"ID":`...)
	b = appendJSONString(b, g.ID)
	b = append(b, `,"Version":`...)
	b = strconv.AppendInt(b, int64(g.Version), 10)
	b = append(b, `,"Status":`...)
	b = appendJSONString(b, string(g.Status))
	b = append(b, `,"Players":`...)
	b = appendJSONStrings2(b, g.Players)
	b = append(b, `,"Names":`...)
	b = appendJSONStrings2(b, g.Names)
	b = append(b, `,"Challenger":`...)
	b = strconv.AppendUint(b, uint64(g.Challenger), 10)
	b = append(b, `,"Config":`...)
	b = appendConfigJSON(b, &g.Config)
	b = append(b, `,"Scoring":`...)
	b = appendJSONString(b, g.Scoring.Rules.String())
	b = append(b, `,"Style":`...)
	b = appendJSONString(b, string(g.Style))
	b = append(b, `,"Days":`...)
	b = strconv.AppendInt(b, int64(g.Days), 10)
	if g.Start != "" {
		b = append(b, `,"Start":`...)
		b = appendJSONString(b, g.Start)
	}
	if g.Setup != "" {
		b = append(b, `,"Setup":`...)
		b = appendJSONString(b, g.Setup)
	}
	b = append(b, `,"Moves":`...)
	if b, err = g.Moves.appendJSONChecked(b); err != nil {
		return nil, err
	}
	if g.Result != nil {
		b = append(b, `,"Result":`...)
		if b, err = appendMarshalled(b, g.Result); err != nil {
			return nil, err
		}
	}
	if g.Proposal != nil {
		b = append(b, `,"Proposal":`...)
		if b, err = appendMarshalled(b, g.Proposal); err != nil {
			return nil, err
		}
	}
	if len(g.Disputes) > 0 {
		b = append(b, `,"Disputes":`...)
		if b, err = appendMarshalled(b, g.Disputes); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"Sync":`...) // an array is never empty
	if g.Sync[0] == nil && g.Sync[1] == nil {
		b = append(b, `[null,null]`...)
	} else if b, err = appendMarshalled(b, g.Sync); err != nil {
		return nil, err
	}
	return b, nil
}

// appendClockJSON writes the fields from Events to Updated: who follows
// the game, and its clock.
func (g *Game) appendClockJSON(b []byte) ([]byte, error) {
	var err error
	if len(g.Events) > 0 {
		b = append(b, `,"Events":`...)
		b = appendJSONStrings(b, g.Events)
	}
	if g.Private {
		b = append(b, `,"Private":true`...)
	}
	if len(g.Watchers) > 0 {
		b = append(b, `,"Watchers":`...)
		b = appendJSONStrings(b, g.Watchers)
	}
	b = append(b, `,"TurnStart":`...)
	if b, err = appendJSONTime(b, g.TurnStart); err != nil {
		return nil, err
	}
	b = append(b, `,"Deadline":`...)
	if b, err = appendJSONTime(b, g.Deadline); err != nil {
		return nil, err
	}
	b = append(b, `,"Reminded":`...)
	b = strconv.AppendBool(b, g.Reminded)
	b = append(b, `,"Vacation":[`...)
	if b, err = appendJSONTime(b, g.Vacation[0]); err != nil {
		return nil, err
	}
	b = append(b, ',')
	if b, err = appendJSONTime(b, g.Vacation[1]); err != nil {
		return nil, err
	}
	b = append(b, ']')
	if !g.Wake.IsZero() {
		b = append(b, `,"Wake":`...)
		if b, err = appendJSONTime(b, g.Wake); err != nil {
			return nil, err
		}
	}
	if g.Remind != [2]time.Duration{} {
		b = append(b, `,"Remind":[`...)
		b = strconv.AppendInt(b, int64(g.Remind[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(g.Remind[1]), 10)
		b = append(b, ']')
	}
	b = append(b, `,"Created":`...)
	if b, err = appendJSONTime(b, g.Created); err != nil {
		return nil, err
	}
	b = append(b, `,"Updated":`...)
	if b, err = appendJSONTime(b, g.Updated); err != nil {
		return nil, err
	}
	return b, nil
}

// appendSocialJSON writes the fields from RematchOf on: rematches, plans,
// chat, the engine's level, the seek, the rating and the community.
func (g *Game) appendSocialJSON(b []byte) ([]byte, error) {
	var err error
	if g.RematchOf != "" {
		b = append(b, `,"RematchOf":`...)
		b = appendJSONString(b, g.RematchOf)
	}
	if g.Rematch != "" {
		b = append(b, `,"Rematch":`...)
		b = appendJSONString(b, g.Rematch)
	}
	if g.Plans != [2]*Plans{} {
		b = append(b, `,"Plans":`...)
		if b, err = appendMarshalled(b, g.Plans); err != nil {
			return nil, err
		}
	}
	if g.Chat[0] != nil || g.Chat[1] != nil { // omitzero: an empty slice is not zero
		b = append(b, `,"Chat":`...)
		if b, err = appendMarshalled(b, g.Chat); err != nil {
			return nil, err
		}
	}
	if g.Level != 0 {
		b = append(b, `,"Level":`...)
		b = strconv.AppendInt(b, int64(g.Level), 10)
	}
	if g.Seek != nil {
		b = append(b, `,"Seek":`...)
		if b, err = appendMarshalled(b, g.Seek); err != nil {
			return nil, err
		}
	}
	if g.Unrated {
		b = append(b, `,"Unrated":true`...)
	}
	if g.Rating != nil {
		b = append(b, `,"Rating":`...)
		if b, err = appendMarshalled(b, g.Rating); err != nil {
			return nil, err
		}
	}
	if g.Community != "" {
		b = append(b, `,"Community":`...)
		b = appendJSONString(b, g.Community)
	}
	if g.Notice != "" {
		b = append(b, `,"Notice":`...)
		b = appendJSONString(b, g.Notice)
	}
	if g.Review != nil {
		b = append(b, `,"Review":`...)
		if b, err = appendMarshalled(b, g.Review); err != nil {
			return nil, err
		}
	}
	if g.Event != nil {
		b = append(b, `,"Event":`...)
		if b, err = appendMarshalled(b, g.Event); err != nil {
			return nil, err
		}
	}
	if len(g.ChatLog) > 0 {
		b = append(b, `,"ChatLog":`...)
		if b, err = appendMarshalled(b, g.ChatLog); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// appendConfigJSON appends a tak.Config as encoding/json writes it (the
// type has no methods of its own for JSON).
func appendConfigJSON(b []byte, c *tak.Config) []byte {
	b = append(b, `{"Size":`...)
	b = strconv.AppendInt(b, int64(c.Size), 10)
	b = append(b, `,"Stones":[`...)
	b = strconv.AppendInt(b, int64(c.Stones[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(c.Stones[1]), 10)
	b = append(b, `],"Caps":[`...)
	b = strconv.AppendInt(b, int64(c.Caps[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(c.Caps[1]), 10)
	b = append(b, `],"Komi":`...)
	b = strconv.AppendInt(b, int64(c.Komi), 10)
	b = append(b, `,"Opening":`...)
	b = strconv.AppendUint(b, uint64(c.Opening), 10)
	b = append(b, `,"Rules":`...)
	b = strconv.AppendUint(b, uint64(c.Rules), 10)
	return append(b, '}')
}

// appendJSONChecked appends the moves as json.Marshal writes them: their
// compact form, with <, > and & escaped as encoding/json escapes what
// MarshalJSON returns, when every PTN holds only printable ASCII but
// quotes and backslashes (canonical PTN does); otherwise through
// encoding/json, which escapes or refuses what MarshalJSON wrote.
func (l MoveList) appendJSONChecked(b []byte) ([]byte, error) {
	if l == nil {
		return append(b, "null"...), nil
	}
	for _, m := range l {
		if !plainPTN(m.PTN) {
			return appendMarshalled(b, l)
		}
	}
	return l.appendCompact(b, true), nil
}

// appendHTMLEscaped appends s with <, > and & escaped as encoding/json
// escapes them.
func appendHTMLEscaped(b []byte, s string) []byte {
	for j := 0; j < len(s); j++ {
		switch c := s[j]; c {
		case '<':
			b = append(b, `\u003c`...)
		case '>':
			b = append(b, `\u003e`...)
		case '&':
			b = append(b, `\u0026`...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// plainPTN reports whether s holds only printable ASCII but quotes and
// backslashes.
func plainPTN(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// appendMarshalled appends json.Marshal's encoding of v.
func appendMarshalled(b []byte, v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, raw...), nil
}

// appendJSONTime appends a time as time.Time's MarshalJSON writes it.
func appendJSONTime(b []byte, t time.Time) ([]byte, error) {
	b = append(b, '"')
	b, err := t.AppendText(b)
	if err != nil {
		return nil, &json.MarshalerError{Type: reflect.TypeFor[time.Time](), Err: err}
	}
	return append(b, '"'), nil
}

// appendJSONStrings2 appends a pair of strings as a JSON array.
func appendJSONStrings2(b []byte, s [2]string) []byte {
	b = append(b, '[')
	b = appendJSONString(b, s[0])
	b = append(b, ',')
	b = appendJSONString(b, s[1])
	return append(b, ']')
}

// appendJSONStrings appends strings as a JSON array.
func appendJSONStrings(b []byte, s []string) []byte {
	b = append(b, '[')
	for i, v := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, v)
	}
	return append(b, ']')
}

// appendJSONString appends s as a JSON string escaped as encoding/json
// escapes it by default: quotes, backslashes, control characters, <, >
// and &, U+2028 and U+2029, and each invalid UTF-8 byte as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
