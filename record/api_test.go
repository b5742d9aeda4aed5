package record_test

import (
	"bytes"
	"flag"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAPI pins the package's exported API (types, their fields and
// methods, functions, constants and variables) in testdata/api.golden:
// the stores, the referee and the adapters build on it, and the records'
// fields are stored. A change rewrites the file with -update; read every
// changed line.
func TestAPI(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, f := range pkgs["record"].Files {
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/takbymail/takbot/record")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	print := func(node any) {
		if err := (&printer.Config{Mode: printer.TabIndent | printer.UseSpaces, Tabwidth: 8}).Fprint(&b, fset, node); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n")
	}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			v.Decl.Doc = nil
			print(v.Decl)
		}
	}
	funcs := func(fs []*doc.Func) {
		for _, f := range fs {
			f.Decl.Doc, f.Decl.Body = nil, nil
			print(f.Decl)
		}
	}
	values(p.Consts)
	values(p.Vars)
	funcs(p.Funcs)
	for _, tp := range p.Types {
		tp.Decl.Doc = nil
		print(tp.Decl)
		values(tp.Consts)
		values(tp.Vars)
		funcs(tp.Funcs)
		funcs(tp.Methods)
	}
	got := stripComments(b.String())
	golden := filepath.Join("testdata", "api.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("record's API changed; run go test ./record/ -run TestAPI -update and read the diff:\n%s", got)
	}
}

// stripComments drops the line comments the printer keeps on fields and
// constants, and the blank lines: the API is the declarations.
func stripComments(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if i := strings.Index(line, "//"); i >= 0 && !strings.Contains(line[:i], "`") && !strings.Contains(line[:i], `"`) {
			line = strings.TrimRight(line[:i], " \t")
		}
		if strings.TrimSpace(line) != "" {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n") + "\n"
}

var update = flag.Bool("update", false, "rewrite testdata/api.golden")
