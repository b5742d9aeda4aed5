package web_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/takbymail/takbot/notation"
)

// chromium is Debian's Chromium, which .ci/run installs.
const chromium = "/usr/bin/chromium"

// newBrowser starts headless Chromium with a fresh profile. Without
// Chromium the test fails: it is never skipped.
func newBrowser(t *testing.T) context.Context { t.Helper(); return newBrowserFor(t, 60*time.Second) }

// newBrowserFor is newBrowser for a test that may take d.
func newBrowserFor(t *testing.T, d time.Duration) context.Context {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("the browser test needs Chromium at %s (apt-get install -y chromium): %v", chromium, err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, d)
	t.Cleanup(func() { cancelTime(); cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// TestBrowser drives headless Chromium through the pages: it opens a game
// at its start, steps through positions with the links and the slider,
// sees a move arrive live, downloads the PTN and replays it with our
// notation package, and finds no address on any page it saw.
func TestBrowser(t *testing.T) {
	w := newWorld(t)
	w.seed()
	w.run()
	base := w.serve()
	ctx := newBrowser(t)
	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatal(err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	var seen []string // every page's HTML as the browser holds it
	grab := func() {
		t.Helper()
		html, err := chromedp.Run(ctx, chromedp.OuterHTML(chromedp.CSS("html")))
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, html)
	}

	// The front page lists the game.
	do(chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS(`a[href="/g/g1"]`)))
	grab()
	do(chromedp.Navigate(base+"/g/g1?turn=0"), chromedp.WaitVisible(chromedp.CSS("#position")))
	if h := text("#position"); h != "The start, before the first move" {
		t.Errorf("turn 0 heading %q", h)
	}
	grab()
	// Steps change the position in place: no reload, each position at
	// its own URL, the focus kept.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.notReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	at := func(turn int, focus, how string) {
		t.Helper()
		do(chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`main[data-turn="%d"]`, turn))))
		want := fmt.Sprintf("After turn %d (PTN move %d, %s)", turn, (turn+1)/2, map[bool]string{true: "white", false: "black"}[turn%2 == 1])
		loc, err := chromedp.Run(ctx, chromedp.Location())
		if h := text("#position"); h != want || err != nil || !strings.HasSuffix(loc, fmt.Sprintf("/g/g1?turn=%d", turn)) {
			t.Errorf("after %s: %q at %s (%v), want %q", how, h, loc, err, want)
		}
		state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(window.notReloaded === true) + " " + document.activeElement.id`))
		if err != nil || state != "true "+focus {
			t.Errorf("after %s: reload not set and focus on: %q (%v), want the focus on %q", how, state, err, focus)
		}
	}
	// Next, twice, with the mouse; then → and ← on the keyboard.
	for i := range 2 {
		do(chromedp.Click(chromedp.CSS("#next")))
		at(i+1, "next", "Next")
		grab()
	}
	do(chromedp.KeyEvent(kb.ArrowRight))
	at(3, "next", "→")
	// The slider's arrow keys step in place and keep its focus.
	do(chromedp.Focus(chromedp.CSS("#turn")), chromedp.KeyEvent(kb.ArrowLeft))
	at(2, "turn", "← on the slider")
	// The picture of the position loaded.
	width, err := chromedp.Run(ctx, chromedp.Poll[int](`document.querySelector("figure img").complete && document.querySelector("figure img").naturalWidth`,
		chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil || width != 640 {
		t.Errorf("the board picture: width %d, %v", width, err)
	}
	// The slider's form goes to turn 5.
	do(chromedp.SetValue(chromedp.CSS("#turn"), "5"), chromedp.Submit(chromedp.CSS("#turn")), chromedp.WaitVisible(chromedp.CSS(`main[data-turn="5"]`)))
	if h := text("#position"); h != "After turn 5 (PTN move 3, white)" {
		t.Errorf("the slider showed %q", h)
	}
	grab()

	// The latest position follows the game: a move lands and shows
	// within a second, without a reload.
	do(chromedp.Click(chromedp.CSS(`a[rel="last"]`)), chromedp.WaitVisible(chromedp.CSS(`main[data-turn="9"]`)))
	do(chromedp.WaitVisible(chromedp.CSS(`main[data-following="yes"]`)))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.notReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	w.send(w.id("discord", discordID), "", "game g1; a2")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("position").textContent === "After turn 10 (PTN move 5, black)" && window.notReloaded === true`,
		chromedp.WithPollingTimeout(5*time.Second), chromedp.WithPollingInterval(10*time.Millisecond))); err != nil {
		t.Fatalf("the move did not arrive: %v (heading %q)", err, text("#position"))
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("the move took %v to show", took)
	}
	if live := text("#live"); !strings.Contains(live, "a player (black) played a2 (mail: ps a4) on turn 10") ||
		!strings.Contains(live, "Turn 11 (PTN move 6, white): Ann (white) to move") {
		t.Errorf("the live announcement %q", live)
	}
	grab()

	// The PTN download replays to the position shown.
	ptn, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(document.querySelector("a[download][href$='.ptn']").href).then(r => r.text())`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	games, err := notation.ReadPTN(strings.NewReader(ptn))
	if err != nil || len(games) != 1 {
		t.Fatalf("the downloaded PTN does not read: %v\n%s", err, ptn)
	}
	end, err := games[0].Replay()
	if err != nil {
		t.Fatalf("the downloaded PTN does not replay: %v", err)
	}
	if got, shown := notation.FormatTPS(end.Position()), text("code"); got != shown {
		t.Errorf("the PTN replays to %s, the page shows %s", got, shown)
	}
	seen = append(seen, ptn)

	for i, html := range seen {
		if l := leaks(html); len(l) > 0 {
			t.Errorf("page %d shows %v", i, l)
		}
	}
	if len(seen) != 7 {
		t.Errorf("%d pages seen", len(seen))
	}
}
