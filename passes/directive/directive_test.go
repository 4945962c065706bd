package directive_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/directive"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), directive.Analyzer, "example.com/fixtures/directive")
}

// TestNoPackageClause is issue 9, bug 3: files without a package clause
// (empty, only a comment, misspelt) crashed the directive scan, and with
// it the whole run.
func TestNoPackageClause(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), directive.Analyzer, "example.com/fixtures/emptyfile", "example.com/fixtures/misspelt")
}
