package bot_test

import (
	"context"
	"strings"
	"testing"
)

func TestMoveChoices(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "size=3")
	ctx := context.Background()
	got, err := h.ref.MoveChoices(ctx, player("ann"), "", "ps a", 25)
	if err != nil || strings.Join(got, ",") != "ps a1,ps a2,ps a3" {
		t.Errorf("ann's choices: %q, %v", got, err)
	}
	if got, _ := h.ref.MoveChoices(ctx, player("bob"), id, "", 25); len(got) != 0 {
		t.Errorf("bob, not to move, got choices %q", got)
	}
	h.ptn("ann")
	if got, _ := h.ref.MoveChoices(ctx, player("ann"), id, "", 3); len(got) != 3 || got[0] != "a1" {
		t.Errorf("ann in PTN: %q", got)
	}
	h.start("ann", "cat", "size=3")
	if got, _ := h.ref.MoveChoices(ctx, player("ann"), "", "", 3); len(got) != 0 {
		t.Errorf("two games where it is ann's turn, no game named: %q", got)
	}
}
