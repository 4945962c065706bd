package golangci

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

// threeFindings reports what the checker reports for a line with two
// findings and another line with one: offsetwalk and pagesize at the
// package clause, each with its own fix (pagesize's insertion at the same
// position as offsetwalk's), and commitsize at the first declaration.
var threeFindings = &analysis.Analyzer{
	Name: "three",
	Doc:  "three findings",
	Run: func(pass *analysis.Pass) (any, error) {
		f := pass.Files[0]
		for _, d := range []struct {
			check string
			pos   analysis.Range
		}{
			{settings.OffsetWalk, f.Name},
			{settings.PageSize, f.Name},
			{settings.CommitSize, f.Decls[0]},
		} {
			fix := analysis.SuggestedFix{Message: "add " + d.check, TextEdits: []analysis.TextEdit{{Pos: d.pos.Pos(), End: d.pos.Pos(), NewText: []byte("/*" + d.check + "*/")}}}
			pass.Report(analysis.Diagnostic{Pos: d.pos.Pos(), Category: d.check, URL: check.DocsURL + d.check + ".md", Message: d.check, SuggestedFixes: []analysis.SuggestedFix{fix}})
		}
		return nil, nil
	},
}

// TestOneFindingPerLine: in the plugin, findings of one line are one
// diagnostic, which golangci-lint's default uniq-by-line cannot hide,
// with every check's name, message and fix (issue 10); every message
// starts with its check's name, which golangci-lint's output otherwise
// loses (issue 18). Standalone and under go vet they stay apart
// (internal/analysis/check TestOneCategoryPerFinding).
func TestOneFindingPerLine(t *testing.T) {
	var got []analysis.Diagnostic
	for _, r := range analysistest.Run(quiet{}, "../passes/pagesize/testdata", oneLine(threeFindings), "example.com/fixtures/sqlopen") {
		got = append(got, r.Diagnostics...)
	}
	if len(got) != 2 {
		t.Fatalf("%d findings, want 2: %v", len(got), got)
	}
	d := got[0]
	if want := "offsetwalk: offsetwalk; also pagesize: pagesize"; d.Message != want {
		t.Errorf("Message = %q, want %q", d.Message, want)
	}
	if want := "offsetwalk+pagesize"; d.Category != want {
		t.Errorf("Category = %q, want %q", d.Category, want)
	}
	if d.URL != check.DocsURL+"offsetwalk.md" {
		t.Errorf("URL = %q, want the first check's page", d.URL)
	}
	// One fix with both edits: a driver applies one fix per diagnostic.
	// The two insertions at one position overlap: only the first is kept.
	if len(d.SuggestedFixes) != 1 || len(d.SuggestedFixes[0].TextEdits) != 1 || d.SuggestedFixes[0].Message != "add offsetwalk" {
		t.Errorf("fixes = %+v, want one fix with offsetwalk's edit", d.SuggestedFixes)
	}
	if got[1].Category != settings.CommitSize || got[1].Message != "commitsize: commitsize" {
		t.Errorf("second finding = %q (%s), want commitsize's own, prefixed", got[1].Message, got[1].Category)
	}
}

type quiet struct{}

func (quiet) Errorf(string, ...any) {}
