package community

import (
	"bytes"
	"testing"
	"time"
)

func TestAdmits(t *testing.T) {
	r := Range{1400, 1600}
	for _, c := range []struct {
		rating float64
		rated  bool
		n      int
		ok     bool
	}{
		{1399.6, true, 1400, true},
		{1600.4, true, 1600, true},
		{1600.5, true, 1601, false},
		{900, false, UnratedRating, true},
		{1200, true, 1200, false},
	} {
		n, ok := r.Admits(c.rating, c.rated)
		if n != c.n || ok != c.ok {
			t.Errorf("Admits(%v, %v) = %d, %v; want %d, %v", c.rating, c.rated, n, ok, c.n, c.ok)
		}
	}
	if _, ok := (Range{}).Admits(3000, true); !ok {
		t.Error("the zero range refuses someone")
	}
}

func TestCodes(t *testing.T) {
	c, err := NewCode(bytes.NewReader([]byte{0, 1, 2, 3, 30, 31, 32, 255}))
	if err != nil || c != "ABCD9ABH" {
		t.Fatalf("NewCode = %q, %v", c, err)
	}
	if ShowCode(c) != "ABCD-9ABH" {
		t.Errorf("ShowCode %q", ShowCode(c))
	}
	for in, want := range map[string]string{"abcd-9abh": c, "ABCD9ABH": c, " abcd 9abh": c, "ABCD-0ABG": "", "ABC": "", "ABCD-9ABHX": ""} {
		got, ok := ReadCode(in)
		if got != want || ok != (want != "") {
			t.Errorf("ReadCode(%q) = %q, %v", in, got, ok)
		}
	}
	if _, err := NewCode(bytes.NewReader(nil)); err == nil {
		t.Error("NewCode from an empty source")
	}
	a, _ := NewCode(nil)
	b, _ := NewCode(nil)
	if a == b {
		t.Errorf("two random codes are equal: %s", a)
	}
}

func TestTicket(t *testing.T) {
	now := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	tk := Ticket{Key: "email:a@example.org", Expires: now.Add(CodeTTL)}
	got := DecodeTicket(tk.Encode())
	if got != tk || !got.Valid(now) || got.Valid(now.Add(CodeTTL)) {
		t.Errorf("ticket %+v", got)
	}
	if DecodeTicket([]byte("{")).Valid(now) {
		t.Error("a damaged ticket is valid")
	}
}
