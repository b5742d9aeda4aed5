package web

import (
	"testing"
)

// TestHubSharesEvent: publish hands every stream of the game the same
// bytes (made once), wakes each stream once however much news is
// pending, leaves other games' streams alone, forgets an unknown event
// (nil: each stream reads the game itself) and drops a game's event with
// its last stream.
func TestHubSharesEvent(t *testing.T) {
	h := newHub(8, 8)
	a, b := h.join("g1", "1.2.3.4"), h.join("g1", "1.2.3.5")
	other := h.join("g2", "1.2.3.4")
	ev := moveEvent(12)
	if string(ev) != "event: move\ndata: 12\n\n" {
		t.Fatalf("event %q", ev)
	}
	h.publish("g1", ev)
	h.publish("g1", ev) // merged into the pending news
	for _, s := range []*stream{a, b} {
		select {
		case <-s.news:
		default:
			t.Fatal("a stream of g1 was not woken")
		}
		select {
		case <-s.news:
			t.Fatal("a stream was woken twice for pending news")
		default:
		}
	}
	select {
	case <-other.news:
		t.Fatal("g2's stream was woken by g1's news")
	default:
	}
	for _, s := range []*stream{a, b} {
		if got := s.event(); &got[0] != &ev[0] {
			t.Fatalf("the streams do not share the published bytes: %q", got)
		}
	}
	if got := other.event(); got != nil {
		t.Fatalf("g2's stream has an event: %q", got)
	}
	h.publish("g1", nil)
	if got := a.event(); got != nil {
		t.Fatalf("an unknown event is still %q", got)
	}
	h.publish("g9", moveEvent(3)) // nobody follows g9: nothing kept
	if _, ok := h.games["g9"]; ok {
		t.Fatal("news is kept for a game nobody follows")
	}
	h.leave(other)
	h.publish("g2", moveEvent(3))
	if c := h.join("g2", "1.2.3.4"); c.event() != nil {
		t.Fatal("g2's event outlives its last stream")
	}
	h.leave(a)
	h.leave(b)
	h.leave(a) // twice: nothing more
	if len(h.games) != 1 || h.total != 1 || h.perClient["1.2.3.4"] != 1 || len(h.perClient) != 1 {
		t.Fatalf("after the streams left: %d games, %d streams, clients %v", len(h.games), h.total, h.perClient)
	}
}
