// Package sizes finds the page and commit sizes of a package's walks that
// are not whole row groups, for the pagesize and commitsize checks, and
// builds the fix both share: the literal rewritten to the nearest
// multiple of the row group, in the literal's style.
package sizes

import (
	"cmp"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/checker"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/rewrite"
	"github.com/rowalign/rowalign/internal/analysis/settings"
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
		// A directive on the walk's own line, or on the call of its helper
		// in the walking loop, silences the size it uses, wherever that
		// size is written.
		if f.Check == check && !in.Directives.Ignored(f.Walk.Pos()) && (f.Site.Via() == nil || !in.Directives.Ignored(f.Site.Via().Pos())) {
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
	if v <= 0 || v%rg == 0 || isByteName(site.Name) {
		return ""
	}
	// -min keeps small batches of commit loops quiet: a loop that commits
	// every 500 rows may never see more than a few hundred. A page walk
	// is no request page (a request's offset does not advance): it runs
	// until the table ends, so its pages cost at any size (issue 17).
	if v < int64(s.Min) && w.Query == nil {
		return ""
	}
	if w.Write {
		if w.Appender && w.InTx {
			return "" // flushes inside one transaction commit nothing
		}
		if w.OneTx && v < rg {
			// INSERT ... SELECT pages smaller than a row group, all in one
			// transaction, fill the transaction's own row groups: 100,000-
			// row pages left the same 9 groups as 122,880-row pages, and
			// took no longer (docs/measurements.md, "Committing page by
			// page"; cd scripts && go run ./measure commit -onetx 100000).
			return ""
		}
		return settings.CommitSize
	}
	if v%settings.VectorSize == 0 && rg%v == 0 && v >= int64(s.Min) {
		// 61,440 = 30 vectors: every page stays inside one row group.
		// Below -min (2,048 ... 8,192) the query per page costs more
		// than the group shared: reported as a tiny page.
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
// a size smaller than one row group, and a size below -min (a page
// walk's only; empty: Small says it).
//
// MisalignedOneTx, when set, is Misaligned's wording for an INSERT ...
// SELECT walk whose pages run in one transaction (pagewalk.Walk.OneTx):
// no page is a commit, and each still leaves a partial group.
type Costs struct{ Misaligned, Small, Tiny, MisalignedOneTx string }

// Diagnostics reports the findings of check, naming the size as what
// ("page size", "commit size"):
//
//	page size pageSize = 250000 is not a multiple of DuckDB's 122880-row row group: COST; use 245760
func Diagnostics(in *checker.Input, check, what string, c Costs) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, f := range find(in, check) {
		relation, cost := "is not a multiple of", c.Misaligned
		if f.Walk.OneTx && c.MisalignedOneTx != "" {
			cost = c.MisalignedOneTx
		}
		if f.Site.Value < f.RowGroup {
			relation, cost = "is smaller than", c.Small
		}
		if f.Site.Value < f.RowGroup && f.Site.Value < int64(in.Settings.Min) && c.Tiny != "" {
			cost = c.Tiny
		}
		edits := f.fixEdits(in.Pass)
		if in.Settings.Enabled(settings.OffsetWalk) {
			if fix := rewrite.For(in, f.Walk); fix != nil && fix.Replaces(f.Site.Pos) {
				// The walk's rewrite replaces the text this size is
				// written in (its loop, or a constant only the loop
				// read), with the page size rounded the same way.
				edits = nil
			}
		}
		msg := fmt.Sprintf("%s %s DuckDB's %d-row row group: %s; %s", f.subject(what), relation, f.RowGroup, cost, f.use(in.Pass.Fset, edits))
		if f.Walk.Why != "" {
			msg += "; " + f.Walk.Why
		}
		out = append(out, f.diagnostic(msg, edits))
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

// use says what to write instead: what the fix writes ("use 245_760"
// for 250_000, "use 0x3C000" for 0x3D090; the message said "use 122880"
// while the fix wrote 122_880, issue 18), or, without a fix, the aligned
// size ("use 245760"); for a constant with no literal of its own to
// change here, what to change and where: another package's constant
// (whose declaration may be computed too, which export data does not
// say), or a constant computed in a const group (iota, an implicit
// repetition); for a copy from another engine, which of the two sizes to
// change.
func (f *finding) use(fset *token.FileSet, edits []analysis.TextEdit) string {
	n := itoa(f.Aligned)
	switch {
	case f.Site.Where != "":
		return "use " + n + " there" // in another package's walk: Where names it
	case f.Walk.ReadEngine != "":
		return fmt.Sprintf("each page read from %s is one DuckDB commit: read %d rows a page, or commit every %d rows", f.Walk.ReadEngine, f.Aligned, f.Aligned)
	case f.Site.Foreign:
		return "use " + n + " here, or change " + f.Site.Name + " where it is declared (" + where(fset, f.Site.Decl) + ", another package)"
	case f.Site.Grouped:
		return "declare a constant of " + n + " for this size: " + f.Site.Name + " is computed in its const group (" + where(fset, f.Site.Decl) + ") and has no literal of its own to change"
	case len(edits) > 0:
		return "use " + string(edits[0].NewText) // edits[0] rewrites the size itself
	}
	return "use " + n
}

// where names a declaration by its file's base name and line: the
// package is in the message already, and a full path depends on the
// machine.
func where(fset *token.FileSet, pos token.Pos) string {
	if !pos.IsValid() {
		return "unknown position"
	}
	p := fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// diagnostic returns the finding's diagnostic with message msg, and the
// fix made of edits when every place the size is written can be
// rewritten (fixEdits).
func (f *finding) diagnostic(msg string, edits []analysis.TextEdit) analysis.Diagnostic {
	d := analysis.Diagnostic{Pos: f.Site.Pos, End: f.Site.End, Message: msg}
	if edits != nil {
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
		// Strides of another walking call of the same helper are that
		// call's: its own finding fixes them, or a directive keeps them.
		if s.Value == f.Site.Value && s.Pos != f.Site.Pos && s.Via() == f.Site.Via() {
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
