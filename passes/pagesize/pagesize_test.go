package pagesize_test

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/passes/pagesize"
)

// Test runs the check alone on fixtures that exercise scope, SQL text and
// value tracing through page sizes; the suite's test (analyzer/) checks
// every check's findings on them.
func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), pagesize.Analyzer,
		"example.com/fixtures/a",
		"example.com/fixtures/rowid",
		"example.com/fixtures/flow",
		"example.com/fixtures/nodriver",
		"example.com/fixtures/sqlopen",
		"example.com/fixtures/postgres",
		"example.com/fixtures/marcboeker",
		"example.com/fixtures/wrapper",
		"example.com/fixtures/odd",
		"example.com/fixtures/shards",
		"example.com/fixtures/broken",
		"example.com/fixtures/linedirective",
		"example.com/fixtures/typed",
		"example.com/fixtures/requests",
		"example.com/fixtures/testfiles",
		"example.com/fixtures/parquet",
		"example.com/fixtures/sqlxwalk",
		"example.com/fixtures/builder",
		"example.com/fixtures/named",
		"example.com/fixtures/pagehelper",
		"example.com/fixtures/closurewalk",
		"example.com/fixtures/workerpool",
		"example.com/fixtures/iterspans",
		"example.com/fixtures/pgwalks",
		"example.com/fixtures/filters",
		"example.com/fixtures/cursorstruct",
		"example.com/fixtures/etlflags",
		"example.com/fixtures/pflagcli",
		"example.com/fixtures/envpage",
		"example.com/fixtures/workers",
		"example.com/fixtures/pgflags",
		"example.com/fixtures/iotasizes",
		"example.com/fixtures/recursive",
		"example.com/fixtures/methodvalue",
		"example.com/fixtures/tinypages",
		"example.com/fixtures/pagecosts",
		"example.com/fixtures/pagedep",
		"example.com/fixtures/grouped",
	)
}

// TestScopeAll lints a package that is not DuckDB code with -scope=all.
func TestScopeAll(t *testing.T) {
	a := check.New("pagesize", "test", settings.Default(), pagesize.Check)
	if err := a.Flags.Set("scope", "all"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "example.com/fixtures/allscope")
}

// TestExportedFlags is issue 9, bug 1: -scope and -wrappers set on the
// exported Analyzer reach the scope its check reads. It used to build its
// scope from another settings object, so both flags changed nothing.
func TestExportedFlags(t *testing.T) {
	for _, flag := range [][2]string{{"scope", "all"}, {"wrappers", "example.com/fixtures/exportedflags/mydb"}} {
		t.Run(flag[0], func(t *testing.T) {
			a := pagesize.Analyzer
			old := a.Flags.Lookup(flag[0]).Value.String()
			if err := a.Flags.Set(flag[0], flag[1]); err != nil {
				t.Fatal(err)
			}
			defer a.Flags.Set(flag[0], old)
			analysistest.Run(t, analysistest.TestData(), a, "example.com/fixtures/exportedflags")
		})
	}
}

// TestAcrossPackages is issue 17, section 2: sizes written in another
// package than the walk's: an environment helper's literal default, a
// configuration's default set in its package's Default(), an exported
// variable's initial value, a shared walker given the size; the
// PostgreSQL walks beside them stay silent.
func TestAcrossPackages(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), pagesize.Analyzer, "example.com/fixtures/xpkg/jobs")
}

// TestCobraFlags is issue 25: a cobra flag's default, captured by the
// command's Run closure and passed to another package's walk method, is
// the walk's page size.
func TestCobraFlags(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), pagesize.Analyzer, "example.com/fixtures/cobracli/...", "example.com/fixtures/migratecli/...")
}

// TestStorePages is issue 25: a repository method of another package
// whose offset is a page number (OFFSET n*size) or a field of a filter
// struct walks in the caller's loop, and the fix changes the page size
// with the offset's step.
func TestStorePages(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), pagesize.Analyzer, "example.com/fixtures/storepages/...")
}

// TestNoFixReasons: a finding without a fix says why, in words a reader
// can check at the line it names. The reason once read "the loop runs
// copied once per page" for copied += n, and an accumulation like that
// one blocked the fix it does not depend on (Collect, Count); a running total
// the loop reads (Sample) does block it.
func TestNoFixReasons(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), pagesize.Analyzer, "example.com/fixtures/pagedep")
	want := map[string]string{ // function -> its finding's reason, or "" for a fix
		"Revenue":    "",
		"Collect":    "",
		"Count":      "",
		"CountAll":   "",
		"Progress":   "no fix: the loop runs pages++ once per page (pagedep.go:",
		"PageTotals": "no fix: each row reads sum, which starts again every page (pagedep.go:",
		"Sample":     "no fix: the loop reads seen, a running total of the pages (pagedep.go:",
	}
	seen := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			fn := enclosingFunc(r.Pass, d.Pos)
			w, ok := want[fn]
			if !ok {
				continue
			}
			seen++
			var reasons []string
			for _, rel := range d.Related {
				reasons = append(reasons, rel.Message)
			}
			got := strings.Join(reasons, "\n")
			switch {
			case w == "" && (len(d.SuggestedFixes) == 0 || got != ""):
				t.Errorf("%s: want a fix, got %d fixes and %q", fn, len(d.SuggestedFixes), got)
			case w != "" && (len(d.SuggestedFixes) > 0 || !strings.HasPrefix(got, w)):
				t.Errorf("%s: want no fix and a reason starting %q, got %d fixes and %q", fn, w, len(d.SuggestedFixes), got)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d findings looked for were reported", seen, len(want))
	}
}

// enclosingFunc returns the name of the function declared around pos.
func enclosingFunc(pass *analysis.Pass, pos token.Pos) string {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return fd.Name.Name
			}
		}
	}
	return ""
}

// TestNoFixReasonStable: a walk that reads two of its page counters gets no
// fix, and the reason names the first counter declared, on every run: the
// reason was picked from a map, and two runs named two variables.
func TestNoFixReasonStable(t *testing.T) {
	for range 6 {
		var related []string
		for _, r := range analysistest.Run(t, analysistest.TestData(), pagesize.Analyzer, "example.com/fixtures/pagecount") {
			for _, d := range r.Diagnostics {
				for _, rel := range d.Related {
					related = append(related, rel.Message)
				}
			}
		}
		want := "no fix: the loop counts pages in pages and reads it (pagecount.go:43), so a new size might change what the program computes"
		if !slices.Contains(related, want) {
			t.Fatalf("related lines %q, want %q", related, want)
		}
	}
}
