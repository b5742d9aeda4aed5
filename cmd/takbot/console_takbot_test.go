package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsolePlaysTakbot runs `takbot console` with the engine of the
// configuration: "new takbot" starts a game, takbot's move follows the
// player's at once, "analyse" answers, and the resignation's reply carries
// the review. With engine.enabled false, "new engine:takbot" is refused.
func TestConsolePlaysTakbot(t *testing.T) {
	tests := []struct {
		name, engine, script string
		want                 []string
	}{
		{"engine on", "engine:\n  max_think: 100ms\n  review_time: 10ms\n",
			"ann: new takbot size=4 color=white level=10\nann: notation ptn\nann: d4\nann: analyse\nann: resign\n",
			[]string{"[to ann] Game g1 begins: you (white) against takbot (black)", "[to ann] Turn 2 (PTN move 1, black) of game g1: takbot (black) played ",
				"[to ann] takbot's analysis of game g1 after turn 2, white to move:", "[to ann] takbot's review of game g1:",
				"[to ann] File g1-ann-vs-takbot-review.ptn:"}},
		{"engine off", "engine:\n  enabled: false\n", "ann: new engine:takbot\n",
			[]string{`[to ann] Refused "new engine:takbot": this takbot does not play games itself: its engine is not enabled here`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := filepath.Join(dir, "takbot.yaml")
			script := filepath.Join(dir, "game.script")
			if err := os.WriteFile(cfg, []byte("db: "+filepath.Join(dir, "t.db")+"\n"+tt.engine), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(script, []byte(tt.script), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			if code := Main(env{args: []string{"console", "-config", cfg, "-in", script}, stdout: &out, stderr: &errb}); code != 0 {
				t.Fatalf("console exit %d: %s", code, errb.String())
			}
			for _, want := range tt.want {
				if !strings.Contains(out.String(), want) {
					t.Errorf("the console lacks %q:\n%s", want, out.String())
				}
			}
		})
	}
}
