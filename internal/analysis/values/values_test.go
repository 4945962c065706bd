package values_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/values"
)

// TestFacts checks the facts on the packages that hand sizes to the
// xpkg fixture's walks: an environment helper, a configuration's
// defaults, an exported variable.
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs("../../../passes/pagesize/testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, values.Analyzer, "example.com/fixtures/xpkg/settings", "example.com/fixtures/xpkg/config")
}
