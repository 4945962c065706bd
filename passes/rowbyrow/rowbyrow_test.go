package rowbyrow_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/rowbyrow"
)

// Test runs the check on every fixture package: one directory per shape
// found on real code, reported (want) or silent.
func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), rowbyrow.Analyzer, "./...")
}
