package tak

import "testing"

func TestGameClone(t *testing.T) {
	g, err := NewGame(DefaultConfig(5))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(PlaceMove(SquareAt(0, 0), Flat)); err != nil {
		t.Fatal(err)
	}
	c := g.Clone()
	if err := c.Play(PlaceMove(SquareAt(4, 4), Flat)); err != nil {
		t.Fatal(err)
	}
	if g.Len() != 1 || c.Len() != 2 {
		t.Fatalf("after playing on the clone: original %d moves, clone %d; want 1 and 2", g.Len(), c.Len())
	}
	g.Undo()
	if c.Len() != 2 || c.Moves()[0] != PlaceMove(SquareAt(0, 0), Flat) {
		t.Fatalf("undo on the original changed the clone: %v", c.Moves())
	}
	if err := g.Play(PlaceMove(SquareAt(2, 2), Flat)); err != nil {
		t.Fatal(err)
	}
	if c.Moves()[0] != PlaceMove(SquareAt(0, 0), Flat) || c.Moves()[1] != PlaceMove(SquareAt(4, 4), Flat) {
		t.Fatalf("playing on the original changed the clone: %v", c.Moves())
	}
}
