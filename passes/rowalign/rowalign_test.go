package rowalign_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/analyzer/config"
	"github.com/rowalign/rowalign/passes/rowalign"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), rowalign.Analyzer,
		"example.com/fixtures/a",
		"example.com/fixtures/rowid",
		"example.com/fixtures/commit",
		"example.com/fixtures/flow",
		"example.com/fixtures/nodriver",
		"example.com/fixtures/sqlopen",
		"example.com/fixtures/postgres",
		"example.com/fixtures/marcboeker",
		"example.com/fixtures/wrapper",
		"example.com/fixtures/odd",
		"example.com/fixtures/broken",
		"example.com/fixtures/strategy",
		"example.com/fixtures/smallload",
	)
}

// TestScopeAll lints a package that is not DuckDB code.
func TestScopeAll(t *testing.T) {
	cfg := analyzer.Default()
	cfg.Scope = config.ScopeAll
	analysistest.Run(t, analysistest.TestData(), analyzer.New(cfg), "example.com/fixtures/allscope")
}
