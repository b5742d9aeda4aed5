package discord

import "testing"

// TestPingHeader: a post written for one player ("you ran out of time")
// that notifies both names its reader first, so "you" reads as them.
func TestPingHeader(t *testing.T) {
	for _, tc := range []struct {
		name   string
		reader string
		pings  []string
		want   string
	}{
		{"none", "1", nil, ""},
		{"the reader alone", "1", []string{"1"}, "<@1>"},
		{"another alone", "1", []string{"2"}, "<@2>"},
		{"both", "2", []string{"1", "2"}, "<@2> (cc <@1>)"},
		{"the reader not notified", "3", []string{"1", "2"}, "<@1> <@2>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := pingHeader(tc.reader, tc.pings); got != tc.want {
				t.Errorf("pingHeader(%q, %q) = %q, want %q", tc.reader, tc.pings, got, tc.want)
			}
		})
	}
}
