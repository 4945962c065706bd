package commitsize_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/commitsize"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), commitsize.Analyzer, "example.com/fixtures/commit", "example.com/fixtures/typedbatch", "example.com/fixtures/loaderflags", "example.com/fixtures/helperflush", "example.com/fixtures/flushhelpers", "example.com/fixtures/chunks", "example.com/fixtures/pgcopy", "example.com/fixtures/txcopy", "example.com/fixtures/execcommit", "example.com/fixtures/txhelper", "example.com/fixtures/chunkhelper", "example.com/fixtures/multirow", "example.com/fixtures/rangepages", "example.com/fixtures/appenderflush", "example.com/fixtures/batchdep", "example.com/fixtures/ndjsonappend", "example.com/fixtures/gbifimport")
}

// TestDuckDB2: in a module that links DuckDB 2.0.0, a 100,000-row commit
// quotes no CPU figure, which 2.0 does not bear out (issue 34).
func TestDuckDB2(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "duckdb2"), commitsize.Analyzer, "example.com/duckdb2/copies")
}
