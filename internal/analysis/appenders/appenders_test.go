package appenders_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/appenders"
)

// TestFacts checks the Use facts Analyzer exports: flushes of a parameter
// (directly or through a helper), appends of one row per call to the
// Appender a receiver holds, and none for a loop of appends.
func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), appenders.Analyzer, "example.com/fixtures/helpers")
}
