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

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/passes/internal/rewrite"
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
	// NoFix says why the size's fix may change what the program computes
	// (pagedep.go), when it may.
	NoFix string
}

// find returns the findings of the check name (settings.PageSize or
// settings.CommitSize) in source order. A size that drives both a read
// and a commit is the commit's: the write side costs more, and one
// written size gets one finding.
func find(in *check.Input, name string) []*finding {
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
			byPos[s.Pos] = &finding{Site: s, Walk: w, Check: c, Aligned: alignedFor(w, s.Value, rg), RowGroup: rg}
		}
	}
	var out []*finding
	for _, f := range byPos {
		// A directive on the walk's own line, or on the call of its helper
		// in the walking loop, silences the size it uses, wherever that
		// size is written.
		if f.Check == name && !in.Directives.Ignored(f.Walk.Pos()) && (f.Site.Via() == nil || !in.Directives.Ignored(f.Site.Via().Pos())) {
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
	// until the table ends, so its pages cost at any size (issue 17),
	// whether its query is here or in another package's function that
	// this package's call runs (a Walks fact: no Query here; issue 32,
	// a cobra flag's default of 100 passed to service.MigrateToDuckDB).
	if v < int64(s.Min) && w.Strategy == pagewalk.Batch {
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
			// page"; go run ./duckdb/internal/cmd/measure commit -onetx 100000).
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

// alignedFor returns the size to use instead of v in w: the multiple of
// rowGroup nearest to v, at least one row group; for an Appender flushed
// outside a transaction, at most its automatic flush (at 204,800 rows it
// commits by itself, and a flush every 245,760 rows left partial groups:
// docs/measurements.md#appender-flushes), 0 when no multiple is that small
// (-rowgroup above 204,800): then only a transaction keeps the groups.
func alignedFor(w *pagewalk.Walk, v, rowGroup int64) int64 {
	m := aligned(v, rowGroup)
	if w.Appender && !w.InTx && m > settings.AppenderAutoFlush {
		m = settings.AppenderAutoFlush / rowGroup * rowGroup
	}
	return m
}

// aligned returns the multiple of rowGroup nearest to v, at least one
// row group.
func aligned(v, rowGroup int64) int64 {
	m := (v + rowGroup/2) / rowGroup * rowGroup
	return max(m, rowGroup)
}

// explained, when set, is told why each size finding got no fix (""
// when it got one): scripts/fixcount builds rowalign with -tags fixcount
// (fixcount.go) to count them.
var explained func(at token.Position, check, why string)

// A Cost is a check's words for what the size of a finding costs, in
// the walk w with a row group of rowGroup rows: chosen by the size,
// because each figure was measured at some sizes only (issue 24: pages
// of 2,048 and 5,000 rows quoted what 100-row pages cost). It returns ""
// when what the size costs was measured and is within noise: such a size
// is not reported.
type Cost func(w *pagewalk.Walk, size, rowGroup int64) string

// Diagnostics reports the findings of the check name, naming the size as what
// ("page size", "commit size"), with the words of cost:
//
//	page size pageSize = 250000 splits DuckDB's 122880-row row groups: COST; use 245760
//	page size pageSize = 5000 is smaller than DuckDB's 122880-row row group: COST; use 122880
func Diagnostics(in *check.Input, name, what string, cost Cost) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	rel := in.Linked()
	var prove *prover
	for _, f := range find(in, name) {
		words := cost(f.Walk, f.Site.Value, f.RowGroup)
		if words == "" {
			continue
		}
		relation := "splits DuckDB's %d-row row groups"
		if f.Site.Value < f.RowGroup {
			relation = "is smaller than DuckDB's %d-row row group"
		}
		edits := f.fixEdits(in.Pass)
		if edits == nil {
			f.NoFix = noLiteral
		} else {
			if prove == nil {
				prove = newProver(in.Pass, in.Scope.Flow, in.Walks.Walks)
			}
			if f.NoFix = prove.prove(f.fixSites()); f.NoFix != "" {
				edits = nil
			}
		}
		if explained != nil {
			explained(in.Pass.Fset.Position(f.Site.Pos), name, f.NoFix)
		}
		if in.Settings.Enabled(settings.OffsetWalk) {
			if fix := rewrite.For(in, f.Walk); fix != nil && fix.Replaces(f.Site.Pos) {
				// The walk's rewrite replaces the text this size is
				// written in (its loop, or a constant only the loop
				// read), with the page size rounded the same way.
				edits = nil
			}
		}
		msg := fmt.Sprintf("%s "+relation+": %s; %s", f.subject(what), f.RowGroup, words, f.use(in.Pass.Fset, edits))
		d := Measured(Evidence(f.diagnostic(msg, edits), f.Walk.Why), rel, words)
		if edits == nil && f.NoFix != "" && f.NoFix != noLiteral {
			// A user who finds no fix is told why, on a line of its own
			// (the fix was withheld because it might change results).
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End,
				Message: "no fix: " + f.NoFix + ", so a new size might change what the program computes"})
		}
		out = append(out, d)
	}
	return out
}

// noLiteral is NoFix when the size has no literal here to rewrite: the
// message then says where to change it.
const noLiteral = "no literal here the fix can rewrite"

// Evidence adds to d how its handle was judged DuckDB's (a walk's Why),
// when other evidence than the handle's own open did, as related
// information at the finding: go vet, gopls and rowalign print it on a
// line of its own, so the message stays within 200 characters (issue
// 24: "; DuckDB judged from the field ..." made findings of 250).
func Evidence(d analysis.Diagnostic, why string) analysis.Diagnostic {
	if why != "" {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End, Message: why})
	}
	return d
}

// Measured adds to d, as related information (the message stays within
// 200 characters), the DuckDB release the figure in words was measured on
// when the package links another one, rel (scope.Release.Measured).
func Measured(d analysis.Diagnostic, rel scope.Release, words string) analysis.Diagnostic {
	if m := rel.Measured(words); m != "" {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End, Message: m})
	}
	return d
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
	case f.Aligned == 0:
		return "no multiple of it is under the Appender's own flush at " + itoa(settings.AppenderAutoFlush) + ": BEGIN first, COMMIT after Close"
	case f.Site.Where != "":
		return "use " + n + " there" // in another package's walk: Where names it
	case f.Walk.ReadEngine != "":
		return fmt.Sprintf("read and commit %d rows a %s page", f.Aligned, f.Walk.ReadEngine)
	case f.Site.Foreign:
		return "use " + n + " (here, or at " + where(fset, f.Site.Decl) + ")"
	case f.Site.Grouped:
		return "declare a constant of " + n + " (its const group, " + where(fset, f.Site.Decl) + ")"
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

// fixSites are the places a fix rewrites: the size and every stride of
// the walk that repeats it.
func (f *finding) fixSites() []pagewalk.Site {
	sites := []pagewalk.Site{f.Site}
	for _, s := range f.Walk.Strides {
		// Strides of another walking call of the same helper are that
		// call's: its own finding fixes them, or a directive keeps them.
		if s.Value == f.Site.Value && s.Pos != f.Site.Pos && s.Via() == f.Site.Via() {
			sites = append(sites, s)
		}
	}
	return sites
}

// fixEdits rewrites the size and every stride of the walk that repeats
// it, or returns nil when one of them cannot be rewritten: changing the
// page size but not the step the offset advances by would make pages
// overlap.
func (f *finding) fixEdits(pass *analysis.Pass) []analysis.TextEdit {
	if f.Aligned == 0 {
		return nil
	}
	var edits []analysis.TextEdit
	seen := make(map[token.Pos]bool)
	for _, s := range f.fixSites() {
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
