package checker

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// mergeLines joins the findings ds (in source order) that start on the
// same line into one. golangci-lint keeps one issue per line by default
// (issues.uniq-by-line), so a page size written in the query's own
// arguments (LIMIT 250000 OFFSET ?) vanished behind the offsetwalk
// finding of the same call, while --fix still applied the size's fix
// (issue 10: 10 of 90 findings hidden). One diagnostic per line keeps
// every finding visible there, and in every tool that keys findings by
// line. Sizes written elsewhere are reported where they are written, so
// only findings that share a line are joined.
//
// The joined finding reads "first; also second", its Category names each
// check joined by "+" ("offsetwalk+pagesize"), its URL is the first
// check's page, and its fix applies every fix of the line at once: a
// driver applies at most one fix per diagnostic.
func mergeLines(fset *token.FileSet, ds []analysis.Diagnostic) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for i := 0; i < len(ds); {
		j := i + 1
		for j < len(ds) && sameLine(fset, ds[i].Pos, ds[j].Pos) {
			j++
		}
		if j == i+1 {
			out = append(out, ds[i])
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
		msgs = append(msgs, o.Message)
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
