package checker_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/checker"
	"github.com/rowalign/rowalign/passes/settings"
)

func TestDoc(t *testing.T) {
	const docGo = `// Package x does x.
//
// # Analyzer pagesize
//
// pagesize: report things
//
// More.
package x
`
	if got, want := checker.Doc(docGo, "pagesize"), "pagesize: report things\n\nMore."; got != want {
		t.Errorf("Doc = %q, want %q", got, want)
	}
}

// at reports one finding per package, at its first file, under the
// check's name; the runner sets Category and URL.
func at(name string) checker.Check {
	return checker.Check{Name: name, Doc: name, Run: func(in *checker.Input) []analysis.Diagnostic {
		return []analysis.Diagnostic{{Pos: in.Pass.Files[0].Package, Message: name}}
	}}
}

// TestChecksFlag: -checks decides which checks run, and each finding
// carries its check's name and page.
func TestChecksFlag(t *testing.T) {
	for _, tc := range []struct {
		flag string
		want []string
	}{
		{"all", []string{settings.PageSize, settings.OffsetWalk}},
		{"all,-offsetwalk", []string{settings.PageSize}},
		{"offsetwalk", []string{settings.OffsetWalk}},
	} {
		a := checker.New("test", "test", settings.Default(), at(settings.PageSize), at(settings.OffsetWalk))
		if err := a.Flags.Set("checks", tc.flag); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range analysistest.Run(quiet{}, "../pagesize/testdata", a, "example.com/fixtures/sqlopen") {
			for _, d := range r.Diagnostics {
				got = append(got, d.Category)
				if d.URL != checker.DocsURL+d.Category+".md" {
					t.Errorf("URL %q for %s", d.URL, d.Category)
				}
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("-checks=%s: findings of %v, want %v", tc.flag, got, tc.want)
		}
	}
}

type quiet struct{}

func (quiet) Errorf(string, ...any) {}
