package notation

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/takbymail/takbot/tak"
)

// Tag is one tag pair of a PTN file, such as [Size "6"].
type Tag struct{ Name, Value string }

// PlyRecord is one ply of a PTN game as read or recorded.
type PlyRecord struct {
	Number   int        // full move number, from 1 (or from the TPS tag's move number)
	Color    tak.Color  // the side that plays this ply
	Text     string     // the move as written, without the move number
	Move     ParsedMove // the move, when Err is nil
	Err      error      // why Text is not a move at the game's board size, or nil
	Comments []string   // comments written after this ply, without braces
}

// PTNGame is one game of a PTN file.
type PTNGame struct {
	Tags  []Tag       // in file order
	Plies []PlyRecord // in order
	// Result is the game's result: R-0, 0-R, F-0, 0-F, 1-0, 0-1, 1/2-1/2,
	// 0-0, or "" if none. It comes from the result after the moves, or else
	// from the Result tag.
	Result   string
	Comments []string // comments before the first ply, without braces
	Line     int      // the line of the file where the game starts (from 1)
}

// ValidResult reports whether s is one of the PTN result forms: R-0, 0-R,
// F-0, 0-F, 1-0, 0-1, 1/2-1/2, 0-0.
func ValidResult(s string) bool {
	switch s {
	case "R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2", "0-0":
		return true
	}
	return false
}

// Tag returns the value of the first tag named name, compared
// case-insensitively, or "" if there is none.
func (g *PTNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

func (g *PTNGame) hasTag(name string) bool {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return true
		}
	}
	return false
}

// setTag replaces the value of tag name, or appends the tag.
func (g *PTNGame) setTag(name, value string) {
	for i, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Size returns the board size from the Size tag, or else from the TPS tag,
// or 0 when neither gives one.
func (g *PTNGame) Size() int {
	if v := strings.TrimSpace(g.Tag("Size")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0
		}
		return n
	}
	if tps := g.Tag("TPS"); tps != "" {
		f := strings.Fields(tps)
		if len(f) > 0 {
			return strings.Count(f[0], "/") + 1
		}
	}
	return 0
}

// start returns the side to move and the move number the game starts with,
// from the TPS tag (White and 1 without one).
func (g *PTNGame) start() (tak.Color, int) {
	f := strings.Fields(g.Tag("TPS"))
	if len(f) != 3 {
		return tak.White, 1
	}
	c := tak.White
	if f[1] == "2" {
		c = tak.Black
	}
	n, err := strconv.Atoi(f[2])
	if err != nil || n < 1 {
		n = 1
	}
	return c, n
}

// Config returns the game's configuration from its tags: Size (or the TPS
// tag's size), Rules (standard, modegan or adem), Komi, Flats and Caps for
// both players, Flats1/Flats2 and Caps1/Caps2 for each, and Opening (swap or
// no-swap). Missing tags keep the rules' defaults. The Adem game uses 22
// flats unless a Flats tag says 24.
func (g *PTNGame) Config() (tak.Config, error) {
	size := g.Size()
	if size == 0 {
		if v := g.Tag("Size"); v != "" {
			return tak.Config{}, fmt.Errorf("size tag %q is not a number: %w", excerpt(v), tak.ErrBadConfig)
		}
		return tak.Config{}, fmt.Errorf("no Size or TPS tag gives the board size: %w", tak.ErrBadConfig)
	}
	num := func(name string) (int, bool, error) {
		v := strings.TrimSpace(g.Tag(name))
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > tak.MaxPieces {
			return 0, false, fmt.Errorf("tag %s %q is not a piece count: %w", name, excerpt(v), tak.ErrBadConfig)
		}
		return n, true, nil
	}
	var cfg tak.Config
	var err error
	switch r := strings.ToLower(strings.TrimSpace(g.Tag("Rules"))); r {
	case "", "standard":
		cfg = tak.DefaultConfig(size)
	case "modegan":
		cfg, err = tak.ModeganConfig(size)
	case "adem":
		flats, ok, ferr := num("Flats")
		if ferr != nil {
			return tak.Config{}, ferr
		}
		if !ok {
			flats = 22
		}
		cfg, err = tak.AdemConfig(flats)
		if err == nil && size != 5 {
			err = fmt.Errorf("the adem game is 5x5, not %dx%d: %w", size, size, tak.ErrBadConfig)
		}
	default:
		return tak.Config{}, fmt.Errorf("unknown Rules %q: use standard, modegan or adem: %w", excerpt(r), tak.ErrBadConfig)
	}
	if err != nil {
		return tak.Config{}, err
	}
	for _, c := range []struct {
		tag    string
		target *int
	}{
		{"Flats", &cfg.Stones[0]}, {"Flats", &cfg.Stones[1]},
		{"Caps", &cfg.Caps[0]}, {"Caps", &cfg.Caps[1]},
		{"Flats1", &cfg.Stones[0]}, {"Flats2", &cfg.Stones[1]},
		{"Caps1", &cfg.Caps[0]}, {"Caps2", &cfg.Caps[1]},
	} {
		n, ok, err := num(c.tag)
		if err != nil {
			return tak.Config{}, err
		}
		if ok {
			*c.target = n
		}
	}
	if v := g.Tag("Komi"); strings.TrimSpace(v) != "" {
		k, err := tak.ParseKomi(v)
		if err != nil {
			return tak.Config{}, fmt.Errorf("tag Komi: %w: %w", err, tak.ErrBadConfig)
		}
		cfg.Komi = k
	}
	switch o := strings.ToLower(strings.TrimSpace(g.Tag("Opening"))); o {
	case "":
	case "swap":
		cfg.Opening = tak.SwapOpening
	case "no-swap", "noswap", "no swap":
		cfg.Opening = tak.NoSwapOpening
	default:
		return tak.Config{}, fmt.Errorf("unknown Opening %q: use swap or no-swap: %w", excerpt(o), tak.ErrBadConfig)
	}
	if err := cfg.Validate(); err != nil {
		return tak.Config{}, err
	}
	return cfg, nil
}

// ReplayError says which ply of a game record could not be played.
type ReplayError struct {
	Ply        int       // index of the ply in the record, from 1
	MoveNumber int       // the full move number
	Color      tak.Color // the side that played it
	Text       string    // the move as written
	Err        error     // the engine's or the parser's reason
}

// Error says which ply failed and why, e.g.
// "ply 16 (move 8, black: Cc2): black has no capstone left".
func (e *ReplayError) Error() string {
	return fmt.Sprintf("ply %d (move %d, %s: %s): %v", e.Ply, e.MoveNumber, e.Color, excerpt(e.Text), e.Err)
}

// Unwrap returns the reason, a *tak.MoveError or a *SyntaxError.
func (e *ReplayError) Unwrap() error { return e.Err }

// StartPosition returns the position the game starts from: the TPS tag's
// position if there is one, else the start of a game under Config.
func (g *PTNGame) StartPosition() (*tak.Position, error) {
	cfg, err := g.Config()
	if err != nil {
		return nil, err
	}
	if tps := g.Tag("TPS"); strings.TrimSpace(tps) != "" {
		return ParseTPS(tps, cfg)
	}
	return tak.NewPosition(cfg)
}

// Replay plays the game's moves from its start position under the rules its
// tags give. On an illegal or unreadable move it returns the game up to that
// move and a *ReplayError naming the ply, the move text and the reason.
func (g *PTNGame) Replay() (*tak.Game, error) {
	start, err := g.StartPosition()
	if err != nil {
		return nil, err
	}
	game := tak.GameFrom(start)
	for i, pl := range g.Plies {
		err := pl.Err
		if err == nil {
			err = game.Play(pl.Move.Move)
		}
		if err != nil {
			return game, &ReplayError{Ply: i + 1, MoveNumber: pl.Number, Color: pl.Color, Text: pl.Text, Err: err}
		}
	}
	return game, nil
}

// ReadPTN reads every game of a PTN file: tag pairs, move numbers, moves,
// {comments} (anywhere, over several lines) and results. A new game starts
// at a tag pair after moves or a result. Moves are read at the board size
// the game's tags give; a move that cannot be read is kept with its Err set,
// so that Replay names it. Only a malformed file (an unterminated tag or
// comment, a tag that is not [Name "value"]) is an error.
func ReadPTN(r io.Reader) ([]*PTNGame, error) {
	data, err := io.ReadAll(bufio.NewReader(r))
	if err != nil {
		return nil, fmt.Errorf("reading PTN: %w", err)
	}
	rd := &ptnReader{src: strings.TrimPrefix(string(data), "\uFEFF"), line: 1}
	return rd.read()
}

type ptnReader struct {
	src   string
	pos   int
	line  int
	games []*PTNGame
	cur   *PTNGame
	ended bool // the current game has moves or a result: a tag starts a new one
	size  int  // board size of the current game, set at its first ply
	first tak.Color
	num   int
}

func (rd *ptnReader) errorf(line int, format string, args ...any) error {
	return syntaxErr(KindPTNFile, fmt.Sprintf("line %d", line), "line %d: %s", line, fmt.Sprintf(format, args...))
}

func (rd *ptnReader) game() *PTNGame {
	if rd.cur == nil {
		rd.cur = &PTNGame{Line: rd.line}
		rd.games = append(rd.games, rd.cur)
		rd.ended = false
	}
	return rd.cur
}

func (rd *ptnReader) read() ([]*PTNGame, error) {
	for rd.pos < len(rd.src) {
		c, w := utf8.DecodeRuneInString(rd.src[rd.pos:])
		switch {
		case c == '\n':
			rd.line++
			rd.pos += w
		case unicode.IsSpace(c):
			rd.pos += w
		case c == '[':
			if rd.ended {
				rd.cur = nil
			}
			if err := rd.readTag(); err != nil {
				return nil, err
			}
		case c == '{':
			if err := rd.readComment(); err != nil {
				return nil, err
			}
		default:
			rd.readToken()
		}
	}
	for _, g := range rd.games {
		if g.Result == "" && ValidResult(g.Tag("Result")) {
			g.Result = g.Tag("Result")
		}
	}
	if rd.games == nil {
		rd.games = []*PTNGame{}
	}
	return rd.games, nil
}

func (rd *ptnReader) readTag() error {
	start := rd.line
	i := rd.pos + 1
	for i < len(rd.src) && (rd.src[i] == ' ' || rd.src[i] == '\t') {
		i++
	}
	j := i
	for j < len(rd.src) && (isLetter(rune(rd.src[j])) || isDigit(rune(rd.src[j])) || rd.src[j] == '_' || rd.src[j] == '-') {
		j++
	}
	name := rd.src[i:j]
	if name == "" {
		return rd.errorf(start, "a tag must start with a name, as in [Size \"6\"]")
	}
	for j < len(rd.src) && (rd.src[j] == ' ' || rd.src[j] == '\t') {
		j++
	}
	if j >= len(rd.src) || rd.src[j] != '"' {
		return rd.errorf(start, "tag %s: the value must be in double quotes, as in [%s \"value\"]", excerpt(name), excerpt(name))
	}
	var val strings.Builder
	j++
	for {
		if j >= len(rd.src) {
			return rd.errorf(start, "tag %s: the value's closing quote is missing", excerpt(name))
		}
		c := rd.src[j]
		if c == '\\' && j+1 < len(rd.src) && (rd.src[j+1] == '"' || rd.src[j+1] == '\\') {
			val.WriteByte(rd.src[j+1])
			j += 2
			continue
		}
		if c == '"' {
			j++
			break
		}
		if c == '\n' {
			rd.line++
		}
		val.WriteByte(c)
		j++
	}
	for j < len(rd.src) && (rd.src[j] == ' ' || rd.src[j] == '\t') {
		j++
	}
	if j >= len(rd.src) || rd.src[j] != ']' {
		return rd.errorf(start, "tag %s: the closing ] is missing", excerpt(name))
	}
	rd.pos = j + 1
	g := rd.game()
	g.Tags = append(g.Tags, Tag{name, val.String()})
	return nil
}

func (rd *ptnReader) readComment() error {
	start := rd.line
	end := strings.IndexByte(rd.src[rd.pos:], '}')
	if end < 0 {
		return rd.errorf(start, "the comment is not closed: } is missing")
	}
	text := rd.src[rd.pos+1 : rd.pos+end]
	rd.line += strings.Count(text, "\n")
	rd.pos += end + 1
	g := rd.game()
	if n := len(g.Plies); n > 0 {
		g.Plies[n-1].Comments = append(g.Plies[n-1].Comments, text)
	} else {
		g.Comments = append(g.Comments, text)
	}
	return nil
}

func (rd *ptnReader) readToken() {
	i := rd.pos
	for i < len(rd.src) {
		c, w := utf8.DecodeRuneInString(rd.src[i:])
		if unicode.IsSpace(c) || c == '{' || c == '[' {
			break
		}
		i += w
	}
	tok := rd.src[rd.pos:i]
	rd.pos = i
	tok = stripMoveNumbers(tok)
	if tok == "" || tok == "--" {
		return
	}
	if rd.cur != nil && rd.ended && rd.cur.Result != "" {
		rd.cur = nil // moves after a result start a new game
	}
	g := rd.game()
	if ValidResult(tok) {
		g.Result = tok
		rd.ended = true
		return
	}
	if len(g.Plies) == 0 {
		rd.size = g.Size()
		rd.first, rd.num = g.start()
	}
	rd.ended = true
	n := len(g.Plies) + int(rd.first)
	pl := PlyRecord{Number: rd.num + n/2, Color: tak.Color(n % 2), Text: tok}
	if rd.size == 0 {
		pl.Err = errors.New("the board size is unknown: add a Size tag")
	} else {
		pl.Move, pl.Err = ParsePTNMove(tok, rd.size)
	}
	g.Plies = append(g.Plies, pl)
}

// stripMoveNumbers removes move numbers ("12." or "12...") from the start of
// a token, where they may be glued to the move.
func stripMoveNumbers(tok string) string {
	for {
		j := 0
		for j < len(tok) && tok[j] >= '0' && tok[j] <= '9' {
			j++
		}
		if j == 0 || j == len(tok) || tok[j] != '.' {
			return tok
		}
		for j < len(tok) && tok[j] == '.' {
			j++
		}
		tok = tok[j:]
	}
}
