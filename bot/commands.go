package bot

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// refusal is a command the bot refuses: the player is told why and
// nothing changes.
type refusal struct{ msg string }

func (e *refusal) Error() string { return e.msg }

func refuse(format string, args ...any) error { return &refusal{fmt.Sprintf(format, args...)} }

// run evaluates the commands of the message in order, stopping at the
// first refusal. Only internal errors (storage) are returned.
func (s *session) run(cmds []Command, perr error) error {
	key := s.msg.From.Key()
	p, err := s.player(key)
	if err != nil {
		return err
	}
	s.sender = p
	if n := strings.TrimSpace(s.msg.Name); n != "" && n != p.Name {
		p.Name = n
		s.dirtyP[key] = true
	}
	if _, err := s.player(key); err != nil {
		return err
	}
	if p.Created.Equal(s.now) {
		s.dirtyP[key] = true
	}
	if perr != nil {
		var pe *ParseError
		if errors.As(perr, &pe) {
			s.say(key, s.msg.Thread, "%s", pe.Msg)
			return nil
		}
		return perr
	}
	for i, c := range cmds {
		thread, err := s.exec(c)
		var rf *refusal
		if errors.As(err, &rf) {
			if thread == "" {
				thread = s.defaultThread()
			}
			s.say(key, thread, "Refused %q: %s", c.Text, rf.msg)
			if rest := len(cmds) - i - 1; rest > 0 {
				s.say(key, thread, "The %d command(s) after it were not run.", rest)
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *session) defaultThread() string {
	if s.current != "" {
		return s.current
	}
	return s.msg.Thread
}

// exec runs one command and returns the game it concerned.
func (s *session) exec(c Command) (string, error) {
	if c.Err != "" {
		return "", refuse("%s", c.Err)
	}
	switch c.Verb {
	case "new":
		return s.cmdNew(c)
	case "accept":
		return s.cmdAnswer(c, true)
	case "decline":
		return s.cmdAnswer(c, false)
	case "cancel":
		return s.cmdCancel(c)
	case "move":
		return s.cmdMove(c)
	case "rs":
		return s.cmdRS(c)
	case "im":
		return s.cmdIM(c)
	case "takeback", "undo", "draw", "revert", "adopt", "restart":
		return s.cmdPropose(c)
	case "resign":
		return s.cmdResign(c)
	case "board", "history", "tps", "link":
		return s.cmdShow(c)
	case "games":
		return "", s.cmdGames()
	case "game":
		return s.cmdGame(c)
	case "notation":
		return "", s.cmdNotation(c)
	case "help":
		return s.cmdHelp(c)
	case "vacation":
		return "", s.cmdVacation(c)
	}
	return "", refuse("unknown command %q", c.Verb)
}

// ---- choosing the game ----

type pickKind int

const (
	pickAny       pickKind = iota // any game of the player
	pickActive                    // an active game
	pickMyTurn                    // an active game, preferring those where the sender moves
	pickChallenge                 // a challenge to the sender
	pickProposal                  // a game with a proposal the sender may answer
	pickAnswer                    // a challenge or a proposal to answer
)

func (s *session) fits(g *GameRecord, k pickKind) bool {
	me, _ := g.ColorOf(s.sender.Key)
	switch k {
	case pickActive, pickMyTurn:
		return g.Status == Active
	case pickChallenge:
		return g.Status == Challenged && int(me) != g.Challenger
	case pickProposal:
		return (g.Status == Active || g.Status == Over) && g.Proposal != nil && g.Proposal.By != int(me)
	case pickAnswer:
		return s.fits(g, pickChallenge) || s.fits(g, pickProposal)
	}
	return true
}

func (s *session) toMove(g *GameRecord) tak.Color {
	if gs, ok := s.games[g.ID]; ok {
		return gs.pos().ToMove()
	}
	// ply parity: the start TPS side to move flips with each move
	c := tak.White
	if g.Start != "" {
		if f := strings.Fields(g.Start); len(f) >= 2 && f[1] == "2" {
			c = tak.Black
		}
	}
	if len(g.Moves)%2 == 1 {
		c = c.Opponent()
	}
	return c
}

// pick chooses the game a command addresses: the game named by "game ID"
// in this message, the thread hint, the player's chosen game, or the only
// game that fits.
func (s *session) pick(k pickKind) (*gameState, error) {
	key := s.sender.Key
	for _, id := range []string{s.current, s.msg.Thread} {
		if id == "" {
			continue
		}
		if g, err := s.peekGame(id); err == nil {
			if _, ok := g.ColorOf(key); ok {
				return s.game(id)
			}
		}
	}
	ids, err := s.gamesOf(key)
	if err != nil {
		return nil, err
	}
	var fit, mine []*GameRecord
	var chosen *GameRecord
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil {
			return nil, err
		}
		if id == s.sender.Current {
			chosen = g
		}
		if s.fits(g, k) {
			fit = append(fit, g)
			me, _ := g.ColorOf(key)
			if s.toMove(g) == me {
				mine = append(mine, g)
			}
		}
	}
	if (k == pickMyTurn || k == pickActive) && chosen != nil && s.sender.CurrentFixed {
		// the player named this game with "game ID": a move, a resignation
		// or an offer never goes elsewhere, even where it would be legal
		return s.game(chosen.ID)
	}
	if k == pickMyTurn && len(mine) > 0 {
		for _, g := range mine {
			if g == chosen {
				return s.game(g.ID)
			}
		}
		if len(mine) == 1 {
			return s.game(mine[0].ID)
		}
	}
	if chosen != nil && (s.fits(chosen, k) || len(fit) == 0) {
		return s.game(chosen.ID)
	}
	if len(fit) == 1 {
		return s.game(fit[0].ID)
	}
	if len(fit) == 0 {
		switch k {
		case pickChallenge:
			return nil, refuse("nobody has challenged you; start a game with \"new OPPONENT\"")
		case pickProposal, pickAnswer:
			return nil, refuse("there is no challenge or proposal for you to answer")
		}
		if len(ids) == 0 {
			return nil, refuse("you have no game; start one with \"new OPPONENT\", e.g. \"new bob size=5\"")
		}
		var waiting []string
		for _, id := range ids {
			if g, err := s.peekGame(id); err == nil && s.fits(g, pickChallenge) {
				waiting = append(waiting, fmt.Sprintf("%s from %s", g.ID, g.Names[g.Challenger]))
			}
		}
		if len(waiting) > 0 {
			return nil, refuse("you have no game in progress; a challenge awaits your answer (%s): send \"accept\" or \"decline\"", strings.Join(waiting, ", "))
		}
		return nil, refuse("you have no game in progress; send \"games\" to list yours")
	}
	var names []string
	for _, g := range fit {
		me, _ := g.ColorOf(key)
		what := "against"
		switch {
		case g.Status == Challenged && int(me) != g.Challenger:
			what = "a challenge from"
		case g.Proposal != nil && g.Proposal.By != int(me) && (k == pickProposal || k == pickAnswer):
			what = "a proposal from"
		}
		names = append(names, fmt.Sprintf("%s (%s %s)", g.ID, what, g.Names[me.Opponent()]))
	}
	if k == pickAnswer || k == pickProposal || k == pickChallenge {
		return nil, refuse("several games await your answer: %s; say which first, e.g. \"game %s\"", strings.Join(names, ", "), fit[0].ID)
	}
	return nil, refuse("you play several games: %s; say which first, e.g. \"game %s\"", strings.Join(names, ", "), fit[0].ID)
}

// chosenHint explains, when g is the game the sender chose with "game ID",
// why a command went there and how to address another game.
func (s *session) chosenHint(g *GameRecord) string {
	if !s.sender.CurrentFixed || s.sender.Current != g.ID || s.current == g.ID || s.msg.Thread == g.ID {
		return ""
	}
	return fmt.Sprintf(" (your commands go to %s since you sent \"game %s\"; send \"games\" to list yours and \"game ID\" to choose another)", g.ID, g.ID)
}

// pickMine picks a game as pick does and returns it with the sender's colour.
func (s *session) pickMine(k pickKind) (*gameState, *GameRecord, tak.Color, error) {
	gs, err := s.pick(k)
	if err != nil {
		return nil, nil, 0, err
	}
	me, _ := gs.rec.ColorOf(s.sender.Key)
	return gs, gs.rec, me, nil
}

// ---- helpers ----

func (s *session) orient(key string) notation.Orientation {
	p, err := s.player(key)
	if err != nil {
		return notation.Mail
	}
	return p.Notation
}

func who(g *GameRecord, c tak.Color) string { return fmt.Sprintf("%s (%s)", g.Names[c], c) }

func fmtTime(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// moveNames returns the move in the reader's notation with the other in brackets.
func moveNames(m tak.Move, before *tak.Position, o notation.Orientation) string {
	mail := notation.FormatMail(m, before.Size())
	ptn := notation.FormatPTN(m, before)
	if o == notation.Mail {
		return fmt.Sprintf("%s (PTN %s)", mail, ptn)
	}
	return fmt.Sprintf("%s (mail %s)", ptn, mail)
}

func squareList(sqs []tak.Square, size int, o notation.Orientation) string {
	var names []string
	for _, sq := range sqs {
		names = append(names, notation.SquareName(sq, size, o))
	}
	return strings.Join(names, ", ")
}

// readingList names squares in the reader's notation, sorted by row (mail)
// or rank (PTN) number and then by column, so that a player can check a
// list of differing squares against their board in order.
func readingList(sqs []tak.Square, size int, o notation.Orientation) string {
	names := make([]string, 0, len(sqs))
	for _, sq := range sqs {
		names = append(names, notation.SquareName(sq, size, o))
	}
	sort.SliceStable(names, func(i, j int) bool {
		ri, _ := strconv.Atoi(names[i][1:])
		rj, _ := strconv.Atoi(names[j][1:])
		if ri != rj {
			return ri < rj
		}
		return names[i][0] < names[j][0]
	})
	return strings.Join(names, ", ")
}

func describeConfig(g *GameRecord) string {
	c := g.Config
	s := fmt.Sprintf("%dx%d, komi %s, %s opening, %s rules, %d stones and %d capstone(s) each, %d day(s) per move, %s style",
		c.Size, c.Size, c.Komi, c.Opening, c.Rules, c.Stones[0], c.Caps[0], g.Days, g.Style)
	if g.Scoring != "" && g.Scoring != "standard" {
		s += ", " + g.Scoring + " scoring"
	}
	if c.Rules == tak.Modegan {
		s += ", a drawn game goes to black"
	}
	return s
}

func orientName(o notation.Orientation) string {
	if o == notation.Mail {
		return "mail"
	}
	return "ptn"
}

// picture describes the board after the game's last move for a reader.
func (s *session) picture(gs *gameState, readerKey string) Picture {
	g, tg := gs.rec, gs.tg
	o := s.orient(readerKey)
	p := Picture{Name: fmt.Sprintf("%s-move%d-%s.png", g.ID, tg.Position().Ply(), orientName(o)), Config: g.Config,
		TPS: notation.FormatTPS(tg.Position()), Players: g.Names, Orientation: o}
	if n := tg.Len(); n > 0 {
		p.BeforeTPS = notation.FormatTPS(tg.PositionAfter(n - 1))
		p.Last = tg.Moves()[n-1].String()
	}
	if g.Result != nil {
		p.Result = *g.Result
		p.Score = g.Result.Score
	}
	return p
}

// status appends the sync board, then whose turn it is or the result.
func (s *session) status(gs *gameState, to string, withPicture bool) {
	g := gs.rec
	o := s.out(to, g.ID)
	if withPicture {
		o.addPicture(s.picture(gs, to))
	}
	pos := gs.pos()
	o.lines = append(o.lines, "Board (north row first, stacks top first, white lowercase):", strings.TrimRight(notation.FormatSyncBoard(pos), "\n"))
	ws, wc := pos.Reserves(tak.White)
	bs, bc := pos.Reserves(tak.Black)
	o.lines = append(o.lines, fmt.Sprintf("In hand: white %d stones %d caps, black %d stones %d caps. Flats on top: white %d, black %d (komi %s).",
		ws, wc, bs, bc, pos.FlatCounts()[0], pos.FlatCounts()[1], g.Config.Komi))
	switch g.Status {
	case Over:
		r := g.Result
		text := r.Text
		if !r.Draw && r.Winner >= 0 && r.Winner <= 1 {
			c := tak.Color(r.Winner)
			text = strings.Replace(text, c.String()+" wins", who(g, c)+" wins", 1)
		}
		line := fmt.Sprintf("Game over: %s (%s).", text, r.PTN)
		if !r.Draw && r.Winner >= 0 && r.Winner <= 1 {
			line += fmt.Sprintf(" %s scores %d.", g.Names[r.Winner], r.Score)
		}
		o.lines = append(o.lines, line)
	case Active:
		c := pos.ToMove()
		line := fmt.Sprintf("Turn %d (PTN move %d, %s): %s to move", pos.Ply()+1, pos.MoveNumber(), c, who(g, c))
		if !g.Deadline.IsZero() {
			line += ", by " + fmtTime(g.Deadline)
		}
		o.lines = append(o.lines, line+".")
	case Challenged:
		o.lines = append(o.lines, fmt.Sprintf("Waiting for %s to accept.", g.Names[1-g.Challenger]))
	}
}

// startTurn starts the clock of the side to move.
func (s *session) startTurn(gs *gameState) {
	g := gs.rec
	if g.Status != Active {
		g.Deadline, g.TurnStart = time.Time{}, time.Time{}
		return
	}
	c := gs.pos().ToMove()
	start := s.now
	if v := g.Vacation[c]; v.After(start) {
		start = v
	}
	g.TurnStart = start
	g.Deadline = start.Add(time.Duration(g.Days) * 24 * time.Hour)
	g.Reminded = false
}

// finish ends the game with result res.
func (s *session) finish(gs *gameState, res tak.Result) {
	g := gs.rec
	rules, _ := tak.ParseScoringRules(g.Scoring)
	score := tak.Score(gs.pos(), res, rules)
	g.Result = &ResultRecord{Reason: res.Reason.String(), Winner: int(res.Winner), Draw: res.Draw, PTN: res.PTN(), Text: res.String(), Score: score}
	if res.Draw {
		g.Result.Winner = -1
	}
	g.Status = Over
	g.Proposal = nil
	g.Deadline, g.TurnStart = time.Time{}, time.Time{}
	gs.dirty = true
}

// both calls fn for each player key of the game.
func both(g *GameRecord, fn func(key string, c tak.Color)) {
	fn(g.Players[0], tak.White)
	if g.Players[1] != g.Players[0] {
		fn(g.Players[1], tak.Black)
	}
}

// ---- new, accept, decline, cancel ----

// resolveOpponent turns the word after "new" into an identity.
func (s *session) resolveOpponent(word string) (Identity, error) {
	w := strings.TrimSpace(word)
	if strings.HasPrefix(w, "<@") && strings.HasSuffix(w, ">") {
		id := strings.TrimPrefix(strings.TrimSuffix(w[2:], ">"), "!")
		if id == "" {
			return Identity{}, refuse("%q is not a Discord mention", word)
		}
		return Identity{Transport: "discord", Address: id}, nil
	}
	if t, a, ok := strings.Cut(w, ":"); ok && t != "" && a != "" && !strings.Contains(t, "@") {
		return Identity{Transport: strings.ToLower(t), Address: a}, nil
	}
	if at := strings.LastIndexByte(w, '@'); at > 0 && strings.Contains(w[at:], ".") {
		return Identity{Transport: "email", Address: w}, nil
	}
	if strings.Contains(w, "=") {
		return Identity{}, refuse("say whom to challenge before the options, e.g. \"new bob %s\"", w)
	}
	if strings.ContainsAny(w, "@<>:") || w == "" {
		return Identity{}, refuse("%q is not a player: name an opponent by name, email address or Discord mention", word)
	}
	for _, r := range w {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '_' || r == '-') {
			return Identity{}, refuse("%q is not a player's name: a name holds only letters, digits, '.', '_' and '-'", word)
		}
	}
	return Identity{Transport: s.msg.From.Transport, Address: w}, nil
}

func (s *session) cmdNew(c Command) (string, error) {
	if len(c.Args) == 0 {
		return "", refuse("say whom to challenge, e.g. \"new bob size=6 komi=2 color=white\"")
	}
	opp, err := s.resolveOpponent(c.Args[0])
	if err != nil {
		return "", err
	}
	if opp.Key() == s.sender.Key {
		return "", refuse("you cannot challenge yourself")
	}
	size, komi, days := 5, tak.Komi(0), s.r.opts.DefaultDays
	color, opening, rules, scoring, style := "random", "", "standard", "standard", "street"
	stones, caps := -1, -1 // -1: the rules' default
	seen := map[string]bool{}
	for _, a := range c.Args[1:] {
		k, v, ok := strings.Cut(strings.ToLower(a), "=")
		if !ok {
			return "", refuse("option %q should be written key=value, e.g. size=6", a)
		}
		if k == "colour" {
			k = "color"
		}
		if seen[k] {
			return "", refuse("option %s is given twice; give it once", k)
		}
		seen[k] = true
		switch k {
		case "size":
			n, err := strconv.Atoi(v)
			if err != nil || n < tak.MinSize || n > tak.MaxSize {
				return "", refuse("size must be a number from %d to %d, not %q", tak.MinSize, tak.MaxSize, v)
			}
			size = n
		case "komi":
			kk, err := tak.ParseKomi(v)
			if err != nil {
				return "", refuse("%v", err)
			}
			if kk < 0 || kk > 20 {
				return "", refuse("komi must be between 0 and 10 flats, not %s", kk)
			}
			komi = kk
		case "color", "colour":
			if v != "white" && v != "black" && v != "random" {
				return "", refuse("color must be white, black or random, not %q", v)
			}
			color = v
		case "opening":
			if v != "swap" && v != "no-swap" && v != "noswap" {
				return "", refuse("opening must be swap or no-swap, not %q", v)
			}
			opening = v
		case "rules":
			if v != "standard" && v != "modegan" && v != "adem" {
				return "", refuse("rules must be standard, modegan or adem, not %q", v)
			}
			rules = v
		case "days":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 60 {
				return "", refuse("days must be a whole number from 1 to 60, not %q", v)
			}
			days = n
		case "scoring":
			sr, err := tak.ParseScoringRules(v)
			if err != nil {
				return "", refuse("%v", err)
			}
			scoring = sr.String()
		case "stones", "flats":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > tak.MaxPieces/2-4 {
				return "", refuse("stones must be a whole number from 1 to %d, not %q", tak.MaxPieces/2-4, v)
			}
			stones = n
		case "caps", "capstones":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 4 {
				return "", refuse("caps must be a whole number from 0 to 4, not %q", v)
			}
			caps = n
		case "style":
			if v != "courtly" && v != "street" {
				return "", refuse("style must be courtly (the bot announces every road threat) or street (it announces nothing), not %q", v)
			}
			style = v
		default:
			return "", refuse("unknown option %q: the options are size, komi, color, opening, rules, stones, caps, days, scoring and style", k)
		}
	}
	var cfg tak.Config
	switch rules {
	case "modegan":
		cfg, err = tak.ModeganConfig(size)
	case "adem":
		if size != 5 {
			return "", refuse("the adem game is played on 5x5 only")
		}
		if caps > 0 {
			return "", refuse("the adem game is played without capstones")
		}
		flats := 22
		if stones >= 0 {
			flats = stones
		}
		cfg, err = tak.AdemConfig(flats)
	default:
		cfg = tak.DefaultConfig(size)
	}
	if err != nil {
		return "", refuse("%s", configReason(err))
	}
	if rules == "modegan" && caps >= 0 && caps != 1 {
		return "", refuse("modegan tak is played with one capstone each")
	}
	if stones >= 0 {
		cfg.Stones = [2]int{stones, stones}
	}
	if caps >= 0 {
		cfg.Caps = [2]int{caps, caps}
	}
	cfg.Komi = komi
	switch opening {
	case "swap":
		cfg.Opening = tak.SwapOpening
	case "no-swap", "noswap":
		cfg.Opening = tak.NoSwapOpening
	}
	if err := cfg.Validate(); err != nil {
		return "", refuse("%s", configReason(err))
	}
	mine := tak.White
	switch color {
	case "black":
		mine = tak.Black
	case "random":
		if s.r.randInt(2) == 1 {
			mine = tak.Black
		}
	}
	id, err := s.newGameID()
	if err != nil {
		return "", err
	}
	op, err := s.player(opp.Key())
	if err != nil {
		return "", err
	}
	g := &GameRecord{ID: id, Status: Challenged, Challenger: int(mine), Config: cfg, Scoring: scoring, Style: style,
		Days: days, Created: s.now}
	g.Players[mine], g.Names[mine] = s.sender.Key, s.sender.Name
	g.Players[mine.Opponent()], g.Names[mine.Opponent()] = op.Key, op.Name
	tg, err := g.Replay()
	if err != nil {
		return "", err
	}
	s.games[id] = &gameState{rec: g, tg: tg, dirty: true}
	s.current = id
	s.sender.Current, s.sender.CurrentFixed = id, false
	s.dirtyP[s.sender.Key] = true
	s.say(s.sender.Key, id, "Challenge %s sent to %s: %s. You play %s.", id, op.Name, describeConfig(g), mine)
	s.say(op.Key, id, "%s challenges you to a game of Tak (%s): %s. You would play %s.\nAnswer \"accept\" or \"decline\" (add \"game %s\" first if you have other games).",
		s.sender.Name, id, describeConfig(g), mine.Opponent(), id)
	return id, nil
}

// configReason words a configuration error for a player: the engine's
// reason without the generic ": invalid game configuration" it wraps.
func configReason(err error) string {
	return strings.TrimSuffix(err.Error(), ": "+tak.ErrBadConfig.Error())
}

func (s *session) newGameID() (string, error) {
	if s.nalloc < len(s.allocated) {
		id := s.allocated[s.nalloc]
		s.nalloc++
		return id, nil
	}
	var id string
	err := s.r.store.Update(s.ctx, func(tx Tx) error {
		var err error
		id, err = tx.NewGameID()
		return err
	})
	if err != nil {
		return "", err
	}
	s.allocated = append(s.allocated, id)
	s.nalloc++
	return id, nil
}

func (s *session) cmdAnswer(c Command, yes bool) (string, error) {
	gs, g, me, err := s.pickMine(pickAnswer)
	if err != nil {
		return "", err
	}
	switch {
	case g.Status == Challenged && int(me) != g.Challenger:
		if !yes {
			g.Status = Declined
			gs.dirty = true
			both(g, func(k string, _ tak.Color) { s.say(k, g.ID, "%s declined the challenge %s.", s.sender.Name, g.ID) })
			return g.ID, nil
		}
		g.Status = Active
		for c, key := range g.Players { // a player on vacation has their clock stopped here too
			if p, err := s.player(key); err != nil {
				return g.ID, err
			} else if p.Vacation.After(s.now) {
				g.Vacation[c] = p.Vacation
			}
		}
		s.startTurn(gs)
		gs.dirty = true
		s.current = g.ID
		s.sender.Current, s.sender.CurrentFixed = g.ID, false
		s.dirtyP[s.sender.Key] = true
		both(g, func(k string, c tak.Color) {
			s.say(k, g.ID, "Game %s begins: %s against %s; %s.", g.ID, who(g, tak.White), who(g, tak.Black), describeConfig(g))
			if g.Config.Opening == tak.SwapOpening {
				s.say(k, g.ID, "Swap opening: each player's first move places a flat of the opponent's colour.")
			}
			s.say(k, g.ID, "You play %s.", c)
			for _, vc := range []tak.Color{tak.White, tak.Black} {
				if v := g.Vacation[vc]; v.After(s.now) {
					s.say(k, g.ID, "%s is on vacation until %s: their clock stops until then.", who(g, vc), fmtTime(v))
				}
			}
			s.status(gs, k, true)
		})
		return g.ID, nil
	case g.Status == Challenged:
		return g.ID, refuse("you sent this challenge; %s must answer it (or send \"cancel\" to withdraw it)", g.Names[1-g.Challenger])
	case g.Status != Active && g.Status != Over:
		return g.ID, refuse("game %s is %s", g.ID, g.Status)
	case g.Proposal == nil:
		return g.ID, refuse("there is no proposal to answer in game %s", g.ID)
	case g.Proposal.By == int(me):
		return g.ID, refuse("you made this proposal yourself; %s must answer it", g.Names[me.Opponent()])
	}
	pr := g.Proposal
	g.Proposal = nil
	gs.dirty = true
	if !yes {
		after := "The game goes on."
		if g.Status == Over {
			after = "The result stands."
		}
		both(g, func(k string, _ tak.Color) {
			s.say(k, g.ID, "%s declined the proposal to %s. %s", s.sender.Name, proposalText(pr), after)
		})
		return g.ID, nil
	}
	return g.ID, s.applyProposal(gs, pr)
}

func (s *session) cmdCancel(c Command) (string, error) {
	gs, g, me, err := s.pickMine(pickAny)
	if err != nil {
		return "", err
	}
	switch {
	case g.Status == Challenged && int(me) == g.Challenger:
		g.Status = Cancelled
		gs.dirty = true
		both(g, func(k string, _ tak.Color) { s.say(k, g.ID, "%s withdrew the challenge %s.", s.sender.Name, g.ID) })
	case (g.Status == Active || g.Status == Over) && g.Proposal != nil && g.Proposal.By == int(me):
		pr := g.Proposal
		g.Proposal = nil
		gs.dirty = true
		both(g, func(k string, _ tak.Color) {
			s.say(k, g.ID, "%s withdrew the proposal to %s.", s.sender.Name, proposalText(pr))
		})
	default:
		return g.ID, refuse("there is nothing of yours to cancel in game %s (a challenge you sent, or a proposal you made)", g.ID)
	}
	return g.ID, nil
}

// ---- moves ----

func (s *session) cmdMove(c Command) (string, error) {
	if err := notAWord(c.Text); err != nil {
		return "", err
	}
	gs, g, me, err := s.pickMine(pickMyTurn)
	if err != nil {
		return "", err
	}
	switch g.Status {
	case Challenged:
		return g.ID, refuse("game %s has not started: %s has not accepted the challenge yet%s", g.ID, g.Names[1-g.Challenger], s.chosenHint(g))
	case Over:
		return g.ID, refuse("game %s is over (%s)%s", g.ID, g.Result.PTN, s.chosenHint(g))
	case Active:
	default:
		return g.ID, refuse("game %s was %s%s", g.ID, g.Status, s.chosenHint(g))
	}
	before := gs.pos()
	if c.Guard != 0 && c.Guard != before.Ply()+1 {
		return g.ID, refuse("this move is marked #%d but game %s is at turn %d; ignored (a stale or repeated message?)", c.Guard, g.ID, before.Ply()+1)
	}
	if before.ToMove() != me {
		return g.ID, refuse("it is not your turn in game %s: %s is to move", g.ID, who(g, before.ToMove()))
	}
	pm, err := notation.ParseMove(c.Text, g.Config.Size)
	if err != nil {
		var se *notation.SyntaxError
		if errors.As(err, &se) {
			if strings.Contains(se.Msg, "carry limit") {
				return g.ID, refuse("%s", se.Msg)
			}
			return g.ID, refuse("%s. Write a move like \"ps b4\", \"ms b2 p3 2 1\" (Tak by Mail) or \"c3\", \"3c3>12\" (PTN)", se.Msg)
		}
		return g.ID, refuse("%v", err)
	}
	if _, err := before.Play(pm.Move); err != nil {
		return g.ID, refuse("%s", describeMoveError(err, g.Config.Size, pm.Notation))
	}
	if !s.sender.NotationFixed && s.sender.Notation != pm.Notation {
		s.sender.Notation = pm.Notation
		s.dirtyP[s.sender.Key] = true
	}
	if err := gs.tg.Play(pm.Move); err != nil {
		return g.ID, err
	}
	g.Moves = append(g.Moves, MoveRecord{PTN: pm.Move.String(), Tak: pm.TakCall, At: s.now})
	gs.dirty = true
	if pr := g.Proposal; pr != nil {
		g.Proposal = nil
		verb := "declined"
		if pr.By == int(me) {
			verb = "withdrawn"
		}
		both(g, func(k string, _ tak.Color) {
			s.say(k, g.ID, "The proposal to %s is %s by the move.", proposalText(pr), verb)
		})
	}
	pos := gs.pos()
	if res := pos.Result(); res.Over() {
		s.finish(gs, res)
	} else {
		s.startTurn(gs)
	}
	both(g, func(k string, c tak.Color) {
		o := s.orient(k)
		s.say(k, g.ID, "%s turn %d: %s played %s.", g.ID, before.Ply()+1, who(g, me), moveNames(pm.Move, before, o))
		if pm.TakCall {
			if c != me {
				s.say(k, g.ID, "%s calls Tak: they say they can win with their next move.", g.Names[me])
			} else {
				s.say(k, g.ID, "You called Tak; %s is told.", g.Names[me.Opponent()])
			}
		}
		if g.Style == "courtly" && g.Status == Active {
			for _, col := range []tak.Color{me, me.Opponent()} {
				if threats := pos.RoadInOne(col); len(threats) > 0 {
					var ms []string
					for i, t := range threats {
						if i == 4 {
							ms = append(ms, fmt.Sprintf("and %d more", len(threats)-4))
							break
						}
						ms = append(ms, moveNames(t, pos, o))
					}
					s.say(k, g.ID, "Tak! %s threatens a road: %s.", who(g, col), strings.Join(ms, ", "))
				}
			}
		}
		s.status(gs, k, true)
	})
	return g.ID, nil
}

// ---- resign and proposals ----

func (s *session) cmdResign(c Command) (string, error) {
	gs, err := s.pick(pickActive)
	if err != nil {
		return "", err
	}
	g := gs.rec
	if g.Status != Active {
		return g.ID, refuse("game %s is not in progress%s", g.ID, s.chosenHint(g))
	}
	me, _ := g.ColorOf(s.sender.Key)
	s.finish(gs, gs.pos().Resign(me))
	both(g, func(k string, _ tak.Color) {
		s.say(k, g.ID, "%s resigns game %s.", who(g, me), g.ID)
		s.status(gs, k, true)
	})
	return g.ID, nil
}

func proposalText(p *Proposal) string {
	switch p.Kind {
	case "draw":
		return "agree a draw"
	case "undo":
		return fmt.Sprintf("take back the moves after turn %d", p.Ply)
	case "takeback":
		return fmt.Sprintf("take back the disputed move of turn %d", p.Ply+1)
	case "revert":
		return fmt.Sprintf("go back to the position after turn %d", p.Ply)
	case "adopt":
		return "adopt the board sent with rs as the position"
	case "restart":
		return "restart the game from the empty board"
	}
	return p.Kind
}

// lastMoveBy returns the number of moves before colour c's last move, or -1.
func lastMoveBy(tg *tak.Game, c tak.Color) int {
	for i := tg.Len() - 1; i >= 0; i-- {
		if tg.PositionAfter(i).ToMove() == c {
			return i
		}
	}
	return -1
}

// disputable reports whether a finished game may still be reopened by
// taking back its last move: it ended on the board (road or flats).
func disputable(g *GameRecord) bool {
	return g.Status == Over && g.Result != nil && (g.Result.Reason == "road" || g.Result.Reason == "flats")
}

func (s *session) cmdPropose(c Command) (string, error) {
	k := pickActive
	if c.Verb == "takeback" {
		k = pickAny
	}
	gs, err := s.pick(k)
	if err != nil {
		return "", err
	}
	g := gs.rec
	if g.Status != Active && !(c.Verb == "takeback" && disputable(g)) {
		return g.ID, refuse("game %s is not in progress%s", g.ID, s.chosenHint(g))
	}
	me, _ := g.ColorOf(s.sender.Key)
	if pr := g.Proposal; pr != nil && pr.By != int(me) && pr.Kind == c.Verb && (c.Verb == "draw" || c.Verb == "restart") {
		// offers that cross in the mail: both players want the same thing
		g.Proposal = nil
		gs.dirty = true
		return g.ID, s.applyProposal(gs, pr)
	}
	if g.Proposal != nil {
		if g.Proposal.By == int(me) {
			return g.ID, refuse("you already proposed to %s; wait for the answer or send \"cancel\"", proposalText(g.Proposal))
		}
		return g.ID, refuse("%s proposed to %s; answer with \"accept\" or \"decline\" first", g.Names[me.Opponent()], proposalText(g.Proposal))
	}
	pr := &Proposal{Kind: c.Verb, By: int(me), At: s.now}
	switch c.Verb {
	case "draw":
	case "undo":
		n := lastMoveBy(gs.tg, me)
		if n < 0 {
			return g.ID, refuse("you have no move to take back")
		}
		pr.Ply = n
	case "takeback":
		n := gs.tg.Len()
		if len(g.Disputes) == 0 || g.Disputes[len(g.Disputes)-1].Ply != n || g.Disputes[len(g.Disputes)-1].By != int(me) {
			return g.ID, refuse("takeback asks for the move you disputed with \"im\" to be taken back; dispute the last move first, e.g. \"im the wall was covered\"")
		}
		pr.Ply = n - 1
	case "revert":
		sb := g.Sync[me]
		if sb == nil || sb.Match < 0 {
			sb = g.Sync[me.Opponent()] // the opponent's rs board may have found the point
		}
		switch {
		case gs.tg.Len() == 0:
			return g.ID, refuse("no move has been played in game %s: there is nothing to go back to", g.ID)
		case len(c.Args) > 0:
			n, err := strconv.Atoi(strings.TrimPrefix(c.Args[0], "#"))
			if err != nil || n < 0 || n >= gs.tg.Len() {
				return g.ID, refuse("%q is not a turn to go back to: revert N goes back to the position after turn N, from 0 (the empty board) to %d", c.Args[0], gs.tg.Len()-1)
			}
			pr.Ply = n
		case sb != nil && sb.Match >= 0 && sb.Match < gs.tg.Len():
			pr.Ply = sb.Match
		default:
			return g.ID, refuse("say which turn to go back to, e.g. \"revert %d\" (send \"rs\" with your board to find where it matches)", gs.tg.Len()-1)
		}
	case "adopt":
		sb := g.Sync[me]
		if sb == nil {
			return g.ID, refuse("send your board first: \"rs\" followed by your board, one row per line")
		}
		if _, err := s.boardPosition(gs, sb.Board); err != nil {
			return g.ID, refuse("your board cannot be adopted: %v", err)
		}
		pr.Board = sb.Board
	case "restart":
	}
	g.Proposal = pr
	gs.dirty = true
	s.say(s.sender.Key, g.ID, "You propose to %s. %s is asked to answer \"accept\" or \"decline\".", proposalText(pr), g.Names[me.Opponent()])
	s.say(g.Players[me.Opponent()], g.ID, "%s proposes to %s. Answer \"accept\" or \"decline\".", who(g, me), proposalText(pr))
	if pr.Kind == "adopt" {
		both(g, func(k string, _ tak.Color) {
			s.say(k, g.ID, "%s's board (north row first, stacks top first, white lowercase):\n%s", g.Names[me], pr.Board)
		})
	}
	return g.ID, nil
}

// boardPosition builds the position of a sync board in game gs, keeping the
// side to move and the move number.
func (s *session) boardPosition(gs *gameState, board string) (*tak.Position, error) {
	size, stacks, err := notation.ParseSyncBoard(board)
	if err != nil {
		return nil, err
	}
	if size != gs.rec.Config.Size {
		return nil, fmt.Errorf("it is %dx%d but the game is %dx%d", size, size, gs.rec.Config.Size, gs.rec.Config.Size)
	}
	pos := gs.pos()
	return tak.Setup(gs.rec.Config, stacks, pos.ToMove(), pos.MoveNumber())
}

func (s *session) applyProposal(gs *gameState, pr *Proposal) error {
	g := gs.rec
	by := tak.Color(pr.By)
	switch pr.Kind {
	case "draw":
		s.finish(gs, gs.pos().AgreedDraw())
		both(g, func(k string, _ tak.Color) {
			s.say(k, g.ID, "%s accepted the draw.", s.sender.Name)
			s.status(gs, k, true)
		})
		return nil
	case "undo", "takeback", "revert":
		if pr.Ply < 0 || pr.Ply > gs.tg.Len() {
			return refuse("the game has changed since the proposal")
		}
		if g.Status == Over { // a disputed final move taken back: the game goes on
			g.Status, g.Result = Active, nil
		}
		taken := g.Moves[pr.Ply:]
		var ptn []string
		for _, m := range taken {
			ptn = append(ptn, m.PTN)
		}
		gs.tg.TruncateTo(pr.Ply)
		g.Moves = g.Moves[:pr.Ply]
		g.Events = append(g.Events, fmt.Sprintf("%s: %s agreed to %s; moves taken back: %s", fmtTime(s.now), s.sender.Name, proposalText(pr), strings.Join(ptn, " ")))
	case "adopt":
		pos, err := s.boardPosition(gs, pr.Board)
		if err != nil {
			return refuse("the board cannot be adopted: %v", err)
		}
		g.Events = append(g.Events, fmt.Sprintf("%s: %s's board adopted at turn %d; moves before it: %s", fmtTime(s.now), g.Names[by], gs.pos().Ply()+1, movesText(g)))
		g.Start = notation.FormatTPS(pos)
		g.Moves = nil
		gs.tg = tak.GameFrom(pos)
	case "restart":
		g.Events = append(g.Events, fmt.Sprintf("%s: restarted; moves before: %s", fmtTime(s.now), movesText(g)))
		g.Start = ""
		g.Moves = nil
		tg, err := g.Replay()
		if err != nil {
			return err
		}
		gs.tg = tg
	}
	g.Sync = [2]*SyncBoard{}
	gs.dirty = true
	if res := gs.pos().Result(); res.Over() {
		s.finish(gs, res)
	} else {
		s.startTurn(gs)
	}
	both(g, func(k string, _ tak.Color) {
		s.say(k, g.ID, "%s accepted: %s.", s.sender.Name, proposalText(pr))
		s.status(gs, k, true)
	})
	return nil
}

func movesText(g *GameRecord) string {
	var ptn []string
	for _, m := range g.Moves {
		ptn = append(ptn, m.PTN)
	}
	if len(ptn) == 0 {
		return "none"
	}
	return strings.Join(ptn, " ")
}
