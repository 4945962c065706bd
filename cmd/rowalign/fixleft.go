package main

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// vetFixRun reports whether args are one package of go vet -fix or go
// fix that applies fixes (-fix without -diff) and reports (not VetxOnly,
// a dependency analysed for its facts).
func vetFixRun(args []string) bool {
	cfg, vet := vetConfig(args)
	if !vet || cfg.VetxOnly {
		return false
	}
	fix, diff := fixFlags(args)
	return fix && !diff
}

// withFindingsLeft returns a copy of a that also prints, on standard
// output, the findings go vet -fix and go fix leave in its package:
// those without a fix, at their lines in the fixed files. cmd/go
// defines fix mode as applying fixes instead of printing them, and x/tools'
// driver prints nothing then: go vet -fix exited 0 in silence, and a
// walk's strategy finding, which has no fix, went unseen (issue 18).
//
// The driver applies the first fix of every finding after the analysis
// (cmd/go writes the files once every package is done), so the lines are
// computed here from the fixes' own edits: the offset of each finding
// moves by what the edits before it add or remove. The driver then
// formats the fixed files and drops imports left unused; rowalign's
// fixes leave none (analyzer's TestFixesCompile builds them formatted by
// go/format alone), and formatting moves a line only where a fix's text
// is not gofmt's own: tests/e2e's fixleft.txtar compares the lines
// with rowalign's own run on the fixed module.
//
// Standard output is the file cmd/go gives the tool (unitchecker
// redirects it there), which go vet and go fix copy to theirs and cache
// with the fixes, so a run that cmd/go answers from its cache prints them
// again. The exit status stays 0: cmd/go drops the fixes of a tool that
// fails.
func withFindingsLeft(a *analysis.Analyzer, out func() io.Writer) *analysis.Analyzer {
	w := *a
	w.Run = func(pass *analysis.Pass) (any, error) {
		var found []analysis.Diagnostic
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			found = append(found, d)
			pass.Report(d)
		}
		res, err := a.Run(&p)
		if err == nil {
			if err := printLeft(out(), pass, found); err != nil {
				fmt.Fprintf(os.Stderr, "rowalign: listing the findings left after -fix: %v; run it again without -fix to see them\n", err)
			}
		}
		return res, err
	}
	return &w
}

// textEdit is a fix's edit by byte offsets in its file.
type textEdit struct {
	start, end int
	text       string
}

// printLeft prints the findings of ds that the fixes leave, file:line:col:
// message, in source order: those without a fix, or whose fix edits a
// generated file (the driver skips it), except where an applied edit
// replaces the code they point at (a walk rewritten into the pager takes
// its size finding with it).
func printLeft(w io.Writer, pass *analysis.Pass, ds []analysis.Diagnostic) error {
	generated := make(map[*token.File]bool)
	for _, f := range pass.Files {
		generated[pass.Fset.File(f.FileStart)] = ast.IsGenerated(f)
	}
	edits := make(map[*token.File][]textEdit) // the applied edits
	var left []analysis.Diagnostic
diags:
	for _, d := range ds {
		if len(d.SuggestedFixes) == 0 {
			left = append(left, d)
			continue
		}
		fix := d.SuggestedFixes[0]
		for _, e := range fix.TextEdits {
			if generated[pass.Fset.File(e.Pos)] {
				left = append(left, d)
				continue diags
			}
		}
		for _, e := range fix.TextEdits {
			tf := pass.Fset.File(e.Pos)
			edits[tf] = append(edits[tf], textEdit{tf.Offset(e.Pos), tf.Offset(e.End), string(e.NewText)})
		}
	}
	type line struct {
		file      string
		line, col int
		msg       string
		related   []string // "file:line:col: \tmessage", as go vet prints them
	}
	var lines []line
	fixed := make(map[*token.File][]byte)
	// at returns where pos is in the fixed file, or false when a fix
	// rewrote the code there.
	at := func(pos token.Pos) (file string, l, c int, ok bool, err error) {
		tf := pass.Fset.File(pos)
		if tf == nil {
			return "", 0, 0, false, nil
		}
		posn := pass.Fset.Position(pos)
		es := edits[tf]
		if len(es) == 0 {
			return posn.Filename, posn.Line, posn.Column, true, nil
		}
		src, ok := fixed[tf]
		if !ok {
			before, err := pass.ReadFile(tf.Name())
			if err != nil {
				return "", 0, 0, false, err
			}
			src = applyEdits(before, es)
			fixed[tf] = src
		}
		off, ok := movedOffset(tf.Offset(pos), es)
		if !ok {
			return "", 0, 0, false, nil
		}
		l, c = lineCol(src, off)
		return posn.Filename, l, c, true, nil
	}
	for _, d := range left {
		file, l, c, ok, err := at(d.Pos)
		if err != nil {
			return err
		}
		if !ok {
			continue // its code was rewritten
		}
		found := line{file, l, c, d.Message, nil}
		// The related lines too, "no fix: ..." first among them: plain
		// go vet prints them under the finding, and -fix dropped them.
		for _, r := range d.Related {
			rf, rl, rc, ok, err := at(r.Pos)
			if err != nil {
				return err
			}
			if ok {
				found.related = append(found.related, fmt.Sprintf("%s:%d:%d: \t%s", rf, rl, rc, r.Message))
			}
		}
		lines = append(lines, found)
	}
	slices.SortFunc(lines, func(a, b line) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col))
	})
	for _, l := range lines {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s\n", l.file, l.line, l.col, l.msg); err != nil {
			return err
		}
		for _, r := range l.related {
			if _, err := fmt.Fprintln(w, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// applyEdits returns src with es applied, as the driver merges them:
// sorted, the same edit twice (a package and its test variant) once.
func applyEdits(src []byte, es []textEdit) []byte {
	es = sortedEdits(es)
	var b []byte
	last := 0
	for _, e := range es {
		if e.start < last {
			continue // overlapping: the driver skips the fix too
		}
		b = append(b, src[last:e.start]...)
		b = append(b, e.text...)
		last = e.end
	}
	return append(b, src[last:]...)
}

// movedOffset returns where offset at of the original file is once es
// are applied, or false when an edit replaces the text at it.
func movedOffset(at int, es []textEdit) (int, bool) {
	moved := at
	last := 0
	for _, e := range sortedEdits(es) {
		if e.start < last {
			continue
		}
		last = e.end
		switch {
		case e.start <= at && at < e.end:
			return 0, false
		case e.end <= at:
			moved += len(e.text) - (e.end - e.start)
		}
	}
	return moved, true
}

func sortedEdits(es []textEdit) []textEdit {
	es = slices.Clone(es)
	// An insertion before a deletion that starts where it does, as the
	// driver orders them.
	slices.SortFunc(es, func(a, b textEdit) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
	return slices.Compact(es)
}

// lineCol returns the line and column (from 1, the column in bytes, as
// go/token counts them) of offset at in src.
func lineCol(src []byte, at int) (line, col int) {
	at = min(at, len(src))
	nl := strings.LastIndexByte(string(src[:at]), '\n')
	return strings.Count(string(src[:at]), "\n") + 1, at - nl
}
