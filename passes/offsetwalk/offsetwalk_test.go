package offsetwalk_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/offsetwalk"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), offsetwalk.Analyzer, "example.com/fixtures/strategy", "example.com/fixtures/crossfunc", "example.com/fixtures/readtx", "example.com/fixtures/sharedpage", "example.com/fixtures/compositekey", "example.com/fixtures/repolist", "example.com/fixtures/recursive", "example.com/fixtures/gotowalk", "example.com/fixtures/poll", "example.com/fixtures/sharedhelper/...", "example.com/fixtures/repopages/...", "example.com/fixtures/files", "example.com/fixtures/seedcursor", "example.com/fixtures/pagecosts", "example.com/fixtures/oldpages")
}

// TestRewrite checks the fix that rewrites a walk into pager.Pages, on the
// shapes it rewrites and on those it must leave alone (their goldens are
// their sources).
func TestRewrite(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), offsetwalk.Analyzer, "example.com/fixtures/rewrite", "example.com/fixtures/nopager", "example.com/fixtures/blankpager", "example.com/fixtures/txsql", "example.com/fixtures/attached")
}
