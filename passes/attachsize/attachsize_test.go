package attachsize_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/attachsize"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), attachsize.Analyzer, "example.com/fixtures/attach", "example.com/fixtures/sprintf", "example.com/fixtures/setup", "example.com/fixtures/lakeconfig", "example.com/fixtures/versioned", "example.com/fixtures/shards")
}

// TestDuckDB2: in a module that links DuckDB 2.0.0, whose default storage
// format takes row groups of 122,880 rows or more, an ATTACH without
// STORAGE_VERSION is not reported, and a size fixed to a multiple of the
// vector size gets no storage version (docs/measurements.md, DuckDB 2.0
// beside 1.5.6).
func TestDuckDB2(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, filepath.Join(analysistest.TestData(), "duckdb2"), attachsize.Analyzer, "example.com/duckdb2/lake")
}
