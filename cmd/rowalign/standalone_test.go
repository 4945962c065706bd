package main

import (
	"bytes"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestOneFindingPerSite: with -tests a package is analysed alone and
// with its test files, and the two can word one site's finding
// differently (issue 32: "each page is a query of its own" beside "on
// DuckDB 1.1 ... reads the whole table"). Each site is printed once, with
// the package's own message, in text and in -json; the test variant
// keeps what the package alone lacks.
func TestOneFindingPerSite(t *testing.T) {
	fset := token.NewFileSet()
	walk := fset.AddFile("/m/etl/walk.go", -1, 100)
	walk.SetLines([]int{0, 50})
	test := fset.AddFile("/m/etl/walk_test.go", -1, 100)
	test.SetLines([]int{0, 50})
	a := &analysis.Analyzer{Name: "rowalign"}
	pkg := &packages.Package{ID: "m/etl", Fset: fset}
	variant := &packages.Package{ID: "m/etl [m/etl.test]", Fset: fset}
	d := func(f *token.File, off int, category, msg string) analysis.Diagnostic {
		return analysis.Diagnostic{Pos: f.Pos(off), End: f.Pos(off), Category: category, Message: msg}
	}
	graph := func() *checker.Graph {
		return &checker.Graph{Roots: []*checker.Action{
			{Analyzer: a, Package: pkg, IsRoot: true, Diagnostics: []analysis.Diagnostic{
				d(walk, 60, "pagesize", "page size 250000 splits: each page is a query of its own"),
			}},
			{Analyzer: a, Package: variant, IsRoot: true, Diagnostics: []analysis.Diagnostic{
				d(walk, 60, "pagesize", "page size 250000 splits: on DuckDB 1.1 each page reads the whole table"),
				d(walk, 60, "offsetwalk", "LIMIT/OFFSET page walk without ORDER BY"),
				d(test, 10, "pagesize", "page size 1000 in a test"),
			}},
		}}
	}
	for _, mode := range []string{"text", "json"} {
		g := graph()
		oneFindingPerSite(g)
		var b bytes.Buffer
		var err error
		if mode == "json" {
			err = g.PrintJSON(&b)
		} else {
			err = g.PrintText(&b, -1)
		}
		if err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Contains(out, "DuckDB 1.1") {
			t.Errorf("%s: the test variant's wording of the package's site is printed too:\n%s", mode, out)
		}
		for _, want := range []string{"each page is a query of its own", "LIMIT/OFFSET page walk", "page size 1000 in a test"} {
			if strings.Count(out, want) != 1 {
				t.Errorf("%s: want %q once:\n%s", mode, want, out)
			}
		}
	}
}
