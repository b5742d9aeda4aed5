package archtest

import (
	"errors"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/takbymail/takbot"

// rule says what the packages under one tree may import of ours. A package
// matches the longest tree that contains it.
type rule struct {
	tree string
	// may lists the trees of ours the package may import (its own tree
	// is always allowed).
	may []string
	// db allows importing the database driver.
	db bool
}

// adapters never import each other.
var adapters = []string{"mailplay", "discord", "console", "web", "opponent"}

// referee is everything an adapter may lean on: the referee and what is
// below it, and the leaf helpers that import nothing of ours.
var referee = []string{"tak", "notation", "render", "engine", "rating", "tourney", "record", "bot", "internal/connlimit", "command", "outbox", "backoff", "words"}

// stores are the trees a store may import: the records and what they are
// made of, never the referee (bot/plan and bot/standing are leaves that
// import nothing of bot's).
var stores = []string{"record", "tak", "notation", "render", "rating", "bot/plan", "bot/standing"}

var rules = []rule{
	{tree: "tak"},
	{tree: "rating"},
	{tree: "tourney", may: []string{"rating"}},
	{tree: "notation", may: []string{"tak"}},
	{tree: "render", may: []string{"tak", "notation"}},
	{tree: "engine", may: []string{"tak", "notation"}},
	// The engine's development commands (tune): they may also drive other
	// TEI engines as subprocesses (a teacher) through the match tooling.
	{tree: "engine/cmd", may: []string{"tak", "notation", "engine", "internal/teimatch"}},
	// The command language: below the referee, which maps its commands
	// to handlers.
	{tree: "command", may: []string{"tak", "notation"}},
	{tree: "bot", may: []string{"tak", "notation", "render", "engine", "rating", "tourney", "record", "command", "outbox", "backoff", "words"}},
	// Feature packages below the referee: they declare what they need of
	// it (a Turn) and never import it.
	{tree: "bot/challenge", may: []string{"tak", "record", "command", "words", "bot/community", "bot/standing", "bot/news"}},
	{tree: "bot/pairing", may: []string{"tak", "record", "command", "words", "bot/community"}},
	{tree: "bot/community"},
	// Display names: which ones other players may be shown.
	{tree: "bot/names", may: []string{"command"}},
	// The trust rules: quotas, rates, consent and held answers, as pure
	// decisions over counters and records.
	{tree: "bot/consent", may: []string{"command", "record", "outbox", "words"}},
	// A player's own commands about their account: settings, chat, consent,
	// held answers; they reach the session through interfaces they declare.
	{tree: "bot/account", may: []string{"tak", "notation", "render", "record", "command", "words", "bot/consent", "bot/schedule", "bot/news"}},
	// The plan command and planned answers, over the plan tree.
	{tree: "bot/planner", may: []string{"tak", "notation", "record", "command", "words", "bot/plan"}},
	// The standings (stats, leaderboards, rating games): below the
	// referee, which implements their Turn (bot/seam_standing.go).
	{tree: "bot/ranking", may: []string{"tak", "rating", "record", "command", "words", "bot/standing"}},
	// Following games (watch, unwatch, the web's subscribers) and the
	// daily digest: below the referee too (bot/seam_standing.go).
	{tree: "bot/watching", may: []string{"tak", "record", "command", "words"}},
	{tree: "bot/digest", may: []string{"tak", "record", "command", "words", "bot/schedule", "bot/news", "bot/wake"}},
	// A time index in the state store (the digests, the events' starts).
	{tree: "bot/wake", may: []string{"record"}},
	{tree: "bot/news", may: []string{"tak", "record", "command", "words", "bot/community", "bot/standing"}},
	{tree: "bot/vacation", may: []string{"tak", "record", "command", "words"}},
	// Events (issue 29): below the referee, which implements its Turn.
	{tree: "bot/event", may: []string{"tak", "record", "tourney", "rating", "command", "words", "notation", "render", "bot/standing", "bot/plan", "bot/news", "bot/wake"}},
	// Choosing the game a command addresses, over the records alone.
	{tree: "bot/pick", may: []string{"tak", "record", "command", "words"}},
	// The commands that show a game or the player's games.
	{tree: "bot/gameinfo", may: []string{"tak", "notation", "record", "command", "words", "bot/pick", "bot/present", "bot/privacy"}},
	// "rs" and the boards of adopt proposals.
	{tree: "bot/syncboard", may: []string{"tak", "notation", "record", "command", "words", "bot/present"}},
	// The words of outcomes: below the referee.
	{tree: "words", may: []string{"tak", "notation", "render", "bot/schedule"}},
	// Delivery (lanes, retries, the store-health gate) sits below the
	// referee, over the records; the backoff is a leaf.
	{tree: "outbox", may: []string{"backoff", "record"}},
	{tree: "backoff"},
	// The records and the store contract: below the referee and the stores.
	{tree: "record", may: []string{"tak", "notation", "render", "bot/plan", "bot/standing"}},
	// The stores never import the referee; storetest holds them to the
	// contract, memstore is the one in memory.
	{tree: "storage", may: slices.Concat(stores, []string{"bot/memstore", "bot/storetest"}), db: true},
	{tree: "bot/memstore", may: stores},
	{tree: "bot/storetest", may: slices.Concat(stores, []string{"bot/memstore"})},
	// "analyse" and the end-of-game review: a feature below the referee,
	// which declares what it needs of it (analysis.Turn).
	{tree: "bot/analysis", may: []string{"tak", "notation", "render", "record", "command", "words"}},
	// Games against takbot: the same, declaring what it needs (versus.Turn).
	{tree: "bot/versus", may: []string{"tak", "record"}},
	{tree: "control", may: []string{"backoff"}},
	// A board for a reader (pictures' names and PNGs, alt texts, PTN
	// files): below the referee, which calls it.
	{tree: "bot/present", may: []string{"tak", "notation", "render", "record", "words"}},
	// The referee's cache of committed records, and its CPU gate: leaves.
	{tree: "bot/recordcache", may: []string{"record", "tak"}},
	{tree: "bot/cpugate"},
	// What a viewer may see of games and players: a leaf over the records.
	{tree: "bot/privacy", may: []string{"record"}},
	// The stamps of actions offered about a game: a leaf over the records.
	{tree: "bot/moment", may: []string{"record", "words"}},
	// Leaf helpers: they import nothing of ours, and anything may use them.
	{tree: "internal/connlimit"},
	{tree: "ops", may: referee},
	{tree: "mailplay", may: referee},
	// The email adapter's mail layer knows nothing of the referee: reading
	// mail, reaching a server, the mailbox over IMAP, submission over SMTP.
	{tree: "mailplay/msg"},
	{tree: "mailplay/mailserver"},
	{tree: "mailplay/mailbox", may: []string{"mailplay/mailserver"}},
	{tree: "mailplay/submit", may: []string{"mailplay/mailserver"}},
	{tree: "discord", may: referee},
	{tree: "console", may: referee},
	{tree: "web", may: referee},
	{tree: "opponent", may: referee},
	// The binary wires everything; the harnesses under internal/ stand in
	// for a user and may use anything.
	{tree: "cmd", may: []string{""}, db: true},
	{tree: "internal", may: []string{""}, db: true},
}

// within reports whether pkg (a path relative to the module) is tree or
// below it; the tree "" holds everything.
func within(pkg, tree string) bool {
	return tree == "" || pkg == tree || strings.HasPrefix(pkg, tree+"/")
}

func ruleOf(pkg string) (rule, bool) {
	best, found := rule{}, false
	for _, r := range rules {
		if within(pkg, r.tree) && (!found || len(r.tree) > len(best.tree)) {
			best, found = r, true
		}
	}
	return best, found
}

// violations returns what is wrong with one package's imports.
func violations(pkg string, imports []string) []string {
	r, ok := ruleOf(pkg)
	if !ok {
		return []string{pkg + ": in no layer (add it to archtest's rules)"}
	}
	var bad []string
	for _, imp := range imports {
		if strings.HasPrefix(imp, "go.etcd.io/bbolt") || strings.HasPrefix(imp, "github.com/jackc/pgx") {
			if !r.db {
				bad = append(bad, pkg+" imports the database driver "+imp)
			}
			continue
		}
		own, ok := strings.CutPrefix(imp, module+"/")
		if !ok {
			continue
		}
		allowed := within(own, r.tree)
		for _, t := range r.may {
			allowed = allowed || within(own, t)
		}
		if !allowed {
			bad = append(bad, pkg+" imports "+own)
		}
	}
	return bad
}

func TestRulesCatchWhatTheyShould(t *testing.T) {
	cases := []struct {
		pkg     string
		imports []string
		bad     bool
	}{
		{"tak", []string{"fmt"}, false},
		{"tak", []string{module + "/notation"}, true},
		{"notation", []string{module + "/tak"}, false},
		{"render", []string{module + "/bot"}, true},
		{"engine/tei", []string{module + "/notation", module + "/engine"}, false},
		{"bot", []string{module + "/storage"}, true},
		{"bot/plan", []string{module + "/tak"}, false},
		{"bot/challenge", []string{module + "/bot"}, true},
		{"bot/pairing", []string{module + "/bot/community", module + "/record"}, false},
		{"bot", []string{"go.etcd.io/bbolt"}, true},
		{"mailplay", []string{module + "/discord"}, true},
		{"mailplay", []string{module + "/mailplay/msg", module + "/mailplay/submit"}, false},
		{"mailplay/msg", []string{module + "/bot"}, true},
		{"mailplay/submit", []string{module + "/mailplay/mailserver"}, false},
		{"mailplay/mailbox", []string{module + "/mailplay/msg"}, true},
		{"web", []string{module + "/opponent"}, true},
		{"discord", []string{module + "/storage"}, true},
		{"discord", []string{module + "/bot"}, false},
		{"storage", []string{"go.etcd.io/bbolt", module + "/record"}, false},
		{"storage", []string{module + "/bot"}, true},
		{"storage/pgstore", []string{module + "/bot"}, true},
		{"storage/pgstore", []string{module + "/storage", module + "/record"}, false},
		{"bot/memstore", []string{module + "/bot"}, true},
		{"bot/storetest", []string{module + "/bot"}, true},
		{"record", []string{module + "/tak", module + "/bot/plan"}, false},
		{"record", []string{module + "/bot"}, true},
		{"record", []string{module + "/storage"}, true},
		{"bot", []string{module + "/record"}, false},
		{"storage", []string{module + "/mailplay"}, true},
		{"rating", []string{module + "/tak"}, true},
		{"tourney", []string{module + "/rating"}, false},
		{"tourney", []string{module + "/bot"}, true},
		{"bot/standing", []string{module + "/tourney"}, false},
		{"cmd/takbot", []string{module + "/mailplay", "go.etcd.io/bbolt"}, false},
		{"command", []string{module + "/tak", module + "/notation"}, false},
		{"command", []string{module + "/bot"}, true},
		{"bot", []string{module + "/command"}, false},
		{"discord", []string{module + "/command"}, false},
		{"outbox", []string{module + "/backoff"}, false},
		{"outbox", []string{module + "/bot"}, true},
		{"backoff", []string{module + "/tak"}, true},
		{"mailplay", []string{module + "/outbox", module + "/backoff"}, false},
		{"control", []string{module + "/backoff"}, false},
		{"words", []string{module + "/tak", module + "/notation"}, false},
		{"words", []string{module + "/bot"}, true},
		{"bot", []string{module + "/words"}, false},
		{"newthing", nil, true},
	}
	for _, c := range cases {
		got := violations(c.pkg, c.imports)
		if (len(got) > 0) != c.bad {
			t.Errorf("%s importing %v: violations %q, want bad=%v", c.pkg, c.imports, got, c.bad)
		}
	}
}

// TestLayers reads the imports of every package of the module and checks
// them against the rules. A lower layer's in-package tests are held to its
// rules too; external tests (package x_test) are users of the package, and
// an adapter's or storage's tests may drive the console or the real storage
// as a user would.
func TestLayers(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no module at %s: %v", root, err)
	}
	var problems []string
	pkgs := 0
	// go/build reads the files itself (so the test cache notices a changed
	// import, which it would not with "go list" run as a command).
	err = filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); dir != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(dir, 0)
		var none *build.NoGoError
		if errors.As(err, &none) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		pkgs++
		problems = append(problems, violations(pkg, p.Imports)...)
		if lowerLayer(pkg) {
			for _, v := range violations(pkg, p.TestImports) {
				problems = append(problems, v+" (in its tests)")
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pkgs < 20 {
		t.Fatalf("found only %d packages under %s", pkgs, root)
	}
	sort.Strings(problems)
	for i, p := range problems {
		if i == 0 || p != problems[i-1] {
			t.Error(p)
		}
	}
}

// lowerLayer reports whether pkg is below the referee, or a store (which
// never imports the referee), where even in-package tests import nothing
// from above.
func lowerLayer(pkg string) bool {
	for _, t := range []string{"tak", "notation", "render", "engine", "rating", "tourney", "command", "outbox", "backoff", "record", "storage", "bot/memstore", "bot/storetest"} {
		if within(pkg, t) {
			return true
		}
	}
	return false
}

// TestAdaptersNeverImportEachOther: the rules forbid every adapter to
// import every other, and the database driver.
func TestAdaptersNeverImportEachOther(t *testing.T) {
	for _, a := range adapters {
		for _, b := range adapters {
			if a == b {
				continue
			}
			if len(violations(a, []string{module + "/" + b})) == 0 {
				t.Errorf("the rules let %s import %s", a, b)
			}
		}
		if len(violations(a, []string{"go.etcd.io/bbolt"})) == 0 || len(violations(a, []string{module + "/storage"})) == 0 {
			t.Errorf("the rules let %s touch the database", a)
		}
	}
}
