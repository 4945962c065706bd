package commitsize_test

import (
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/commitsize"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), commitsize.Analyzer, "example.com/fixtures/commit", "example.com/fixtures/typedbatch", "example.com/fixtures/loaderflags", "example.com/fixtures/helperflush", "example.com/fixtures/flushhelpers", "example.com/fixtures/chunks", "example.com/fixtures/pgcopy", "example.com/fixtures/txcopy", "example.com/fixtures/execcommit", "example.com/fixtures/txhelper", "example.com/fixtures/chunkhelper", "example.com/fixtures/multirow", "example.com/fixtures/rangepages", "example.com/fixtures/appenderflush", "example.com/fixtures/batchdep", "example.com/fixtures/ndjsonappend", "example.com/fixtures/gbifimport", "example.com/fixtures/copysizes")
}

// TestDuckDB2: in a module that links DuckDB 2.0.0, a 100,000-row commit
// quotes no CPU figure, which 2.0 does not bear out (issue 34).
func TestDuckDB2(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "duckdb2"), commitsize.Analyzer, "example.com/duckdb2/copies")
}

// TestNoFixReasonStable: a commit loop whose two per-batch counters are
// read after the loop gets no fix, and the reason names the first
// declared on every run (it was picked from a map).
func TestNoFixReasonStable(t *testing.T) {
	for range 6 {
		var related []string
		for _, r := range analysistest.Run(t, analysistest.TestData(), commitsize.Analyzer, "example.com/fixtures/batchdep") {
			for _, d := range r.Diagnostics {
				for _, rel := range d.Related {
					related = append(related, rel.Message)
				}
			}
		}
		want := "no fix: rows, which starts again every batch, is read after the loop (batchdep.go:153), so a new size might change what the program computes"
		if !slices.Contains(related, want) {
			t.Fatalf("related lines %q, want %q", related, want)
		}
	}
}
