package web_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// shots, when set, is a directory where TestAccessibility leaves a
// screenshot of each page it checks.
var shots = flag.String("shots", "", "directory for the pages' screenshots (TestAccessibility)")

// axeVersion is the axe-core that .ci/run unpacks into the user's cache.
const axeVersion = "4.14.1"

// axeSource reads axe.min.js: $TAKBOT_AXE, else where .ci/run puts it.
// Without it the test fails: it is never skipped.
func axeSource(t *testing.T) string {
	t.Helper()
	path := os.Getenv("TAKBOT_AXE")
	if path == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			t.Fatalf("no cache directory for axe-core: %v", err)
		}
		path = filepath.Join(dir, "takbot", "axe-core-"+axeVersion, "axe.min.js")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the accessibility test needs axe-core %s's axe.min.js (.ci/run fetches it with npm pack): %v", axeVersion, err)
	}
	return string(b)
}

// violation is what the test keeps of an axe-core violation.
type violation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// TestAccessibility runs axe-core on every kind of page, light and dark,
// at a desktop's and a phone's size, and checks the layout: no
// horizontal scrolling at 390 px with the board at the page's full
// width, and the stepper above the fold at 1280x900.
func TestAccessibility(t *testing.T) {
	axe := axeSource(t)
	w := newWorld(t)
	w.seed()
	w.seedRated()
	w.run()
	base := w.serve()
	ctx := newBrowserFor(t, 5*time.Minute)
	pages := []struct{ name, path, ready string }{
		{"home", "/", "table.games"},
		{"game", "/g/g1", "#figure img"},
		{"game-start", "/g/g1?turn=0", "#figure img"},
		{"game-over", "/g/g3", "#figure img"},
		{"player", "/p/Ann", "svg.rating-graph"},
		{"leaderboard", "/leaderboard?size=4", "table.games"},
		{"not-found", "/g/g2", "h1"},
	}
	if *shots != "" {
		if err := os.MkdirAll(*shots, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, scheme := range []string{"light", "dark"} {
		for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
			err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Func(func(c context.Context, _ *chromedp.Target) error {
				_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
					Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
				return err
			}))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				what := fmt.Sprintf("%s %s at %dx%d", p.path, scheme, size[0], size[1])
				if err := chromedp.Do(ctx, chromedp.Navigate(base+p.path), chromedp.WaitVisible(chromedp.CSS(p.ready))); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`Array.from(document.images).every(i => i.complete)`,
					chromedp.WithPollingTimeout(10*time.Second))); err != nil {
					t.Fatalf("%s: pictures: %v", what, err)
				}
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](axe+";true")); err != nil {
					t.Fatalf("%s: loading axe-core: %v", what, err)
				}
				out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(
					r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map(n => n.target.join(" "))}))))`,
					chromedp.EvalAwaitPromise))
				if err != nil {
					t.Fatalf("%s: axe-core: %v", what, err)
				}
				var vs []violation
				if err := json.Unmarshal([]byte(out), &vs); err != nil {
					t.Fatalf("%s: axe-core's answer %s: %v", what, out, err)
				}
				for _, v := range vs {
					t.Errorf("%s: axe-core: %s (%s): %s at %s", what, v.ID, v.Impact, v.Help, strings.Join(v.Targets, ", "))
				}
				// The layout.
				wide, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
				if err != nil || wide > int(size[0]) {
					t.Errorf("%s: the page is %d px wide (%v)", what, wide, err)
				}
				if strings.HasPrefix(p.name, "game") {
					geo, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => { const s = document.getElementById("steps").getBoundingClientRect(),
						i = document.querySelector("#figure img").getBoundingClientRect(); return [Math.round(s.bottom), Math.round(i.width)]; })()`))
					if err != nil {
						t.Fatal(err)
					}
					if size[0] == 1280 && geo[0] > int(size[1]) {
						t.Errorf("%s: the stepper ends at y=%d, below the fold", what, geo[0])
					}
					if size[0] == 390 && geo[1] < 380 {
						t.Errorf("%s: the board is %d px wide", what, geo[1])
					}
				}
				if *shots != "" {
					shot := chromedp.CaptureScreenshot()
					if size[0] == 390 {
						shot = chromedp.FullScreenshot(100) // the whole length of a phone's page
					}
					png, err := chromedp.Run(ctx, shot)
					if err != nil {
						t.Fatal(err)
					}
					name := filepath.Join(*shots, fmt.Sprintf("%s-%s-%d.png", p.name, scheme, size[0]))
					if err := os.WriteFile(name, png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}
