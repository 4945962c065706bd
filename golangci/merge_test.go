package golangci

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/checker"
	"github.com/rowalign/rowalign/passes/settings"
)

// at reports one finding per package, at the start of declaration decl
// of its first file (-1: the package clause), under the check's name,
// with a fix that inserts the name there.
func at(name string, decl int) checker.Check {
	return checker.Check{Name: name, Doc: name, Run: func(in *checker.Input) []analysis.Diagnostic {
		f := in.Pass.Files[0]
		pos := f.Package
		if decl >= 0 {
			pos = f.Decls[decl].Pos()
		}
		fix := analysis.SuggestedFix{Message: "add " + name, TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte("/*" + name + "*/")}}}
		return []analysis.Diagnostic{{Pos: pos, Message: name, SuggestedFixes: []analysis.SuggestedFix{fix}}}
	}}
}

// TestOneFindingPerLine: in the plugin, findings of one line are one
// diagnostic, which golangci-lint's default uniq-by-line cannot hide,
// with every check's name, message and fix (issue 10); every message
// starts with its check's name, which golangci-lint's output otherwise
// loses (issue 18).
func TestOneFindingPerLine(t *testing.T) {
	a := oneLine(checker.New("test", "test", settings.Default(), at(settings.OffsetWalk, -1), at(settings.PageSize, -1), at(settings.CommitSize, 0)))
	var got []analysis.Diagnostic
	for _, r := range analysistest.Run(quiet{}, "../passes/pagesize/testdata", a, "example.com/fixtures/sqlopen") {
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
	if d.URL != checker.DocsURL+"offsetwalk.md" {
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
