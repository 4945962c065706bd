package appendertx_test

import (
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/passes/appendertx"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), appendertx.Analyzer, "example.com/fixtures/appender", "example.com/fixtures/smallload/...", "example.com/fixtures/flushes", "example.com/fixtures/helper", "example.com/fixtures/helperbatch", "example.com/fixtures/flushhelpers", "example.com/fixtures/bounded", "example.com/fixtures/staging", "example.com/fixtures/appendermaps", "example.com/fixtures/txcallback", "example.com/fixtures/maybeflush", "example.com/fixtures/beginhelper", "example.com/fixtures/sfflush", "example.com/fixtures/groupby", "example.com/fixtures/lazymap", "example.com/fixtures/lazymapuse", "example.com/fixtures/loaderhelper", "example.com/fixtures/kvbucket", "example.com/fixtures/twoappenders")
}

// TestRangeUndefined is issue 9, bug 4: a range over a name that does
// not type-check crashed the walk finder.
func TestRangeUndefined(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), appendertx.Analyzer, "example.com/fixtures/rangeundefined")
}

// TestRowGroupFlag is issue 9, bug 2: the row group in the message is the
// -rowgroup setting, set as a flag.
func TestRowGroupFlag(t *testing.T) {
	a := check.New("appendertx", "test", settings.Default(), appendertx.Check)
	if err := a.Flags.Set("rowgroup", "245760"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "example.com/fixtures/rowgroupflag")
}

// TestRowGroupDividesFlush: with 204,800-row row groups each automatic
// flush commits one whole row group, and nothing is reported.
func TestRowGroupDividesFlush(t *testing.T) {
	a := check.New("appendertx", "test", settings.Default(), appendertx.Check)
	if err := a.Flags.Set("rowgroup", "204800"); err != nil {
		t.Fatal(err)
	}
	for _, r := range analysistest.Run(nowant{t}, analysistest.TestData(), a, "example.com/fixtures/rowgroupflag") {
		for _, d := range r.Diagnostics {
			t.Errorf("-rowgroup=204800: %s: %s", r.Pass.Fset.Position(d.Pos), d.Message)
		}
	}
}

// nowant drops analysistest's complaints about the fixture's want
// comments, which are for 245,760-row row groups; the test checks the
// diagnostics itself.
type nowant struct{ t *testing.T }

func (nowant) Errorf(string, ...any) {}

// TestDuckDB2: a module that links DuckDB 2.0.0 gets the loads inside a
// transaction reported too, and the advice to flush every row group
// (issue 34).
func TestDuckDB2(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "duckdb2"), appendertx.Analyzer, "example.com/duckdb2/loads", "example.com/duckdb2/staging")
}

// TestOwnerRelated: the finding at a helper's AppendRow (issue 32,
// felixge/sqlprof's loader.Append) lists in its Related information every
// loop that calls the helper, where each call is.
func TestOwnerRelated(t *testing.T) {
	for _, r := range analysistest.Run(t, analysistest.TestData(), appendertx.Analyzer, "example.com/fixtures/loaderhelper") {
		for _, d := range r.Diagnostics {
			if r.Pass.Fset.Position(d.Pos).Line != 49 {
				continue
			}
			var lines []int
			for _, rel := range d.Related {
				lines = append(lines, r.Pass.Fset.Position(rel.Pos).Line)
			}
			if want := []int{99, 118, 130}; !slices.Equal(lines, want) {
				t.Errorf("related lines %v, want %v", lines, want)
			}
			return
		}
	}
	t.Error("no finding at loaderhelper.go:49")
}
