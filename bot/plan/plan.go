package plan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Limits of a player's plans in one game: they are stored on the game's
// record, so they are bounded.
const (
	// MaxPairs is the most opponent-move/answer pairs one line holds.
	MaxPairs = 10
	// MaxNodes is the most pairs a tree holds, over all its branches.
	MaxNodes = 40
)

// Node is one pair of a plan: if the opponent plays If, answer Then;
// Next are the pairs that follow it. Moves are canonical PTN.
type Node struct {
	If   string `json:"if"`
	Then string `json:"then"`
	Next Tree   `json:"next,omitempty"`
}

// Tree is a player's plans in one game: the alternatives for the
// opponent's next move, each with what follows.
type Tree []Node

// Pair is one step of a line: the opponent's move and the answer.
type Pair struct{ If, Then tak.Move }

// Errors of plans, for errors.Is.
var (
	// ErrOddLine: a line must pair every opponent move with an answer.
	ErrOddLine = errors.New("plan: a move without an answer")
	// ErrTooLong: the line has more than MaxPairs pairs.
	ErrTooLong = errors.New("plan: line too long")
	// ErrTooMany: the tree would hold more than MaxNodes pairs.
	ErrTooMany = errors.New("plan: too many plans")
	// ErrEmpty: the line holds no move.
	ErrEmpty = errors.New("plan: no moves")
)

// ConflictError is a line that answers an opponent's move, after the same
// beginning, differently from a plan already made.
type ConflictError struct {
	Depth int      // the pair, from 0, where the lines part
	If    tak.Move // the opponent's move both answer
	Had   tak.Move // the answer planned before
	New   tak.Move // the answer the new line gives
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("plan: %s is already answered with %s, not %s", e.If, e.Had, e.New)
}

// MoveError is a move of a line that cannot be read or played.
type MoveError struct {
	Index int    // the move's place in the line, from 0
	Text  string // the move as written
	Err   error  // the notation's or the rules' reason
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("plan: move %d %q: %v", e.Index+1, e.Text, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// Opponent reports whether the move at a line's index is the opponent's
// (even indexes) rather than the planner's answer.
func Opponent(index int) bool { return index%2 == 0 }

// Size is the number of pairs in the tree.
func (t Tree) Size() int {
	n := 0
	for _, nd := range t {
		n += 1 + nd.Next.Size()
	}
	return n
}

// Add merges a line into the tree and returns the new tree; t is not
// changed. A line that answers an opponent's move differently from an
// existing plan with the same beginning is refused with a
// *ConflictError; a line already in the tree changes nothing.
func (t Tree) Add(line []Pair) (Tree, error) {
	if len(line) == 0 {
		return t, ErrEmpty
	}
	if len(line) > MaxPairs {
		return t, ErrTooLong
	}
	out := t.clone()
	level := &out
	for i, p := range line {
		found := -1
		for j, nd := range *level {
			if nd.If == p.If.String() {
				found = j
				break
			}
		}
		if found < 0 {
			*level = append(*level, Node{If: p.If.String(), Then: p.Then.String()})
			found = len(*level) - 1
		} else if had := (*level)[found].Then; had != p.Then.String() {
			return t, &ConflictError{Depth: i, If: p.If, Had: mustMove(had), New: p.Then}
		}
		level = &(*level)[found].Next
	}
	if out.Size() > MaxNodes {
		return t, ErrTooMany
	}
	return out, nil
}

// Respond answers the opponent's move: the planned answer and the plans
// that follow it, and true; or, when no plan expects the move, false and
// an empty tree (a diverging move clears every plan).
func (t Tree) Respond(opponent tak.Move) (answer string, rest Tree, ok bool) {
	for _, nd := range t {
		if nd.If == opponent.String() {
			return nd.Then, nd.Next.clone(), true
		}
	}
	return "", nil, false
}

// Lines lists the tree's plans, one per leaf, in the order they were
// made, each as the PTN moves of its pairs.
func (t Tree) Lines() [][]Node {
	var out [][]Node
	var walk func(t Tree, prefix []Node)
	walk = func(t Tree, prefix []Node) {
		for _, nd := range t {
			line := append(append([]Node(nil), prefix...), Node{If: nd.If, Then: nd.Then})
			if len(nd.Next) == 0 {
				out = append(out, line)
				continue
			}
			walk(nd.Next, line)
		}
	}
	walk(t, nil)
	return out
}

func (t Tree) clone() Tree {
	if t == nil {
		return nil
	}
	out := make(Tree, len(t))
	for i, nd := range t {
		out[i] = Node{If: nd.If, Then: nd.Then, Next: nd.Next.clone()}
	}
	return out
}

// mustMove reads a stored PTN move back; a damaged one reads as the zero move.
func mustMove(ptn string) tak.Move {
	m, _ := ReadStored(ptn, tak.MaxSize)
	return m
}

// ReadStored reads a move of the tree (canonical PTN) on a board of size.
func ReadStored(ptn string, size int) (tak.Move, error) {
	pm, err := notation.ParsePTNMove(ptn, size)
	return pm.Move, err
}

// ParseLine reads the moves of a plan as a player writes them, in either
// notation: PTN moves are single words ("c3", "3b4-21"), Tak by Mail
// moves several ("ps b4", "ms b2 p3 2 1"); commas may separate moves. A
// bare square ("b4") is read in the player's notation o: in Tak by Mail a
// flat placed on that mail square. Each move is read as the longest run
// of words that is one move.
func ParseLine(text string, size int, o notation.Orientation) ([]tak.Move, error) {
	var moves []tak.Move
	for _, chunk := range strings.Split(text, ",") {
		words := strings.Fields(chunk)
		for i := 0; i < len(words); {
			n, m, err := longestMove(words[i:], size, o)
			if err != nil {
				return nil, &MoveError{Index: len(moves), Text: words[i], Err: err}
			}
			moves = append(moves, m)
			i += n
			if len(moves) > 2*MaxPairs {
				return nil, ErrTooLong
			}
		}
	}
	if len(moves) == 0 {
		return nil, ErrEmpty
	}
	return moves, nil
}

// longestMove reads the longest run of words at the start of words that
// is one move, and says how many words it took; when none is, the error
// is the reason the first word (or mail command) cannot be read.
func longestMove(words []string, size int, o notation.Orientation) (int, tak.Move, error) {
	var firstErr error
	for n := min(len(words), 6); n >= 1; n-- {
		text := strings.Join(words[:n], " ")
		m, err := readMove(text, size, o)
		if err == nil {
			return n, m, nil
		}
		firstErr = err
	}
	return 0, tak.Move{}, firstErr
}

// readMove reads one move; a bare square is read in orientation o.
func readMove(text string, size int, o notation.Orientation) (tak.Move, error) {
	t := strings.TrimRight(text, "'!?*")
	if o == notation.Mail && bareSquare(t) {
		pm, err := notation.ParseMailMove("ps "+t, size)
		return pm.Move, err
	}
	pm, err := notation.ParseMove(text, size)
	return pm.Move, err
}

func bareSquare(w string) bool {
	if len(w) < 2 || len(w) > 3 {
		return false
	}
	c := w[0] | 0x20
	if c < 'a' || c > 'z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// Pairs groups a line's moves into pairs: opponent's move, answer.
func Pairs(moves []tak.Move) ([]Pair, error) {
	if len(moves) == 0 {
		return nil, ErrEmpty
	}
	if len(moves)%2 != 0 {
		return nil, ErrOddLine
	}
	if len(moves) > 2*MaxPairs {
		return nil, ErrTooLong
	}
	out := make([]Pair, 0, len(moves)/2)
	for i := 0; i < len(moves); i += 2 {
		out = append(out, Pair{If: moves[i], Then: moves[i+1]})
	}
	return out, nil
}

// Check plays a line from pos, where the planner's opponent is to move:
// each move must be legal after the ones before it, and the game must not
// end before the line's last move. It returns a *MoveError for the first
// move that cannot be played (its Err is the rules' *tak.MoveError, or
// ErrGameEnds when the game would be over before it).
func Check(pos *tak.Position, moves []tak.Move) error {
	p := pos
	for i, m := range moves {
		if p.Result().Over() {
			return &MoveError{Index: i, Text: m.String(), Err: ErrGameEnds}
		}
		q, err := p.Play(m)
		if err != nil {
			return &MoveError{Index: i, Text: m.String(), Err: err}
		}
		p = q
	}
	return nil
}

// ErrGameEnds: a line goes on after a move that ends the game.
var ErrGameEnds = errors.New("plan: the game is over before this move")
