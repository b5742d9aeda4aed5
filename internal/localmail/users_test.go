package localmail

import (
	"errors"
	"testing"
)

func TestAddUser(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	tests := []struct {
		name, addr string
		want       error
	}{
		{"new user", "bob@other.test", nil},
		{"same address in capitals", "TAKBOT@EXAMPLE.TEST", ErrUserExists},
		{"recipient delimiter", "bob+x@other.test", ErrBadAddress},
		{"no domain", "bob@", ErrBadAddress},
		{"space", "bob smith@other.test", ErrBadAddress},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := sys.AddUser(tc.addr, "pw"); !errors.Is(err, tc.want) {
				t.Errorf("AddUser(%q): %v, want %v", tc.addr, err, tc.want)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	tests := []struct {
		addr string
		user string // "" when an error is expected
		want error
	}{
		{"takbot@example.test", botAddr, nil},
		{"<Takbot@Example.TEST>", botAddr, nil},
		{"takbot+abc@example.test", botAddr, nil},
		{"takbot+a+b@example.test", botAddr, nil},
		{"+abc@example.test", "", ErrUnknownUser},
		{"takbo@example.test", "", ErrUnknownUser},
		{"takbot@elsewhere.test", "", ErrNotLocal},
		{"takbot", "", ErrBadAddress},
	}
	for _, tc := range tests {
		t.Run(tc.addr, func(t *testing.T) {
			acct, err := sys.lookup(tc.addr)
			if !errors.Is(err, tc.want) {
				t.Fatalf("lookup: %v, want %v", err, tc.want)
			}
			if tc.want == nil && acct.address != tc.user {
				t.Errorf("lookup gave %s, want %s", acct.address, tc.user)
			}
		})
	}
}

func TestCustomDelimiter(t *testing.T) {
	sys, _ := startTestSystem(t, Options{RecipientDelimiter: "-"})
	acct, err := sys.lookup("takbot-game7@example.test")
	if err != nil || acct.address != botAddr {
		t.Fatalf("lookup with delimiter '-': %v", err)
	}
	if _, err := sys.lookup("takbot+game7@example.test"); !errors.Is(err, ErrUnknownUser) {
		t.Errorf("'+' still splits with delimiter '-': %v", err)
	}
}
