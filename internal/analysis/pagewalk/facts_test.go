package pagewalk_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
)

// TestWalksFacts checks the Walks facts Analyzer, their one owner,
// exports on the checks' fixtures: the exported functions whose walk's
// handle or size their callers give, as the callers' findings in those
// fixtures read them. Every other exported function has none.
func TestWalksFacts(t *testing.T) {
	byDir := make(map[string][]string)
	want := make(map[string]map[string]string)
	for _, tc := range []struct {
		dir, pkg string
		want     map[string]string // function -> fact
	}{
		{"../../../passes/commitsize/testdata", "example.com/fixtures/pgcopy", map[string]string{
			"Archive": "walks: LIMIT/OFFSET walk at pgcopy.go:67 over parameter 1, size 250000 at pgcopy.go:67",
		}},
		{"../../../passes/offsetwalk/testdata", "example.com/fixtures/sharedhelper/dump", map[string]string{
			"Table": "walks: LIMIT/OFFSET walk at dump.go:19 over parameter 1, size 100000 at dump.go:13",
		}},
		{"../../../passes/offsetwalk/testdata", "example.com/fixtures/rewrite", map[string]string{
			"Dump":          "walks: LIMIT/OFFSET walk at export.go:75 over parameter 1 (DuckDB's here), size parameter 2",
			"ExportBatches": "walks: LIMIT/OFFSET walk at perpage.go:16 over parameter 1 (DuckDB's here), size parameter 3",
			"Sample":        "walks: LIMIT/OFFSET walk at perpage.go:44 over parameter 1 (DuckDB's here), size parameter 2",
			"CountBefore":   "walks: LIMIT/OFFSET walk at perpage.go:74 over parameter 1 (DuckDB's here), size parameter 3",
			"CountKindK1":   "walks: LIMIT/OFFSET walk at perpage.go:105 over parameter 1 (DuckDB's here), size parameter 2",
			"Drain":         "walks: LIMIT/OFFSET walk at perpage.go:135 over parameter 1 (DuckDB's here), size parameter 3",
		}},
		{"../../../passes/rowbyrow/testdata", "example.com/fixtures/loader", map[string]string{
			"CopyPages": "walks: LIMIT/OFFSET walk at loader.go:288 over parameter 1 (DuckDB's here), size parameter 3",
		}},
		{"../../../passes/pagesize/testdata", "example.com/fixtures/cobracli/export", map[string]string{
			"Run": "walks: LIMIT/OFFSET walk at export.go:24, size parameter 1",
		}},
		{"../../../passes/pagesize/testdata", "example.com/fixtures/sqlxwalk", map[string]string{
			"Totals": "walks: LIMIT/OFFSET walk at sqlxwalk.go:82 over parameter 0, size 250000 at sqlxwalk.go:82",
		}},
		{"../../../passes/pagesize/testdata", "example.com/fixtures/flow", map[string]string{
			"Pages": "walks: LIMIT/OFFSET walk at flow.go:73 over parameter 0 (DuckDB's here), size parameter 1",
		}},
		{"../scope/testdata", "example.com/scope/catalog", map[string]string{
			"Dump": "walks: LIMIT/OFFSET walk at catalog.go:41 over the receiver's handle, parameter 0 of New, size 200000 at catalog.go:35",
		}},
		{"../scope/testdata", "example.com/scope/mixed", map[string]string{
			"Export": "walks: LIMIT/OFFSET walk at mixed.go:19 over parameter 0, size 250000 at mixed.go:19",
		}},
		{"../scope/testdata", "example.com/scope/ledger/localcache", map[string]string{
			"Entries": "walks: rowid range walk at localcache.go:22 over parameter 1, size 100000 at localcache.go:22",
		}},
		{"../scope/testdata", "example.com/scope/ledger/reports", map[string]string{
			"MonthlyTotals": "walks: LIMIT/OFFSET walk at reports.go:29 over parameter 1, size 200000 at reports.go:23",
			"Export":        "walks: LIMIT/OFFSET walk at reports.go:70 over parameter 1, size parameter 3",
		}},
		{"../scope/testdata", "example.com/scope/migrate", map[string]string{
			"Walk": "walks: LIMIT/OFFSET walk at migrate.go:133 over parameter 0, size 250000 at migrate.go:133",
		}},
	} {
		byDir[tc.dir] = append(byDir[tc.dir], tc.pkg)
		want[tc.pkg] = tc.want
	}
	// One load per fixture module.
	for dir, pkgs := range byDir {
		got := make(map[string]map[string]string) // package -> function -> fact
		for _, r := range analysistest.Run(quiet{}, dir, pagewalk.Analyzer, pkgs...) {
			path := r.Pass.Pkg.Path()
			if got[path] == nil {
				got[path] = make(map[string]string)
			}
			for obj, facts := range r.Facts {
				for _, f := range facts {
					if w, ok := f.(*pagewalk.Walks); ok {
						if prev, dup := got[path][obj.Name()]; dup && prev != w.String() {
							t.Errorf("%s: two Walks facts on %s", path, obj.Name())
						}
						got[path][obj.Name()] = w.String()
					}
				}
				if fn, ok := obj.(*types.Func); ok && fn.Pkg().Path() != path {
					t.Errorf("%s: fact on %s of another package", path, fn.FullName())
				}
			}
		}
		for _, pkg := range pkgs {
			for name, w := range want[pkg] {
				if got[pkg][name] != w {
					t.Errorf("%s.%s: fact %q, want %q", pkg, name, got[pkg][name], w)
				}
			}
			for name, f := range got[pkg] {
				if _, ok := want[pkg][name]; !ok {
					t.Errorf("%s.%s: unexpected fact %q", pkg, name, f)
				}
			}
		}
	}
}

// quiet drops analysistest's checks of the want comments: they are the
// checks' findings, which this analyzer does not report.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}
