// Package sizes finds the page and commit sizes of a package's walks that
// are not whole row groups, for the pagesize and commitsize checks, and
// builds the fix both share: the literal rewritten to the nearest
// multiple of the row group, in the literal's style.
package sizes

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/passes/checker"
	"github.com/rowalign/rowalign/passes/pagewalk"
	"github.com/rowalign/rowalign/passes/settings"
)

// A finding is a size written at Site that drives Walk.
type finding struct {
	Site pagewalk.Site
	Walk *pagewalk.Walk
	// Check is settings.PageSize for a read walk, settings.CommitSize for
	// a walk or loop that commits.
	Check string
	// Aligned is the multiple of the row group, RowGroup, to use instead.
	Aligned, RowGroup int64
}

// find returns the findings of check (settings.PageSize or
// settings.CommitSize) in source order. A size that drives both a read
// and a commit is the commit's: the write side costs more, and one
// written size gets one finding.
func find(in *checker.Input, check string) []*finding {
	rg := int64(in.Settings.RowGroup)
	byPos := make(map[token.Pos]*finding)
	for _, w := range in.Walks.Walks {
		for _, s := range w.Sites {
			c := classify(in.Settings, w, s)
			if c == "" {
				continue
			}
			if f, dup := byPos[s.Pos]; dup && (f.Check == settings.CommitSize || c != settings.CommitSize) {
				continue
			}
			byPos[s.Pos] = &finding{Site: s, Walk: w, Check: c, Aligned: aligned(s.Value, rg), RowGroup: rg}
		}
	}
	var out []*finding
	for _, f := range byPos {
		// A directive on the walk's own line silences the size it uses,
		// wherever that size is written.
		if f.Check == check && !in.Directives.Ignored(f.Walk.Pos()) {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b *finding) int { return cmp.Compare(a.Site.Pos, b.Site.Pos) })
	return out
}

// classify returns the check a size belongs to, or "" when it is fine:
// a multiple of the row group, under the minimum, a vector-sized chunk of
// a read walk, or a byte count.
func classify(s settings.Settings, w *pagewalk.Walk, site pagewalk.Site) string {
	v, rg := site.Value, int64(s.RowGroup)
	if v <= 0 || v%rg == 0 || v < int64(s.Min) || isByteName(site.Name) {
		return ""
	}
	if w.Write {
		if w.Appender && w.InTx {
			return "" // flushes inside one transaction commit nothing
		}
		return settings.CommitSize
	}
	if v%settings.VectorSize == 0 && rg%v == 0 {
		// 61,440 = 30 vectors: every page stays inside one row group.
		return ""
	}
	return settings.PageSize
}

func isByteName(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "byte") || strings.HasSuffix(n, "kb") || strings.HasSuffix(n, "mb") ||
		strings.HasSuffix(n, "kib") || strings.HasSuffix(n, "mib")
}

// aligned returns the multiple of rowGroup nearest to v, at least one
// row group.
func aligned(v, rowGroup int64) int64 {
	m := (v + rowGroup/2) / rowGroup * rowGroup
	return max(m, rowGroup)
}

// Costs are a check's words for what a size costs: one misaligned size,
// and a size smaller than one row group.
type Costs struct{ Misaligned, Small string }

// Diagnostics reports the findings of check, naming the size as what
// ("page size", "commit size"):
//
//	page size pageSize = 250000 is not a multiple of DuckDB's 122880-row row group: COST; use 245760
func Diagnostics(in *checker.Input, check, what string, c Costs) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, f := range find(in, check) {
		relation, cost := "is not a multiple of", c.Misaligned
		if f.Site.Value < f.RowGroup {
			relation, cost = "is smaller than", c.Small
		}
		msg := fmt.Sprintf("%s %s DuckDB's %d-row row group: %s; %s", f.subject(what), relation, f.RowGroup, cost, f.use())
		if f.Walk.Why != "" {
			msg += "; " + f.Walk.Why
		}
		out = append(out, f.diagnostic(in.Pass, msg))
	}
	return out
}

// subject names the size as a message starts: "page size 250000",
// "commit size copyPage = 250000".
func (f *finding) subject(what string) string {
	s := what + " " + itoa(f.Site.Value)
	if f.Site.Name != "" {
		s = what + " " + f.Site.Name + " = " + itoa(f.Site.Value)
	}
	if f.Site.Where != "" {
		s += " (in " + f.Site.Where + ")"
	}
	return s
}

// use says what to write instead: "use 245760", or, for a constant of
// another package, where to change it.
func (f *finding) use() string {
	if f.Site.Where != "" {
		return "use " + itoa(f.Aligned) + " there"
	}
	if f.Site.Foreign {
		return "use " + itoa(f.Aligned) + " where " + f.Site.Name + " is declared"
	}
	return "use " + itoa(f.Aligned)
}

// diagnostic returns the finding's diagnostic with message msg, and the
// fix when every place the size is written can be rewritten.
func (f *finding) diagnostic(pass *analysis.Pass, msg string) analysis.Diagnostic {
	d := analysis.Diagnostic{Pos: f.Site.Pos, End: f.Site.End, Message: msg}
	if edits := f.fixEdits(pass); edits != nil {
		groups, plural := f.Aligned/f.RowGroup, "s"
		if groups == 1 {
			plural = ""
		}
		msg := fmt.Sprintf("Use %d (%d row group%s)", f.Aligned, groups, plural)
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: msg, TextEdits: edits}}
	}
	return d
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// fixEdits rewrites the size and every stride of the walk that repeats
// it, or returns nil when one of them cannot be rewritten: changing the
// page size but not the step the offset advances by would make pages
// overlap.
func (f *finding) fixEdits(pass *analysis.Pass) []analysis.TextEdit {
	sites := []pagewalk.Site{f.Site}
	for _, s := range f.Walk.Strides {
		if s.Value == f.Site.Value && s.Pos != f.Site.Pos {
			sites = append(sites, s)
		}
	}
	var edits []analysis.TextEdit
	seen := make(map[token.Pos]bool)
	for _, s := range sites {
		if !s.Fixable {
			return nil
		}
		if seen[s.Pos] {
			continue
		}
		seen[s.Pos] = true
		e, ok := replace(pass, s, f.Aligned)
		if !ok {
			return nil
		}
		edits = append(edits, e)
	}
	return edits
}
