package mailplay

import "testing"

// TestInfoNamesByLocalPart: a mail player not yet named by a mail is shown
// by their address's local part, never by the whole address.
func TestInfoNamesByLocalPart(t *testing.T) {
	name := Info().DisplayName
	for _, tc := range []struct{ address, want string }{
		{"ann@example.org", "ann"},
		{"Ann.Lee+tak@example.org", "ann.lee"},
		{"no-at-sign", "no-at-sign"},
	} {
		if got := name(tc.address); got != tc.want {
			t.Errorf("DisplayName(%q) = %q, want %q", tc.address, got, tc.want)
		}
	}
}
