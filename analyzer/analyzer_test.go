package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/internal/analysis/settings"
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
	for _, name := range []string{"rowgroup", "min", "scope", "wrappers", "checks", "tests"} {
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

// TestTestsSetting: _test.go files are skipped by every check unless
// -tests is set; with it, the test's walk, the size declared in the
// package for the test alone and the test's INSERT per row (rowbyrow)
// are reported; its commits every 50,000 rows written one by one are not
// (under a row group they cost nothing measured, issue 24).
func TestTestsSetting(t *testing.T) {
	for _, tc := range []struct {
		tests string
		want  []string
	}{
		{"false", []string{"export.go:17 pagesize", "export.go:22 offsetwalk"}},
		{"true", []string{
			"export.go:15 pagesize", "export.go:17 pagesize", "export.go:22 offsetwalk",
			"export_test.go:15 rowbyrow", "export_test.go:34 offsetwalk",
		}},
	} {
		a := analyzer.New(analyzer.Default())
		if err := a.Flags.Set("tests", tc.tests); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range analysistest.Run(quiet{}, "../passes/pagesize/testdata", a, "example.com/fixtures/testfiles") {
			for _, d := range r.Diagnostics {
				p := r.Pass.Fset.Position(d.Pos)
				got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(p.Filename), p.Line, d.Category))
			}
		}
		slices.Sort(got)
		got = slices.Compact(got) // the package and its test variant
		if !slices.Equal(got, tc.want) {
			t.Errorf("-tests=%s: %q, want %q", tc.tests, got, tc.want)
		}
	}
}

// TestPublicSurface keeps passes/ to the checks themselves (issue 18): a
// folder there is importable by any user, so anything that is not a check
// belongs under internal/analysis (or passes/internal, for what only the
// checks use), where it stays free to change.
func TestPublicSurface(t *testing.T) {
	entries, err := os.ReadDir("../passes")
	if err != nil {
		t.Fatal(err)
	}
	var checks []string
	for _, c := range analyzer.Checks() {
		checks = append(checks, c.Name)
	}
	for _, e := range entries {
		// passes/internal holds the checks' fix builders: only the
		// checks can import it.
		if e.IsDir() && e.Name() != "internal" && !slices.Contains(checks, e.Name()) {
			t.Errorf("passes/%s is public but is not a check (%v): move it under internal/analysis", e.Name(), checks)
		}
	}
}
