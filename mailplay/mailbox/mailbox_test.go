package mailbox

import "testing"

func TestName(t *testing.T) {
	for _, tc := range []struct {
		name  string
		delim rune
		want  string
	}{
		{"takbot/processed", '/', "takbot/processed"},
		{"takbot/processed", '.', "takbot.processed"},
		{"/a//b/", '.', "a.b"},
		{"takbot/processed", 0, "takbot_processed"},
		{"Processed", '.', "Processed"},
	} {
		if got := Name(tc.name, tc.delim); got != tc.want {
			t.Errorf("Name(%q, %q) = %q, want %q", tc.name, tc.delim, got, tc.want)
		}
	}
}
