package attachsize_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/attachsize"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), attachsize.Analyzer, "example.com/fixtures/attach", "example.com/fixtures/sprintf", "example.com/fixtures/setup", "example.com/fixtures/lakeconfig", "example.com/fixtures/versioned", "example.com/fixtures/shards")
}
