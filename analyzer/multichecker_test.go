package analyzer_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/analyzer"
)

// TestMultichecker: the analyzers the repository exports, one per check,
// run together in one driver, as a custom vet tool's
// multichecker.Main(pagesize.Analyzer, commitsize.Analyzer, ...) runs
// them, beside the suite, and report what the suite reports: the same
// findings, messages and fixes on examples/, the corpus and every fixture
// module. Each of them exported the Walks fact, and go/analysis refuses
// a fact type registered by two analyzers: multichecker.Main exited 1
// (issue 27). The fact now has one owner, pagewalk.Analyzer, which
// they require.
func TestMultichecker(t *testing.T) {
	if err := analysis.Validate(append([]*analysis.Analyzer{analyzer.Analyzer}, exported...)); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, m := range modules(t) {
		var suite, checks []string
		for _, f := range m.suite["all"] {
			suite = append(suite, f.text())
		}
		for _, f := range m.exported {
			checks = append(checks, f.text())
		}
		slices.Sort(suite)
		slices.Sort(checks)
		if !slices.Equal(suite, checks) {
			t.Errorf("%s: the exported analyzers in one driver differ from the suite:\n%s", m.dir, lineDiff(strings.Join(suite, "\n"), strings.Join(checks, "\n")))
		}
		total += len(suite)
	}
	if total == 0 {
		t.Fatal("no findings: the test compared nothing")
	}
}

// text is a finding as TestMultichecker compares it: position, check,
// message and every fix.
func (f finding) text() string {
	return fmt.Sprintf("%s %s [%s]", f.key(), f.msg, f.fixes)
}
