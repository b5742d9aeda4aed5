package words

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

var game = Game{ID: "g1", Names: [2]string{"alice", "bob"}}

// white and black are the two players as readers; nobody is the game's
// notes.
var (
	white  = Reader{You: [2]bool{true, false}, Plays: true, Color: tak.White, Sender: true, Notation: notation.Mail}
	black  = Reader{You: [2]bool{false, true}, Plays: true, Color: tak.Black, Notation: notation.PTN, Buttons: true}
	nobody = Reader{}
)

var (
	settings  = Settings{Config: tak.DefaultConfig(5), Days: 3, Style: "plain"}
	described = "5x5, komi 0, swap opening, standard rules, 21 stones and 1 capstone each, 3 days per move, plain style"
	noon      = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
)

type wording interface{ Words(Reader) string }

func TestWords(t *testing.T) {
	c3 := MoveNames{Mail: "ps c3", PTN: "c3"}
	undo := Proposal{Kind: ProposeUndo, By: tak.Black, Turn: 3, Last: 4, Moves: []MoveNames{{Mail: "ps a1", PTN: "a5"}}}
	cases := []struct {
		name string
		o    wording
		r    Reader
		want string
	}{
		{"move to the mover", MovePlayed{Game: game, Turn: 7, By: tak.White, Move: c3}, white,
			"Turn 7 (PTN move 4, white) of game g1: you (white) played ps c3 (PTN c3)."},
		{"move to the opponent, in PTN", MovePlayed{Game: game, Turn: 7, By: tak.White, Move: c3}, black,
			"Turn 7 (PTN move 4, white) of game g1: alice (white) played c3 (mail ps c3)."},
		{"Tak called", MovePlayed{Game: game, Turn: 1, By: tak.White, Move: c3, TakCall: true}, black,
			"Turn 1 (PTN move 1, white) of game g1: alice (white) played c3 (mail ps c3).\nalice calls Tak: they say they can win with their next move."},
		{"threats, five of them", MovePlayed{Game: game, Turn: 2, By: tak.Black, Move: c3,
			Threats: [2][]MoveNames{nil, {c3, c3, c3, c3}}, ThreatCount: [2]int{0, 5}}, black,
			"Turn 2 (PTN move 1, black) of game g1: you (black) played c3 (mail ps c3).\nTak! You (black) threaten a road: c3 (mail ps c3), c3 (mail ps c3), c3 (mail ps c3), c3 (mail ps c3), and 1 more."},
		{"the road", MovePlayed{Game: game, Turn: 9, By: tak.White, Move: c3, Road: []tak.Square{0, 1, 2}, Size: 3}, nobody,
			"Turn 9 (PTN move 5, white) of game g1: alice (white) played c3 (mail ps c3).\nThe road: a1, b1, c1."},
		{"too late", MoveTooLate{Text: "c3", Received: time.Date(2026, 11, 28, 9, 1, 0, 0, time.UTC), Deadline: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}, white,
			"Your move c3 reached the referee at 2026-11-28 09:01 UTC, after the deadline of 2026-11-28 09:00 UTC."},
		{"a move declines a proposal", MoveEndsProposal{Game: game, Mover: tak.White, Proposal: undo}, black,
			"alice's move declines your proposal to take back your move of turn 4, a5 (mail ps a1)."},
		{"a proposal made, to its maker", ProposalMade{Game: game, Proposal: undo}, Reader{You: [2]bool{false, true}, Sender: true, Color: tak.Black},
			"You propose to take back your move of turn 4, a5 (mail ps a1). alice is asked to answer \"accept\" or \"decline\"."},
		{"a proposal made, to the other", ProposalMade{Game: game, Proposal: undo}, Reader{You: [2]bool{true, false}, Color: tak.White, Notation: notation.Mail},
			"bob (black) proposes to take back their move of turn 4, ps a1 (PTN a5). Answer \"accept\" or \"decline\"."},
		{"accepted, to the one who accepted", ProposalAccepted{Game: game, By: "alice", Proposal: undo}, white,
			"You accepted: take back bob's move of turn 4, ps a1 (PTN a5)."},
		{"accepted, to the other", ProposalAccepted{Game: game, By: "alice", Proposal: undo}, black,
			"alice accepted: take back your move of turn 4, a5 (mail ps a1)."},
		{"draw agreed", DrawAgreed{By: "bob"}, white, "You accepted the draw."},
		{"adopt ends the game", AdoptConsequence{Result: "white wins by road", PTN: "R-0"}, white,
			"Accepting ends the game at once: on this board white wins by road (R-0)."},
		{"adopt ends the swap", AdoptConsequence{Turn: 2, ToMove: tak.Black, SwapEnds: true}, white,
			"Accepting makes this board the position, with black to move at turn 2 (PTN move 1, black); the moves played since the start are kept in the game's notes. The swap opening ends with it: from then on each player places their own colour."},
		{"revert, no turn", Refusal{Reason: BadRevertTurn, Arg: "x", First: 0, Start: "the empty board", Last: 6}, white,
			`"x" is not a turn to go back to: "revert N" goes back to the position after turn N, from 0 (the empty board) to 5`},
		{"challenge declined", ChallengeDeclined{Game: game, By: "bob"}, white, "You declined the challenge g1."},
		{"challenge withdrawn", ChallengeWithdrawn{Game: game, By: "alice"}, black, "alice withdrew the challenge g1."},
		{"proposal declined after the end", ProposalDeclined{Game: game, By: "alice", Proposal: Proposal{Kind: ProposeDraw}, Over: true}, black,
			"alice declined the proposal to agree a draw. The result stands."},
		{"proposal withdrawn", ProposalWithdrawn{Game: game, By: "bob", Proposal: Proposal{Kind: ProposeRestart, Setup: "the empty board"}}, white,
			"You withdrew the proposal to restart the game from the empty board."},
		{"aborted", Aborted{Game: game, By: "alice", Not: tak.Black, How: AbortAsked}, black,
			"alice aborted game g1 against you before each player had moved twice: it ends with no result and is not rated."},
		{"resigned early", Aborted{Game: game, By: "alice", Not: tak.Black, How: ResignedEarly}, white,
			"You resigned game g1 against bob before each player had moved twice: that early, it counts as an abort: the game ends with no result, is not rated and gets no review."},
		{"challenge, to the challenger", ChallengeMade{Game: game, By: "alice", To: "bob", ByColor: tak.White, Settings: settings, Expires: noon}, white,
			"Challenge g1 sent to bob: " + described + ". You play white. If bob does not answer by 2026-11-28 12:00 UTC, the challenge expires."},
		{"challenge, to the challenged in their zone", ChallengeMade{Game: game, By: "alice", To: "bob", ByColor: tak.White, Settings: settings, Expires: noon}, Reader{Color: tak.Black, Zone: time.FixedZone("CET", 3600)},
			"alice challenges you to a game of Tak (g1): " + described + ". You would play black. Answer by 2026-11-28 13:00 CET, or the challenge expires."},
		{"game begins", GameBegins{Game: game, Settings: settings, RematchOf: "g0", Vacations: [2]time.Time{{}, noon}}, white,
			"Game g1 begins: you (white) against bob (black); " + described + ".\nSwap opening: each player's first move places a flat of the opponent's colour.\nYou play white.\nIt is the rematch of game g0.\nbob (black) is on vacation until 2026-11-28 12:00 UTC: their clock stops until then."},
		{"your move", Standing{Game: game, Stage: InProgress, Turn: 7, ToMove: tak.White, Deadline: noon}, white,
			"Turn 7 (PTN move 4, white): your move, by 2026-11-28 12:00 UTC."},
		{"their move, no clock", Standing{Game: game, Stage: InProgress, Turn: 7, ToMove: tak.White}, black,
			"Turn 7 (PTN move 4, white): alice (white) to move."},
		{"waiting", Standing{Game: game, Stage: Waiting, By: tak.Black}, black, "Waiting for alice to accept the challenge."},
		{"finished", Standing{Game: game, Stage: Finished, Result: Result{Text: "draw by flats", PTN: "1/2-1/2", Draw: true}}, white,
			"Game over: draw by flats (1/2-1/2)."},
		{"no line", Standing{Game: game}, white, ""},
		{"expired", ChallengeExpired{Game: game, Challenged: tak.Black, Days: 1}, black, "The challenge g1 expired: you did not answer within 1 day."},
		{"reminder", Reminder{Game: game, ToMove: tak.Black, Turn: 2, HoursLeft: 12, Deadline: noon}, black,
			"Reminder: it is your turn in game g1 against alice, turn 2 (PTN move 1, black); you have 12 hours left, until 2026-11-28 12:00 UTC, or you lose on time."},
		{"lost on time", LostOnTime{Game: game, Loser: tak.Black, Deadline: noon}, black,
			"You (black) ran out of time in game g1: the deadline was 2026-11-28 12:00 UTC."},
		{"a spectator sees a move", MoveWatched{Game: game, Turn: 7, By: tak.White, Move: c3}, nobody,
			"Turn 7 (PTN move 4, white) of game g1 (alice vs bob): alice (white) played c3 (mail ps c3)."},
		{"a spectator sees an abort", EndWatched{Game: game, Aborted: true}, nobody,
			"Game g1 (alice with white, bob with black) was aborted before each player had moved twice: it ends with no result."},
		{"a spectator's standing", StandingWatched{Game: game, Stage: Finished, Result: "white wins by road"}, nobody, "Game over: white wins by road."},
		{"plan answered", PlanAnswered{Game: game, Mover: tak.Black, Move: c3, Answer: MoveNames{Mail: "ps d3", PTN: "d3"}, Left: 1}, white,
			"Your plan answered bob's ps c3 (PTN c3) with ps d3 (PTN d3). You have 1 plan left in this game (\"plan\" shows them)."},
		{"plan unreadable", PlanUnplayable{Game: game, Move: c3, Answer: "zz", Err: errors.New("bad")}, white,
			"Your plan answered ps c3 (PTN c3) with zz, but that move cannot be played now: it cannot be read. The plan is dropped, with your other plans in game g1; it is your move."},
		{"plans unexpected", PlansUnexpected{Game: game, Move: c3}, black, "Your plans in game g1 did not expect c3 (mail ps c3); they are cleared."},
		{"said", Said{Game: game, By: tak.White, Text: "hi"}, black, "alice says: “hi”"},
		{"passed on", PassedOn{Game: game, To: tak.Black, Text: "hi"}, white, "Passed on to bob in game g1: “hi”"},
		{"rematch asked, to the other, in UTC whatever their zone", RematchAsked{Game: Game{ID: "g2"}, Of: "g1", By: "alice", To: "bob", ByColor: tak.Black, Settings: settings, Expires: noon},
			Reader{Zone: time.FixedZone("CET", 3600)},
			"alice asks for a rematch of game g1: challenge g2, " + described + ". You would play white this time. Answer by 2026-11-28 12:00 UTC, or the challenge expires."},
		{"no rematch", Refusal{Reason: NoRematchable, Count: 7}, white,
			`you have no game that ended in the last 7 days to ask a rematch of; send "games" to list yours, and "game ID; rematch" for an older one`},
		{"seek, to a lobby", SeekPosted{Game: game, Seeker: "alice (1500)", ByColor: tak.White, Settings: settings, Who: SeekWho{Ranged: true, Low: 1400, High: 1600, UnratedAs: 1000}, Expires: noon}, nobody,
			"alice (1500) is looking for an opponent: open challenge g1, " + described + ". The one who accepts plays black; a player rated 1400 to 1600 (unrated players count as 1000) may accept until 2026-11-28 12:00 UTC."},
		{"seek, to the seeker", SeekPosted{Game: game, ByColor: tak.White, Settings: settings, Expires: noon}, white,
			"Open challenge g1 posted: " + described + ". You play white. Anyone may accept it with \"accept g1\" until 2026-11-28 12:00 UTC, when it expires; send \"cancel\" to withdraw it."},
		{"seek taken, private", SeekTaken{ID: "g1", By: "bob", Seeker: "alice", PrivateGame: true}, nobody, "The open challenge g1 of alice was accepted."},
		{"out of range, unrated", Refusal{Reason: OutOfRange, Game: game, Low: 1400, High: 1600, Size: 6, Count: 1000, Unrated: true}, white,
			"the open challenge g1 is for players rated 1400 to 1600, and you are unrated on 6x6, which counts as 1000"},
		{"board matches", BoardMatches{Game: game, Turn: 3}, white, "Your board matches the true board of game g1 at turn 3 (PTN move 2, white)."},
		{"board differs, told", BoardDiffersTold{Game: game, By: tak.White, Squares: []tak.Square{1, 0}, Size: 3}, black,
			"alice (white) reports that their board of game g1 differs from the true board on a1, b1; they may propose a way out."},
		{"resigned", Resigned{Game: game, By: tak.White}, white, "You (white) resign game g1."},
		{"not your turn, chosen", Refusal{Reason: NotYourTurn, Game: game, ToMove: tak.Black, Chosen: true}, white,
			"it is not your turn in game g1: bob (black) is to move (your commands go to g1 since you sent \"game g1\"; send \"games\" to list yours and \"game ID\" to choose another)"},
		{"game over, won by the reader", Refusal{Reason: GameOver, Game: game, Result: Result{Text: "white wins by road", PTN: "R-0", Winner: tak.White, Score: 23}}, white,
			"game g1 is over: you (white) win by road (R-0). You score 23. " + GamesHint},
		{"game over, to the loser", Refusal{Reason: GameOver, Game: game, Result: Result{Text: "white wins by road", PTN: "R-0", Winner: tak.White}}, black,
			"game g1 is over: alice (white) wins by road (R-0). " + GamesHint},
		{"unreadable", Refusal{Reason: MoveUnreadable, Err: errors.New("no")}, white, "no"},
		{"stale", Refusal{Reason: StaleTurn, Game: game, Guard: 3, Turn: 5}, white,
			"this move is marked #3 but game g1 is at turn 5 (PTN move 3, white); it was not played (a stale or repeated message?)"},
		{"no reason", Refusal{}, white, "the referee refused the command (reason 0)"},
	}
	for _, c := range cases {
		if got := c.o.Words(c.r); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestEveryReasonIsWorded keeps the table of refusals whole: a reason
// added without its sentence fails here.
func TestEveryReasonIsWorded(t *testing.T) {
	for r := NotAccepted; r < numReasons; r++ {
		if _, ok := refusals[r]; !ok {
			t.Errorf("reason %d has no words", r)
		}
	}
}

func TestRuling(t *testing.T) {
	tg, err := tak.NewGame(tak.DefaultConfig(5))
	if err != nil {
		t.Fatal(err)
	}
	before := tg.Position()
	m := tak.Move{Type: tak.Place, Square: 0, Piece: tak.Flat}
	legal := Ruling{Game: game, By: tak.Black, Turn: 1, Move: m, Before: before, Reason: "no"}
	got := legal.Words(black)
	want := "You (black) dispute the move of turn 1 (PTN move 1, white), a1 (mail ps a5) by alice: \"no\".\nRuling: the move is legal. In the swap opening"
	if len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("legal:\n got %q\nwant %q…", got, want)
	}
	illegal := legal
	illegal.Err = errors.New("the square is taken")
	got = illegal.Words(white)
	want = "bob (black) disputes the move of turn 1 (PTN move 1, white), ps a5 (PTN a1) by you: \"no\".\nRuling: the move is illegal: the square is taken. It is taken back, and you play turn 1 (PTN move 1, white) again."
	if got != want {
		t.Errorf("illegal:\n got %q\nwant %q", got, want)
	}
	// The verdicts a reply's gist carries are the ruling's own words.
	if v := legal.Verdict(black); v != "the move is legal" || !strings.Contains(legal.Words(black), "\nRuling: "+v+". ") {
		t.Errorf("legal verdict %q", v)
	}
	if v := illegal.Verdict(white); v != "the move is illegal: the square is taken" || !strings.Contains(got, "\nRuling: "+v+". ") {
		t.Errorf("illegal verdict %q", v)
	}
}

// MovePlayed.Line, which a reply's gist names, is the first line of the
// move's words.
func TestMoveLine(t *testing.T) {
	o := MovePlayed{Game: game, Turn: 3, By: tak.White, Move: MoveNames{Mail: "ps a5", PTN: "a1"}, TakCall: true}
	for _, r := range []Reader{white, black, nobody} {
		first, _, _ := strings.Cut(o.Words(r), "\n")
		if line := o.Line(r); line != first || !strings.Contains(line, " played ") {
			t.Errorf("line %q, words begin %q", line, first)
		}
	}
}

func TestBoardDiffers(t *testing.T) {
	o := BoardDiffers{Game: game, By: tak.White, Squares: []tak.Square{0}, Size: 3,
		Yours: map[tak.Square]tak.Stack{}, Referees: map[tak.Square]tak.Stack{0: {tak.Piece(0)}},
		Match: -1, AdoptErr: errors.New("too many stones"), Setup: "the empty board"}
	got := o.Words(black)
	for _, want := range []string{
		"Your board differs from the true board of game g1 on 1 square (stacks top first, as on the sync board):\n  a1: yours 0 (empty), the referee's ",
		"\nYour board matches no position of the game's history.\nWays out, each needing bob to accept:\n",
		"  \"adopt\" is not possible: your board cannot be a position of this game: too many stones.\n  \"restart\": start the game again from the empty board.\nOr fix your own board",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestAmbiguousSquare(t *testing.T) {
	q := AmbiguousSquare{Bare: "b4", MailAsPTN: "b2", PTNAsMail: "b2", Tail: " t"}
	want := `Did you mean "ps b4 t" (Tak by Mail B4, which is PTN b2) or PTN b4 (Tak by Mail B2: send "ps b2 t")?`
	if got := q.Words(white); len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("got %q", got)
	}
	cs := q.Choices()
	if len(cs) != 3 || cs[0].Command != "ps b4 t" || cs[1].Command != "ps b2 t" || cs[2].Command != "notation ptn" {
		t.Errorf("choices %+v", cs)
	}
}

// TestProseWords: the lines skipped as prose are named, three at most.
func TestProseWords(t *testing.T) {
	sk := []SkippedLine{{1, "hi"}, {2, "ps a1 please"}, {3, "x"}, {4, "y"}, {5, "z"}}
	got := ProseNoted{Read: []string{"\"board\""}, Skipped: sk, Move: "ps a1"}.Words(Reader{})
	want := "Read as commands: \"board\"; skipped as prose: line 1 (\"hi\"), line 2 (\"ps a1 please\"), line 3 (\"x\") and 2 more.\nIf \"ps a1\" is a move, send it on a line of its own."
	if got != want {
		t.Errorf("ProseNoted =\n%s\nwant\n%s", got, want)
	}
	if got := (NoCommand{}).Words(Reader{}); got != "Your message has no command in it. Send \"help\" to see what you can do." {
		t.Errorf("NoCommand without prose = %q", got)
	}
}
