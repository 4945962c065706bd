package analyzer_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

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
