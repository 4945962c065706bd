package directive_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/directive"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), directive.Analyzer, "example.com/fixtures/directive")
}
