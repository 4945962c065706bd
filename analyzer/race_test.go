package analyzer_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/passes/rowbyrow"
)

// TestSharedResultsInOneDriver runs the suite and every exported
// analyzer in one driver the way a custom vet tool does (checker.Analyze
// in parallel, not the Sequential mode of the other tests), with the
// suite's -min set apart from the checks' default, and compares what
// each reports with what it reports alone. rowbyrow's check wrote into
// the result of its Writers analyzer, which the suite and
// rowbyrow.Analyzer both read: in one driver they raced (go test -race,
// which CI runs on this test), and one's commit loops, chosen by its
// -min, leaked into the other's findings.
func TestSharedResultsInOneDriver(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a fixture module")
	}
	pkgs, err := loadModule(filepath.Join("..", "passes", "rowbyrow", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	s := analyzer.Default()
	s.Min = 1_000_000 // no commit loop of the fixtures is this large
	suite := analyzer.New(s)
	aloneSuite := keys(runAll(t, pkgs, true, suite)[suite])
	aloneRows := keys(runAll(t, pkgs, true, rowbyrow.Analyzer)[rowbyrow.Analyzer])
	if slices.Equal(rowsOf(aloneSuite), aloneRows) {
		t.Fatal("the suite at -min=1000000 and rowbyrow at its default report the same rowbyrow findings: the test cannot tell a leak")
	}
	for round := range 3 {
		got := runAll(t, pkgs, false, append([]*analysis.Analyzer{suite}, exported...)...)
		if g := keys(got[suite]); !slices.Equal(g, aloneSuite) {
			t.Errorf("round %d: the suite beside the checks differs from the suite alone:\n%s", round, lineDiff(strings.Join(aloneSuite, "\n"), strings.Join(g, "\n")))
		}
		if g := keys(got[rowbyrow.Analyzer]); !slices.Equal(g, aloneRows) {
			t.Errorf("round %d: rowbyrow beside the suite differs from rowbyrow alone:\n%s", round, lineDiff(strings.Join(aloneRows, "\n"), strings.Join(g, "\n")))
		}
	}
}

// runAll runs analyzers on pkgs in one driver and returns the findings
// of each root action by analyzer.
func runAll(t *testing.T, pkgs []*packages.Package, sequential bool, analyzers ...*analysis.Analyzer) map[*analysis.Analyzer][]finding {
	t.Helper()
	graph, err := checker.Analyze(analyzers, pkgs, &checker.Options{Sequential: sequential})
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[*analysis.Analyzer][]finding)
	for act := range graph.All() {
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				out[act.Analyzer] = append(out[act.Analyzer], newFinding(act.Package, d))
			}
		}
	}
	return out
}

// keys returns the findings as sorted, comparable lines.
func keys(fs []finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.text())
	}
	slices.Sort(out)
	return out
}

// rowsOf returns the lines of rowbyrow's findings.
func rowsOf(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.Contains(l, " rowbyrow ") {
			out = append(out, l)
		}
	}
	return out
}
