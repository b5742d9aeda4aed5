package bot

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// ---- rs: sync state and desyncs ----

func (s *session) cmdRS(c Command) (string, error) {
	gs, err := s.pick(pickActive)
	if err != nil {
		return "", err
	}
	g := gs.rec
	key := s.sender.Key
	board := c.Board
	if board == "" && len(c.Args) > 0 {
		board = strings.Join(c.Args, " ")
		return g.ID, refuse("put your board on the lines after \"rs\", one row per line, north row first")
	}
	if board == "" {
		s.say(key, g.ID, "Sync state of game %s:", g.ID)
		s.status(gs, key, false)
		return g.ID, nil
	}
	if g.Status != Active {
		return g.ID, refuse("game %s is not in progress%s", g.ID, s.chosenHint(g))
	}
	size, stacks, err := notation.ParseSyncBoard(board)
	if err != nil {
		return g.ID, refuse("your board cannot be read: %v", err)
	}
	if size != g.Config.Size {
		return g.ID, refuse("your board is %dx%d but game %s is %dx%d", size, size, g.ID, g.Config.Size, g.Config.Size)
	}
	me, _ := g.ColorOf(key)
	o := s.orient(key)
	pos := gs.pos()
	diff := pos.DiffStacks(stacks)
	if len(diff) == 0 {
		if g.Sync[me] != nil { // an earlier differing board is no longer the player's
			g.Sync[me] = nil
			gs.dirty = true
		}
		s.say(key, g.ID, "Your board matches the true board of game %s.", g.ID)
		s.status(gs, key, false)
		return g.ID, nil
	}
	match := -1
	for n := gs.tg.Len() - 1; n >= 0; n-- {
		if len(gs.tg.PositionAfter(n).DiffStacks(stacks)) == 0 {
			match = n
			break
		}
	}
	g.Sync[me] = &SyncBoard{Board: strings.TrimSpace(board), Match: match, At: s.now}
	gs.dirty = true
	s.say(key, g.ID, "Your board differs from the true board of game %s on %d square(s): %s.", g.ID, len(diff), readingList(diff, size, o))
	if match >= 0 {
		s.say(key, g.ID, "Your board matches the position after turn %d; the boards diverged at turn %d (%s).", match, match+1,
			moveNames(gs.tg.Moves()[match], gs.tg.PositionAfter(match), o))
	} else {
		s.say(key, g.ID, "Your board matches no position of the game's history.")
	}
	s.say(key, g.ID, "Ways out (each needs %s to accept):", g.Names[me.Opponent()])
	if match >= 0 {
		s.say(key, g.ID, "  \"revert\" — go back to the position after turn %d (the last one your board matches);", match)
	}
	if _, err := s.boardPosition(gs, board); err != nil {
		s.say(key, g.ID, "  (\"adopt\" is not possible: your board cannot be a position of this game: %v.)", err)
	} else {
		s.say(key, g.ID, "  \"adopt\" — make your board the position;")
	}
	s.say(key, g.ID, "  \"restart\" — start the game again from the empty board.")
	s.say(key, g.ID, "Or keep the true board below and fix your own: that needs no agreement.")
	s.status(gs, key, true)
	s.say(g.Players[me.Opponent()], g.ID, "%s reports that their board of game %s differs from the true board on %s; they may propose a way out.",
		who(g, me), g.ID, readingList(diff, size, s.orient(g.Players[me.Opponent()])))
	return g.ID, nil
}

// ---- im: disputes ----

func (s *session) cmdIM(c Command) (string, error) {
	gs, err := s.pick(pickAny)
	if err != nil {
		return "", err
	}
	g := gs.rec
	if g.Status != Active && !disputable(g) {
		return g.ID, refuse("game %s has no move to dispute (only a game in progress, or one that ended on the board, can be disputed)", g.ID)
	}
	me, _ := g.ColorOf(s.sender.Key)
	n := gs.tg.Len()
	if n == 0 {
		return g.ID, refuse("no move has been played in game %s", g.ID)
	}
	before := gs.tg.PositionAfter(n - 1)
	if before.ToMove() == me {
		return g.ID, refuse("the last move of game %s is your own; \"im\" disputes your opponent's last move (use \"undo\" to ask to take back yours)", g.ID)
	}
	m := gs.tg.Moves()[n-1]
	reason := strings.TrimSpace(strings.Join(c.Args, " "))
	if reason == "" {
		return g.ID, refuse("say why you think the move was illegal, e.g. \"im the wall on c3 was covered\"")
	}
	if n := utf8.RuneCountInString(reason); n > maxReason {
		return g.ID, refuse("the reason is %d characters long; say it in at most %d", n, maxReason)
	}
	opp := me.Opponent()
	checkErr := before.Check(m)
	d := Dispute{By: int(me), Ply: n, Move: m.String(), Reason: reason, Legal: checkErr == nil, At: s.now}
	both(g, func(k string, _ tak.Color) {
		o := s.orient(k)
		s.say(k, g.ID, "%s disputes the move of turn %d, %s by %s: %q.", who(g, me), n, moveNames(m, before, o), g.Names[opp], reason)
		if checkErr == nil {
			s.say(k, g.ID, "Ruling: the move is legal. %s", explainMove(before, m, o))
			if r := gs.tg.PositionAfter(n).Result(); r.Reason == tak.RoadEnd {
				s.say(k, g.ID, "It completed a road for %s: %s.", r.Winner, squareList(r.Road, g.Config.Size, o))
			}
		} else {
			s.say(k, g.ID, "Ruling: the move is illegal (%s); it is taken back.", describeMoveError(checkErr, g.Config.Size, o))
		}
		op := s.out(k, g.ID)
		bp := s.picture(gs, k)
		bp.Name = fmt.Sprintf("%s-move%d-before-%s.png", g.ID, before.Ply(), orientName(bp.Orientation))
		bp.TPS, bp.BeforeTPS, bp.Last = notation.FormatTPS(before), "", ""
		op.addPicture(bp)
		op.lines = append(op.lines, "Before the move:", strings.TrimRight(notation.FormatSyncBoard(before), "\n"), "After the move:")
	})
	if checkErr != nil {
		d.Ruling = "illegal: " + describeMoveError(checkErr, g.Config.Size, notation.PTN)
		gs.tg.TruncateTo(n - 1)
		g.Moves = g.Moves[:n-1]
		g.Status, g.Result = Active, nil
		s.startTurn(gs)
	} else {
		d.Ruling = "legal: " + explainMove(before, m, notation.PTN)
		both(g, func(k string, c tak.Color) {
			if c == me {
				s.say(k, g.ID, "If you still want the move taken back, send \"takeback\"; %s may grant it.", g.Names[opp])
			}
		})
	}
	g.Disputes = append(g.Disputes, d)
	gs.dirty = true
	both(g, func(k string, _ tak.Color) { s.status(gs, k, true) })
	return g.ID, nil
}

// describeMoveError words an engine refusal with squares in notation o.
func describeMoveError(err error, size int, o notation.Orientation) string {
	var me *tak.MoveError
	if errors.As(err, &me) {
		return me.Describe(func(sq tak.Square) string { return notation.SquareName(sq, size, o) })
	}
	return err.Error()
}

// capitalize upper-cases the first letter of s (colour names open sentences).
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// maxReason bounds the reason of an "im" dispute, which is quoted to both
// players and kept with the game.
const maxReason = 1000

func pieceName(p tak.Piece) string { return "a " + p.String() }

// explainMove says which rules make a legal move legal.
func explainMove(before *tak.Position, m tak.Move, o notation.Orientation) string {
	size := before.Size()
	name := func(sq tak.Square) string { return notation.SquareName(sq, size, o) }
	mover := before.ToMove()
	if m.Type == tak.Place {
		st, cp := before.Reserves(mover)
		if before.InOpening() {
			return fmt.Sprintf("In the swap opening each player's first move places a flat of the opponent's colour on an empty square; %s was empty.", name(m.Square))
		}
		left := fmt.Sprintf("%d stone(s)", st)
		if m.Piece == tak.Cap {
			left = fmt.Sprintf("%d capstone(s)", cp)
		}
		return fmt.Sprintf("A piece may be placed on any empty square: %s was empty, and %s had %s in hand, so placing a %s there is allowed.", name(m.Square), mover, left, m.Piece)
	}
	var b strings.Builder
	h := before.Height(m.Square)
	top, _ := before.Top(m.Square)
	fmt.Fprintf(&b, "%s controlled the stack of %d on %s (%s on top). ", capitalize(mover.String()), h, name(m.Square), pieceName(top))
	fmt.Fprintf(&b, "The carry limit on %dx%d is %d; %d piece(s) were carried %s, leaving %d. ", size, size, size, m.Carry(), m.Dir, h-m.Carry())
	path := m.Path(size)
	drops := m.DropList()
	for i, sq := range path {
		covered := "an empty square"
		if t, ok := before.Top(sq); ok {
			covered = pieceName(t)
		}
		fmt.Fprintf(&b, "%d dropped on %s, covering %s", drops[i], name(sq), covered)
		if t, ok := before.Top(sq); ok && t.Kind() == tak.Wall {
			fmt.Fprintf(&b, " — a wall may be flattened by a capstone moving onto it alone, as here")
		}
		if i < len(path)-1 {
			b.WriteString("; ")
		}
	}
	b.WriteString(". Every drop was at least one piece, nothing was dropped on a capstone, and no wall was covered except by a lone capstone.")
	return b.String()
}

// ---- board, history, tps, link ----

func (s *session) ptnText(gs *gameState) string {
	g := gs.rec
	tags := []notation.Tag{{Name: "Site", Value: "takbot"}, {Name: "Event", Value: "Tak by Mail game " + g.ID},
		{Name: "Player1", Value: g.Names[0]}, {Name: "Player2", Value: g.Names[1]},
		{Name: "Date", Value: g.Created.UTC().Format("2006.01.02")}}
	if g.Config.Rules != tak.Standard {
		tags = append(tags, notation.Tag{Name: "Rules", Value: g.Config.Rules.String()})
	}
	if g.Config.Opening != tak.SwapOpening {
		tags = append(tags, notation.Tag{Name: "Opening", Value: g.Config.Opening.String()})
	}
	if g.Config.Komi != 0 {
		tags = append(tags, notation.Tag{Name: "Komi", Value: g.Config.Komi.String()})
	}
	result := ""
	if g.Result != nil {
		result = g.Result.PTN
	}
	rec := notation.RecordGame(gs.tg, tags, result)
	for i := range rec.Plies {
		if i < len(g.Moves) && g.Moves[i].Tak {
			rec.Plies[i].Move.TakCall = true
		}
	}
	for _, d := range g.Disputes {
		if i := d.Ply - 1; i >= 0 && i < len(rec.Plies) && i < len(g.Moves) && g.Moves[i].PTN == d.Move {
			rec.Plies[i].Comments = append(rec.Plies[i].Comments, fmt.Sprintf("disputed: %s; ruled %s", d.Reason, d.Ruling))
		}
	}
	rec.Comments = append(rec.Comments, g.Events...)
	var buf bytes.Buffer
	if err := notation.WritePTN(&buf, rec); err != nil {
		return "(the game could not be written as PTN: " + err.Error() + ")"
	}
	return strings.TrimRight(buf.String(), "\n")
}

// PTN returns a stored game as PTN (used by export).
func PTN(g *GameRecord) (string, error) {
	tg, err := g.Replay()
	if err != nil {
		return "", err
	}
	s := &session{}
	return s.ptnText(&gameState{rec: g, tg: tg}), nil
}

func (s *session) cmdShow(c Command) (string, error) {
	gs, err := s.pick(pickAny)
	if err != nil {
		return "", err
	}
	g := gs.rec
	key := s.sender.Key
	switch c.Verb {
	case "board":
		s.say(key, g.ID, "Game %s: %s against %s.", g.ID, who(g, tak.White), who(g, tak.Black))
		s.say(key, g.ID, "%s", strings.TrimRight(render.Text(gs.pos(), s.orient(key), render.ASCII), "\n"))
		s.status(gs, key, true)
	case "history":
		s.say(key, g.ID, "%s", s.ptnText(gs))
	case "tps":
		s.say(key, g.ID, "%s", notation.FormatTPS(gs.pos()))
	case "link":
		s.say(key, g.ID, "%s", notation.NinjaLink(s.ptnText(gs)))
	}
	return g.ID, nil
}

// ---- games, game, notation, vacation ----

func (s *session) cmdGames() error {
	key := s.sender.Key
	ids, err := s.gamesOf(key)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		s.say(key, "", "You have no games. Challenge someone with \"new OPPONENT\", e.g. \"new bob size=6\".")
		return nil
	}
	var first, rest []string
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil {
			return err
		}
		me, _ := g.ColorOf(key)
		line := fmt.Sprintf("%s against %s, you play %s: ", g.ID, g.Names[me.Opponent()], me)
		turn := false
		switch g.Status {
		case Active:
			tm := s.toMove(g)
			turn = tm == me
			if turn {
				line += "your turn"
			} else {
				line += g.Names[tm] + "'s turn"
			}
			if !g.Deadline.IsZero() {
				line += ", due " + fmtTime(g.Deadline)
			}
			if g.Proposal != nil && g.Proposal.By != int(me) {
				line += "; a proposal awaits your answer"
				turn = true
			}
		case Challenged:
			if int(me) == g.Challenger {
				line += "challenge sent"
			} else {
				line += "challenge to answer"
				turn = true
			}
		case Over:
			line += "over, " + g.Result.PTN
			if g.Proposal != nil && g.Proposal.By != int(me) {
				line += "; a proposal awaits your answer"
				turn = true
			}
		default:
			line += string(g.Status)
		}
		if id == s.sender.Current {
			line += " (chosen)"
		}
		if turn {
			first = append(first, line)
		} else {
			rest = append(rest, line)
		}
	}
	s.say(key, "", "Your games (yours to play first):\n%s", strings.Join(append(first, rest...), "\n"))
	return nil
}

func (s *session) cmdGame(c Command) (string, error) {
	switch {
	case len(c.Args) == 0:
		return "", refuse("say which game, e.g. \"game g3\" (send \"games\" to list yours)")
	case len(c.Args) > 1:
		return "", refuse("\"game\" takes one game id; to send a command to that game, separate them with ';', e.g. \"game %s; %s\"",
			strings.ToLower(c.Args[0]), strings.Join(c.Args[1:], " "))
	}
	id := strings.ToLower(c.Args[0])
	if !strings.HasPrefix(id, "g") {
		id = "g" + id
	}
	g, err := s.peekGame(id)
	if err != nil {
		return "", refuse("there is no game %s", id)
	}
	if _, ok := g.ColorOf(s.sender.Key); !ok {
		return "", refuse("game %s is not one of yours", id)
	}
	s.current = id
	s.sender.Current, s.sender.CurrentFixed = id, true
	s.dirtyP[s.sender.Key] = true
	s.say(s.sender.Key, id, "Your commands now go to game %s (%s against %s).", id, g.Names[0], g.Names[1])
	return id, nil
}

func (s *session) cmdNotation(c Command) error {
	if len(c.Args) != 1 {
		return refuse("say \"notation mail\" (Tak by Mail: A1 is the north-west corner) or \"notation ptn\" (a1 is the south-west corner)")
	}
	switch strings.ToLower(c.Args[0]) {
	case "mail":
		s.sender.Notation = notation.Mail
	case "ptn":
		s.sender.Notation = notation.PTN
	default:
		return refuse("notation is mail or ptn, not %q", c.Args[0])
	}
	s.sender.NotationFixed = true
	s.dirtyP[s.sender.Key] = true
	s.say(s.sender.Key, s.defaultThread(), "The bot now answers you in %s notation.", strings.ToLower(c.Args[0]))
	return nil
}

func (s *session) cmdVacation(c Command) error {
	args := c.Args
	if len(args) == 2 && (strings.EqualFold(args[1], "days") || strings.EqualFold(args[1], "day")) {
		args = args[:1] // "vacation 3 days"
	}
	if len(args) != 1 {
		return refuse("say how many days, e.g. \"vacation 7\"")
	}
	days, err := strconv.Atoi(args[0])
	if err != nil || days < 1 || days > 60 {
		return refuse("vacation takes a whole number of days from 1 to 60, not %q", args[0])
	}
	key := s.sender.Key
	until := s.now.Add(time.Duration(days) * 24 * time.Hour)
	if s.sender.Vacation.After(until) {
		return refuse("you are already on vacation until %s", fmtTime(s.sender.Vacation))
	}
	ids, err := s.gamesOf(key)
	if err != nil {
		return err
	}
	s.sender.Vacation = until
	s.dirtyP[key] = true
	s.say(key, "", "Your clocks stop until %s.", fmtTime(until))
	for _, id := range ids {
		pg, err := s.peekGame(id)
		if err != nil {
			return err
		}
		if pg.Status != Active {
			continue
		}
		gs, err := s.game(id)
		if err != nil {
			return err
		}
		g := gs.rec
		me, _ := g.ColorOf(key)
		prev := g.Vacation[me]
		g.Vacation[me] = until
		if gs.pos().ToMove() == me && !g.Deadline.IsZero() {
			paused := until.Sub(s.now)
			if prev.After(s.now) {
				paused = until.Sub(prev)
			}
			g.Deadline = g.Deadline.Add(paused)
			g.TurnStart = g.TurnStart.Add(paused)
		}
		gs.dirty = true
		s.say(g.Players[me.Opponent()], g.ID, "%s is on vacation until %s: their clock in game %s stops until then.", g.Names[me], fmtTime(until), g.ID)
		s.say(key, g.ID, "Game %s: your clock stops until %s.", g.ID, fmtTime(until))
	}
	return nil
}

// ---- help ----

func (s *session) cmdHelp(c Command) (string, error) {
	key := s.sender.Key
	gs, err := s.pick(pickAny)
	var b strings.Builder
	if err == nil {
		g := gs.rec
		me, _ := g.ColorOf(key)
		switch g.Status {
		case Challenged:
			if int(me) == g.Challenger {
				fmt.Fprintf(&b, "Game %s: waiting for %s to accept. You can \"cancel\" the challenge.\n", g.ID, g.Names[me.Opponent()])
			} else {
				fmt.Fprintf(&b, "Game %s: %s challenges you. Send \"accept\" or \"decline\".\n", g.ID, g.Names[me.Opponent()])
			}
		case Active:
			pos := gs.pos()
			if g.Proposal != nil && g.Proposal.By != int(me) {
				fmt.Fprintf(&b, "Game %s: %s proposes to %s: send \"accept\" or \"decline\".\n", g.ID, g.Names[me.Opponent()], proposalText(g.Proposal))
			}
			if pos.ToMove() == me {
				ex := exampleMoves(pos, s.orient(key))
				fmt.Fprintf(&b, "Game %s, turn %d: your move. Send a move, e.g. %s. Add \" t\" to call Tak and \" #%d\" to guard the turn number.\n", g.ID, pos.Ply()+1, ex, pos.Ply()+1)
				if pos.InOpening() {
					b.WriteString("Swap opening: place a flat of your opponent's colour.\n")
				}
			} else {
				fmt.Fprintf(&b, "Game %s, turn %d: %s is to move.\n", g.ID, pos.Ply()+1, g.Names[pos.ToMove()])
			}
			if n := len(g.Disputes); n > 0 && g.Disputes[n-1].By == int(me) && g.Disputes[n-1].Ply == gs.tg.Len() && g.Proposal == nil {
				fmt.Fprintf(&b, "You disputed the move of turn %d: send \"takeback\" to ask %s to take it back.\n", g.Disputes[n-1].Ply, g.Names[me.Opponent()])
			}
			b.WriteString("In the game: \"board\", \"rs\" (sync state; or rs with your board on the next lines), \"im REASON\" (dispute the last move), \"undo\", \"draw\", \"resign\", \"history\", \"tps\", \"link\".\n")
		case Over:
			fmt.Fprintf(&b, "Game %s is over (%s). You can see it with \"board\", \"history\" or \"link\".\n", g.ID, g.Result.PTN)
			if g.Proposal != nil && g.Proposal.By != int(me) {
				fmt.Fprintf(&b, "%s proposes to %s: send \"accept\" or \"decline\".\n", g.Names[me.Opponent()], proposalText(g.Proposal))
			} else if n := len(g.Disputes); n > 0 && disputable(g) && g.Disputes[n-1].By == int(me) && g.Disputes[n-1].Ply == gs.tg.Len() && g.Proposal == nil {
				fmt.Fprintf(&b, "You disputed the move of turn %d: send \"takeback\" to ask %s to take it back.\n", g.Disputes[n-1].Ply, g.Names[me.Opponent()])
			}
		}
	}
	b.WriteString("Always: \"new OPPONENT [size=5] [komi=0] [color=random] [opening=swap] [rules=standard] [stones=N] [caps=N] [days=3] [scoring=standard] [style=street]\", \"games\", \"game ID\", \"notation mail|ptn\", \"vacation DAYS\", \"help\".\n")
	b.WriteString("Moves: Tak by Mail \"ps b4\", \"pw c2\", \"pc d1\", \"ms b2 p3 2 1\" (A1 is the north-west corner), or PTN \"c3\", \"Sc3\", \"3c3>12\" (a1 is the south-west corner). Several commands: one per line or separated by ';'.")
	thread := ""
	if gs != nil {
		thread = gs.rec.ID
	}
	s.say(key, thread, "%s", b.String())
	return thread, nil
}

func exampleMoves(pos *tak.Position, o notation.Orientation) string {
	ms := pos.LegalMoves(nil)
	var ex []string
	for _, m := range ms {
		if len(ex) == 2 {
			break
		}
		if len(ex) == 0 || m.Type != tak.Place || m.Piece != tak.Wall {
			w := notation.FormatMail(m, pos.Size())
			if o == notation.PTN {
				w = notation.FormatPTN(m, pos)
			}
			if !containsStr(ex, "\""+w+"\"") {
				ex = append(ex, "\""+w+"\"")
			}
		}
	}
	return strings.Join(ex, " or ")
}

func containsStr(xs []string, x string) bool { return contains(xs, x) }
