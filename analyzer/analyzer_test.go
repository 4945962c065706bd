package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/analyzer"
)

// TestSuite checks that the suite is valid, that the reporting analyzer
// is named rowalign (golangci-lint then prints no prefix) and that its
// flags are the Config's.
func TestSuite(t *testing.T) {
	cfg := analyzer.Default()
	a := analyzer.New(cfg)
	if err := analysis.Validate([]*analysis.Analyzer{a}); err != nil {
		t.Fatal(err)
	}
	if a.Name != "rowalign" {
		t.Errorf("Name = %q", a.Name)
	}
	if err := a.Flags.Set("rowgroup", "204800"); err != nil || cfg.RowGroup != 204_800 {
		t.Errorf("-rowgroup did not reach the Config: %v, %d", err, cfg.RowGroup)
	}
	for _, name := range []string{"rowgroup", "min", "scope", "wrappers"} {
		if a.Flags.Lookup(name) == nil {
			t.Errorf("no -%s flag", name)
		}
	}
}
