package scope_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/passes/pagesize"
)

func TestDriverRelease(t *testing.T) {
	for _, c := range []struct {
		mod, version, want string
	}{
		{"github.com/duckdb/duckdb-go/v2", "v2.10506.0", "1.5.6"},
		{"github.com/duckdb/duckdb-go/v2", "v2.20000.0", "2.0.0"},
		{"github.com/duckdb/duckdb-go/v2", "v2.10401.3", "1.4.1"},
		{"github.com/duckdb/duckdb-go/v2", "v2.5.0", "unknown"}, // before the version encoded DuckDB's
		{"github.com/duckdb/duckdb-go/v2", "", "unknown"},
		{"github.com/marcboeker/go-duckdb", "v1.8.5", "1.1.3"},
		{"github.com/marcboeker/go-duckdb/v2", "v2.4.3", "unknown"},
	} {
		if got := scope.DriverRelease(c.mod, c.version).String(); got != c.want {
			t.Errorf("DriverRelease(%s, %s) = %s, want %s", c.mod, c.version, got, c.want)
		}
	}
}

// pass builds a pass over a package at dir/p.go that imports a driver
// package whose one object is declared in driverFile.
func pass(t *testing.T, dir, driverPath, driverFile string) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	own := fset.AddFile(filepath.Join(dir, "p.go"), -1, 100)
	own.SetLines([]int{0})
	drvFile := fset.AddFile(driverFile, -1, 100)
	drvFile.SetLines([]int{0})
	drv := types.NewPackage(driverPath, "duckdb")
	drv.Scope().Insert(types.NewConst(drvFile.Pos(10), drv, "X", types.Typ[types.Int], nil))
	drv.MarkComplete()
	pkg := types.NewPackage("example.com/app", "app")
	pkg.SetImports([]*types.Package{drv})
	return &analysis.Pass{Fset: fset, Pkg: pkg, Files: []*ast.File{{Package: own.Pos(0), FileStart: own.Pos(0), FileEnd: own.Pos(99)}}}
}

func TestLinked(t *testing.T) {
	dir := t.TempDir()
	gomod := func(body string) {
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/app\n\ngo 1.26\n"+body), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	const newDriver = "github.com/duckdb/duckdb-go/v2"
	gomod("require github.com/duckdb/duckdb-go/v2 v2.10506.0\n")
	for _, c := range []struct {
		name, driverPath, driverFile, want string
	}{
		// Where the build found the driver names the version it links,
		// whatever go.mod says (go.work, a replace by another version).
		{"module cache", newDriver, "/home/u/go/pkg/mod/github.com/duckdb/duckdb-go/v2@v2.20000.0/appender.go", "2.0.0"},
		{"-trimpath", newDriver, "github.com/duckdb/duckdb-go/v2@v2.10506.0/appender.go", "1.5.6"},
		{"windows", newDriver, `C:\Users\u\go\pkg\mod\github.com\duckdb\duckdb-go\v2@v2.20000.0\appender.go`, "2.0.0"},
		// A driver without a version in its path: go.mod's.
		{"vendored", newDriver, filepath.Join(dir, "vendor/github.com/duckdb/duckdb-go/v2/appender.go"), "1.5.6"},
		{"marcboeker v1", "github.com/marcboeker/go-duckdb", "/m/github.com/marcboeker/go-duckdb@v1.8.5/appender.go", "1.1.3"},
		{"marcboeker v2", "github.com/marcboeker/go-duckdb/v2", "/m/github.com/marcboeker/go-duckdb/v2@v2.4.3/appender.go", "unknown"},
	} {
		if got := scope.Linked(pass(t, dir, c.driverPath, c.driverFile)).String(); got != c.want {
			t.Errorf("%s: Linked = %s, want %s", c.name, got, c.want)
		}
	}
	vendored := filepath.Join(dir, "vendor/github.com/duckdb/duckdb-go/v2/appender.go")
	for _, c := range []struct{ gomod, want string }{
		{"require github.com/duckdb/duckdb-go/v2 v2.20000.0\n", "2.0.0"},
		// A replacement by another version is what builds; by a
		// directory, the required version's number stands.
		{"require github.com/duckdb/duckdb-go/v2 v2.10506.0\nreplace github.com/duckdb/duckdb-go/v2 => github.com/duckdb/duckdb-go/v2 v2.20000.0\n", "2.0.0"},
		{"require github.com/duckdb/duckdb-go/v2 v2.20000.0\nreplace github.com/duckdb/duckdb-go/v2 => ../fork\n", "2.0.0"},
		{"", "unknown"},
	} {
		gomod(c.gomod)
		if got := scope.Linked(pass(t, dir, newDriver, vendored)).String(); got != c.want {
			t.Errorf("go.mod %q: Linked = %s, want %s", c.gomod, got, c.want)
		}
	}
}

// TestMeasured: a figure names the release it was measured on, and how it
// stands on the release the module links.
func TestMeasured(t *testing.T) {
	for _, c := range []struct {
		rel         scope.Release
		words, want string
	}{
		{scope.Release{Major: 2}, "each commit leaves a partial row group (2x slower load)", "the figure was measured on DuckDB 1.5.6; DuckDB 2.0.0, which this module links, measured beside it gave the same verdict (docs/measurements.md#duckdb-20-beside-156)"},
		{scope.Release{Major: 1, Minor: 5, Patch: 6}, "each page is a query of its own (8-17x the CPU of 122,880-row pages)", ""},
		{scope.Release{Major: 1, Minor: 4, Patch: 1}, "x (2x slower load)", "the figure was measured on DuckDB 1.5.6; this module links DuckDB 1.4.1, where it was not (docs/measurements.md)"},
		{scope.Release{Major: 2, Minor: 1}, "x (2x slower load)", "the figure was measured on DuckDB 1.5.6; this module links DuckDB 2.1.0, where it was not (docs/measurements.md)"},
		{scope.Release{}, "x (2x slower load)", "the figure was measured on DuckDB 1.5.6; which DuckDB this module links is not known (docs/measurements.md)"},
		{scope.Release{Major: 2}, "each page is a query of its own", ""},
		{scope.Release{Major: 1, Minor: 1, Patch: 3}, "on DuckDB 1.1 (marcboeker/go-duckdb) each page scans the whole table (3.9x the time of whole row groups)", ""},
	} {
		if got := c.rel.Measured(c.words); got != c.want {
			t.Errorf("%v.Measured(%q) = %q, want %q", c.rel, c.words, got, c.want)
		}
	}
}

// linked reports scope.Linked at each package clause.
var linked = &analysis.Analyzer{
	Name: "linked",
	Doc:  "test: scope.Linked",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			pass.Reportf(f.Package, "links DuckDB %s", scope.Linked(pass))
		}
		return nil, nil
	},
}

// TestLinkedModules: through a loaded module, the driver found by
// source (the stubs, replaced by a directory) has go.mod's version.
func TestLinkedModules(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), linked, "example.com/scope/linked156", "example.com/scope/linkedold", "example.com/scope/linkednone")
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "duckdb2"), linked, "example.com/duckdb2/app")
}

// TestMeasuredRelated: a finding with a figure names, on a line of its
// own, the release the figure was measured on and the one the module
// links.
func TestMeasuredRelated(t *testing.T) {
	for _, c := range []struct{ dir, pkg, want string }{
		{filepath.Join(analysistest.TestData(), "duckdb2"), "example.com/duckdb2/walk", "DuckDB 2.0.0, which this module links, measured beside it"},
	} {
		var related []string
		for _, r := range analysistest.Run(t, c.dir, pagesize.Analyzer, c.pkg) {
			for _, d := range r.Diagnostics {
				for _, rel := range d.Related {
					related = append(related, rel.Message)
				}
			}
		}
		if len(related) != 1 || !strings.Contains(related[0], c.want) || !strings.Contains(related[0], "DuckDB 2.0.0") {
			t.Errorf("%s: related information %q; want one naming DuckDB 2.0.0 and %q", c.pkg, related, c.want)
		}
	}
}
