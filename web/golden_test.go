package web_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden pages in testdata/golden")

// TestGoldenPages compares each kind of page with its golden copy in
// testdata/golden (go test ./web/ -run TestGoldenPages -update rewrites
// them: read every changed line).
func TestGoldenPages(t *testing.T) {
	w := newWorld(t)
	w.seed()
	w.seedRated()
	w.run()
	for _, c := range []struct{ name, path string }{
		{"home", "/"},
		{"game", "/g/g1"},
		{"game-start", "/g/g1?turn=0"},
		{"game-over", "/g/g3"},
		{"player", "/p/Ann"},
		{"leaderboard", "/leaderboard?size=4"},
		{"not-found", "/g/g2"},
	} {
		got := w.get(c.path).Body.String()
		if l := leaks(got); len(l) > 0 {
			t.Errorf("%s shows %v", c.path, l)
		}
		file := filepath.Join("testdata", "golden", c.name+".html")
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run with -update to write it)", err)
		}
		if got != string(want) {
			gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for i := range max(len(gl), len(wl)) {
				var g, w string
				if i < len(gl) {
					g = gl[i]
				}
				if i < len(wl) {
					w = wl[i]
				}
				if g != w {
					t.Errorf("%s differs from %s at line %d:\ngot  %s\nwant %s", c.path, file, i+1, g, w)
					break
				}
			}
		}
	}
}
