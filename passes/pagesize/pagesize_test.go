package pagesize_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

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
		"example.com/fixtures/broken",
	)
}

// TestScopeAll lints a package that is not DuckDB code, with -scope=all
// set as a flag on the exported analyzer: the flag reaches the scope the
// check reads (issue 9, bug 1: it used to configure another object).
func TestScopeAll(t *testing.T) {
	a := pagesize.Analyzer
	if err := a.Flags.Set("scope", "all"); err != nil {
		t.Fatal(err)
	}
	defer a.Flags.Set("scope", "auto")
	analysistest.Run(t, analysistest.TestData(), a, "example.com/fixtures/allscope")
}
