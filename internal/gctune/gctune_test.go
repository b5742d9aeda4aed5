package gctune

import (
	"runtime/debug"
	"testing"
)

func TestApply(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	env := func(m map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	tests := []struct {
		name string
		env  map[string]string
		want int
	}{
		{"unset", nil, Percent},
		{"empty", map[string]string{"GOGC": ""}, Percent},
		{"the operator's", map[string]string{"GOGC": "150"}, 150},
		{"off", map[string]string{"GOGC": "off"}, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			debug.SetGCPercent(100)
			got := Apply(env(tc.env))
			if got != tc.want {
				t.Errorf("Apply = %d, want %d", got, tc.want)
			}
			inForce := debug.SetGCPercent(100)
			if wantInForce := map[bool]int{true: Percent, false: 100}[tc.want == Percent]; inForce != wantInForce {
				t.Errorf("percent in force %d, want %d", inForce, wantInForce)
			}
		})
	}
}
