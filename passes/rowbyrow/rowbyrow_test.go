package rowbyrow_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/rowbyrow"
)

// Test runs the check on every fixture package: one directory per shape
// found on real code, reported (want) or silent. The fixtures' module
// links DuckDB 1.5.6, and every finding names it.
func Test(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), rowbyrow.Analyzer, "./...")
	namesRelease(t, results, "the figures were measured on DuckDB 1.5.6, which this module links (docs/measurements.md#row-by-row-writes)")
}

// TestDuckDB2: in a module that links DuckDB 2.0.0 the findings quote
// what a row cost on 2.0.0, measured beside 1.5.6, and name the release
// (docs/measurements.md#duckdb-20-beside-156).
func TestDuckDB2(t *testing.T) {
	results := analysistest.Run(t, filepath.Join(analysistest.TestData(), "duckdb2"), rowbyrow.Analyzer, "example.com/duckdb2/events")
	namesRelease(t, results, "the figures were measured on DuckDB 2.0.0, which this module links (docs/measurements.md#duckdb-20-beside-156)")
}

// namesRelease checks that every finding says, on a line of its own,
// which DuckDB its figures were measured on.
func namesRelease(t *testing.T, results []*analysistest.Result, want string) {
	t.Helper()
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			n++
			if !slices.ContainsFunc(d.Related, func(rel analysis.RelatedInformation) bool { return rel.Message == want }) {
				var got []string
				for _, rel := range d.Related {
					got = append(got, rel.Message)
				}
				t.Errorf("%s: %s\nrelated: %q, want %q among them", r.Pass.Fset.Position(d.Pos), d.Message, strings.Join(got, " | "), want)
			}
		}
	}
	if n == 0 {
		t.Error("no findings")
	}
}
