package archtest

import (
	"bytes"
	"os/exec"
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

// referee is everything an adapter may lean on.
var referee = []string{"tak", "notation", "render", "engine", "rating", "bot"}

var rules = []rule{
	{tree: "tak"},
	{tree: "rating"},
	{tree: "notation", may: []string{"tak"}},
	{tree: "render", may: []string{"tak", "notation"}},
	{tree: "engine", may: []string{"tak", "notation"}},
	{tree: "bot", may: []string{"tak", "notation", "render", "engine", "rating"}},
	{tree: "storage", may: referee, db: true},
	{tree: "control"},
	{tree: "ops", may: referee},
	{tree: "mailplay", may: referee},
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
		{"bot", []string{"go.etcd.io/bbolt"}, true},
		{"mailplay", []string{module + "/discord"}, true},
		{"web", []string{module + "/opponent"}, true},
		{"discord", []string{module + "/storage"}, true},
		{"discord", []string{module + "/bot"}, false},
		{"storage", []string{"go.etcd.io/bbolt", module + "/bot"}, false},
		{"storage", []string{module + "/mailplay"}, true},
		{"rating", []string{module + "/tak"}, true},
		{"cmd/takbot", []string{module + "/mailplay", "go.etcd.io/bbolt"}, false},
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
	cmd := exec.Command("go", "list", "-f",
		`{{.ImportPath}}|{{join .Imports " "}}|{{join .TestImports " "}}`, module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var problems []string
	pkgs := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 3 {
			t.Fatalf("go list printed %q", line)
		}
		pkg, ok := strings.CutPrefix(f[0], module+"/")
		if !ok {
			t.Fatalf("go list named %q, outside the module", f[0])
		}
		pkgs++
		problems = append(problems, violations(pkg, strings.Fields(f[1]))...)
		if lowerLayer(pkg) {
			for _, p := range violations(pkg, strings.Fields(f[2])) {
				problems = append(problems, p+" (in its tests)")
			}
		}
	}
	if pkgs < 20 {
		t.Fatalf("go list named only %d packages", pkgs)
	}
	sort.Strings(problems)
	for i, p := range problems {
		if i == 0 || p != problems[i-1] {
			t.Error(p)
		}
	}
}

// lowerLayer reports whether pkg is below the referee, where even tests
// import nothing from above.
func lowerLayer(pkg string) bool {
	for _, t := range []string{"tak", "notation", "render", "engine", "rating"} {
		if within(pkg, t) {
			return true
		}
	}
	return false
}
