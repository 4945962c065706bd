package analyzer_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/passes/settings"
)

// TestSuite checks that the suite is valid, that the reporting analyzer
// is named rowalign (golangci-lint then prints no prefix), that it runs
// every check, and that its flags are the settings'.
func TestSuite(t *testing.T) {
	a := analyzer.New(analyzer.Default())
	if err := analysis.Validate([]*analysis.Analyzer{a}); err != nil {
		t.Fatal(err)
	}
	if a.Name != "rowalign" {
		t.Errorf("Name = %q", a.Name)
	}
	var names []string
	for _, c := range analyzer.Checks() {
		names = append(names, c.Name)
		if c.Doc == "" || c.Run == nil {
			t.Errorf("check %q has no doc or no run", c.Name)
		}
	}
	if !slices.Equal(names, settings.CheckNames) {
		t.Errorf("suite checks %v, want %v", names, settings.CheckNames)
	}
	for _, name := range []string{"rowgroup", "min", "scope", "wrappers", "checks"} {
		if a.Flags.Lookup(name) == nil {
			t.Errorf("no -%s flag", name)
		}
	}
	if err := a.Flags.Set("rowgroup", "250000"); err == nil {
		t.Errorf("-rowgroup=250000 accepted")
	}
}

// TestExportedAnalyzerFlags is issue 9, bug 1, on the suite: flags set on
// the exported analyzer reach the checks it runs (-scope=all puts a
// package that is not DuckDB code in scope; -checks=pagesize leaves only
// the finding the fixture wants).
func TestExportedAnalyzerFlags(t *testing.T) {
	a := analyzer.Analyzer
	for name, v := range map[string]string{"scope": "all", "checks": "pagesize"} {
		old := a.Flags.Lookup(name).Value.String()
		if err := a.Flags.Set(name, v); err != nil {
			t.Fatal(err)
		}
		defer a.Flags.Set(name, old)
	}
	analysistest.Run(t, "../passes/pagesize/testdata", a, "example.com/fixtures/allscope")
}
