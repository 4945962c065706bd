package golangci

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// oneLine returns a, its findings reported as golangci-lint shows them
// best: each message prefixed with its check's name ("pagesize: page
// size 250000 ..."), because golangci-lint's output, text or JSON, drops
// the category; and the findings that start on one line joined into one
// (mergeLines), because golangci-lint keeps one issue per line by default
// (issues.uniq-by-line). Only the plugin joins them: standalone and under
// go vet every diagnostic is one check's, with its own category and fix
// (issue 18), as a -json consumer filtering on a category needs.
func oneLine(a *analysis.Analyzer) *analysis.Analyzer {
	wrapped := *a
	wrapped.Run = func(pass *analysis.Pass) (any, error) {
		var ds []analysis.Diagnostic
		p := *pass
		p.Report = func(d analysis.Diagnostic) { ds = append(ds, d) }
		res, err := a.Run(&p)
		for _, d := range mergeLines(pass.Fset, ds) {
			pass.Report(d)
		}
		return res, err
	}
	return &wrapped
}

func mergeLines(fset *token.FileSet, ds []analysis.Diagnostic) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for i := 0; i < len(ds); {
		j := i + 1
		for j < len(ds) && sameLine(fset, ds[i].Pos, ds[j].Pos) {
			j++
		}
		if j == i+1 {
			d := ds[i]
			d.Message = prefixed(d)
			out = append(out, d)
		} else {
			out = append(out, merge(ds[i:j]))
		}
		i = j
	}
	return out
}

func sameLine(fset *token.FileSet, a, b token.Pos) bool {
	pa, pb := fset.Position(a), fset.Position(b)
	return pa.Filename == pb.Filename && pa.Line == pb.Line
}

// merge joins the findings of one line.
func merge(ds []analysis.Diagnostic) analysis.Diagnostic {
	d := ds[0]
	var msgs, cats, fixMsgs []string
	var edits []analysis.TextEdit
	for _, o := range ds {
		d.End = max(d.End, o.End)
		msgs = append(msgs, prefixed(o))
		if !slices.Contains(cats, o.Category) {
			cats = append(cats, o.Category)
		}
		if len(o.SuggestedFixes) == 0 {
			continue
		}
		// Only a fix whose edits touch none of the edits kept so far:
		// two fixes of one literal would apply twice.
		fix := o.SuggestedFixes[0]
		if !overlaps(edits, fix.TextEdits) {
			edits = append(edits, fix.TextEdits...)
			fixMsgs = append(fixMsgs, fix.Message)
		}
	}
	d.Message = strings.Join(msgs, "; also ")
	d.Category = strings.Join(cats, "+")
	d.SuggestedFixes = nil
	if len(edits) > 0 {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: strings.Join(fixMsgs, "; "), TextEdits: edits}}
	}
	return d
}

func overlaps(kept, add []analysis.TextEdit) bool {
	for _, a := range add {
		for _, k := range kept {
			if a.Pos < k.End && k.Pos < a.End || a.Pos == k.Pos {
				return true
			}
		}
	}
	return false
}

// prefixed is d's message after its check's name, as golangci-lint
// prints the findings of go vet's analyzers ("printf: ...").
func prefixed(d analysis.Diagnostic) string {
	if d.Category == "" {
		return d.Message
	}
	return d.Category + ": " + d.Message
}
