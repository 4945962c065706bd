package check_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/settings"
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
	if got, want := check.Doc(docGo, "pagesize"), "pagesize: report things\n\nMore."; got != want {
		t.Errorf("Doc = %q, want %q", got, want)
	}
}

// at reports one finding per package, at the start of declaration decl
// of its first file (-1: the package clause), under the check's name,
// with a fix that inserts the name there; the runner sets Category and
// URL.
func at(name string, decl int) check.Check {
	return check.Check{Name: name, Doc: name, Run: func(in *check.Input) []analysis.Diagnostic {
		f := in.Pass.Files[0]
		pos := f.Package
		if decl >= 0 {
			pos = f.Decls[decl].Pos()
		}
		fix := analysis.SuggestedFix{Message: "add " + name, TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte("/*" + name + "*/")}}}
		return []analysis.Diagnostic{{Pos: pos, Message: name, SuggestedFixes: []analysis.SuggestedFix{fix}}}
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
		a := check.New("test", "test", settings.Default(), at(settings.PageSize, -1), at(settings.OffsetWalk, 0))
		if err := a.Flags.Set("checks", tc.flag); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range analysistest.Run(quiet{}, "../../../passes/pagesize/testdata", a, "example.com/fixtures/sqlopen") {
			for _, d := range r.Diagnostics {
				got = append(got, d.Category)
				if d.URL != check.DocsURL+d.Category+".md" {
					t.Errorf("URL %q for %s", d.URL, d.Category)
				}
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("-checks=%s: findings of %v, want %v", tc.flag, got, tc.want)
		}
	}
}

// TestOneCheckFlags: an analyzer of one check has every setting's flag
// but -checks, which could only switch its one check off; a suite keeps
// it. The flags still set the analyzer's settings.
func TestOneCheckFlags(t *testing.T) {
	one := check.New("one", "one", settings.Default(), at(settings.PageSize, -1))
	if one.Flags.Lookup("checks") != nil {
		t.Error("an analyzer of one check has a -checks flag")
	}
	for _, name := range []string{"rowgroup", "min", "scope", "wrappers", "tests"} {
		if one.Flags.Lookup(name) == nil {
			t.Errorf("an analyzer of one check has no -%s flag", name)
		}
	}
	if err := one.Flags.Set("tests", "true"); err != nil {
		t.Error(err)
	}
	suite := check.New("suite", "suite", settings.Default(), at(settings.PageSize, -1), at(settings.OffsetWalk, 0))
	if suite.Flags.Lookup("checks") == nil {
		t.Error("a suite has no -checks flag")
	}
}

// TestOneCategoryPerFinding: findings of one line stay apart, each
// with one check's name as its category and its own fix: a -json
// consumer filtering on pagesize missed the joined "offsetwalk+pagesize"
// finding, which had lost the size's fix (issue 18). The golangci-lint
// plugin joins them for its uniq-by-line (golangci/merge.go).
func TestOneCategoryPerFinding(t *testing.T) {
	a := check.New("test", "test", settings.Default(), at(settings.OffsetWalk, -1), at(settings.PageSize, -1), at(settings.CommitSize, 0))
	var got []analysis.Diagnostic
	for _, r := range analysistest.Run(quiet{}, "../../../passes/pagesize/testdata", a, "example.com/fixtures/sqlopen") {
		got = append(got, r.Diagnostics...)
	}
	if len(got) != 3 {
		t.Fatalf("%d findings, want 3: %v", len(got), got)
	}
	for i, want := range []string{settings.OffsetWalk, settings.PageSize, settings.CommitSize} {
		d := got[i]
		if d.Category != want || d.Message != want || d.URL != check.DocsURL+want+".md" {
			t.Errorf("finding %d: %q (category %q, URL %q), want %s's own", i, d.Message, d.Category, d.URL, want)
		}
		if len(d.SuggestedFixes) != 1 || d.SuggestedFixes[0].Message != "add "+want {
			t.Errorf("finding %d: fixes %+v, want %s's own", i, d.SuggestedFixes, want)
		}
	}
}

// TestScopeFlagRequires: the walks come from the walks analyzer of the
// analyzer's scope, so setting -scope or -wrappers makes it require that
// scope's (one per scope, shared by every analyzer with it); the default
// scope's is pagewalk.Analyzer, which every check built with the default
// settings shares, so that they run together in one driver.
func TestScopeFlagRequires(t *testing.T) {
	a := check.New("test", "test", settings.Default(), at(settings.PageSize, -1))
	walks := func() *analysis.Analyzer { return a.Requires[len(a.Requires)-1] }
	if walks() != pagewalk.Analyzer {
		t.Fatalf("default settings require %v, want pagewalk.Analyzer", walks())
	}
	for _, step := range []struct {
		flag, value string
		want        *analysis.Analyzer
	}{
		{"scope", "all", pagewalk.For(true, nil)},
		{"wrappers", "example.com/app/db", pagewalk.For(true, []string{"example.com/app/db"})},
		{"scope", "auto", pagewalk.For(false, []string{"example.com/app/db"})},
		{"wrappers", "", pagewalk.Analyzer},
	} {
		if err := a.Flags.Set(step.flag, step.value); err != nil {
			t.Fatal(err)
		}
		if walks() != step.want || step.value != "" && walks() == pagewalk.Analyzer {
			t.Errorf("-%s=%s: requires %p, want %p", step.flag, step.value, walks(), step.want)
		}
	}
	if err := analysis.Validate([]*analysis.Analyzer{a, check.New("other", "other", settings.Default(), at(settings.OffsetWalk, -1))}); err != nil {
		t.Errorf("two analyzers of the default scope: %v", err)
	}
}

type quiet struct{}

func (quiet) Errorf(string, ...any) {}
