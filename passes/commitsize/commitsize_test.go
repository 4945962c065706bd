package commitsize_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/commitsize"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), commitsize.Analyzer, "example.com/fixtures/commit", "example.com/fixtures/typedbatch", "example.com/fixtures/loaderflags", "example.com/fixtures/helperflush", "example.com/fixtures/flushhelpers", "example.com/fixtures/chunks", "example.com/fixtures/pgcopy", "example.com/fixtures/txcopy", "example.com/fixtures/execcommit", "example.com/fixtures/txhelper", "example.com/fixtures/chunkhelper", "example.com/fixtures/multirow", "example.com/fixtures/rangepages", "example.com/fixtures/appenderflush", "example.com/fixtures/batchdep", "example.com/fixtures/ndjsonappend", "example.com/fixtures/gbifimport")
}
