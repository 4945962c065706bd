package offsetwalk

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/passes/internal/rewrite"
	"github.com/rowalign/rowalign/passes/internal/sizes"
)

//go:embed doc.go
var doc string

// Check is the offsetwalk check, for the suite; Analyzer runs it alone, with
// the default settings.
var Check, Analyzer = check.Define(settings.OffsetWalk, doc, run)

// What each strategy costs, whatever the page size: walks of a
// 1,000,000-row, 29-column table at 10,000-row pages on DuckDB 1.5.6 (and
// 1.1.3 through marcboeker/go-duckdb v1.8.5 for the old plan), 2026-11-30
// (docs/measurements.md#reading-page-by-page).
const (
	// costOrdered: ORDER BY rowid LIMIT/OFFSET took ~86 s on a loaded
	// machine, one SELECT * 3.48 s.
	costOrdered = "every page sorts the rest of the table again (quadratic)"
	// costKeyset: WHERE k > ? ORDER BY k LIMIT n at 10,000-row pages took
	// ~40 s on a loaded machine, 24.35 s re-measured 2026-12-01 on a quiet
	// one against 4.68 s for rowid ranges (docs/measurements.md,
	// rowalign-sweep -strategies keyset,rowid).
	costKeyset = "every page sorts the remaining rows again (quadratic)"
	// LIMIT/OFFSET without ORDER BY: DuckDB 1.5.6 plans each page as a
	// rowid scan, a semi join and a sort; against rowid ranges, CPU
	// seconds of whole-table walks of the demo table at load 3-56
	// (docs/measurements.md#tiny-pages, #pages-smaller-than-a-row-group
	// and #reading-page-by-page): 137.27 against 49.27 s at 100-row pages
	// (2.8x), 21.00 against 12.27 at 1,000 (1.7x), and from 10,000 to
	// 250,000 rows +20 % to +43 % (10,000: 9.07 against 6.84 and 9.66
	// against 7.76; 50,000: 8.23 against 5.89; 122,880: 8.63 against
	// 6.32; 250,000: 7.40 against 6.04; quiet wall seconds at 10,000:
	// 4.05 against 3.37, +20 %). Each figure at the sizes it was measured
	// at, or interpolated between two, and saying so (issue 24).
	cost100     = "each page costs a scan, a semi join and a sort (2.8x the CPU of rowid ranges)"
	costTo1000  = "each page costs a scan, a semi join and a sort (1.7-2.8x the CPU of rowid ranges, interpolated)"
	cost1000    = "each page costs a scan, a semi join and a sort (1.7x the CPU of rowid ranges)"
	costTo10000 = "each page costs a scan, a semi join and a sort (1.2-1.7x the CPU of rowid ranges, interpolated)"
	costPlain   = "each page costs a scan, a semi join and a sort (20-43% more CPU than rowid ranges)"
	// costSemiJoin: a page size outside the measured ones, or unknown.
	costSemiJoin = "each page costs a scan, a semi join and a sort"
	// costLarge: limits above maxRewrittenLimit keep the old plan, which
	// scans and discards the offset on every page.
	costLarge = "DuckDB rewrites limits only up to 1,000,000, so each page rescans its offset"
	// costOld: github.com/marcboeker/go-duckdb (v1, DuckDB 1.1.3 at
	// v1.8.5) has no such rewrite, and prunes no row group by rowid
	// either: every 10,000-row page of an OFFSET walk, and of a rowid
	// walk, read the whole table (6.73 s and 6.66 s against 1.73 s in
	// whole row groups, 3.9x; 1,000,000 rows, load 0.4-0.7, one run; cd
	// duckdb/runtimetest/marcboekertest && go test -run '^$' -bench
	// Walk -benchtime 1x).
	costOld10000 = "on DuckDB 1.1 (marcboeker/go-duckdb) each page scans the whole table (3.9x the time of whole row groups)"
	costOld      = "on DuckDB 1.1 (marcboeker/go-duckdb) each page scans the whole table"
	// maxRewrittenLimit is the largest LIMIT DuckDB 1.5.6's late
	// materialization rewrite applies to.
	maxRewrittenLimit = 1_000_000
)

// The page sizes the figures were measured at: 100, 1,000, and 10,000
// to 250,000 rows.
const (
	tinyPage, smallPage, minPage, maxPage = 100, 1_000, 10_000, 250_000
)

// enableRead and enableWrite replace the advice when the rewrite is
// proven but the package does not import the pager yet (rewrite.NoPager),
// so that it would not build: once it does (import _ is enough), -fix
// rewrites the walk.
const (
	enableRead  = "import rowalign's runtime/pager and -fix rewrites this into pager.Pages"
	enableWrite = "import rowalign's runtime/pager and -fix rewrites this into pager.Copy"
)

// What to use instead: the project's aligned pager. On DuckDB 1.1 rowid
// ranges read the whole table too: what helps there is whole row groups.
const (
	pagerRead    = "use rowalign's pager.Pages"
	pagerReadOld = "use rowalign's pager.Pages (whole row groups)"
	pagerWrite   = "use rowalign's pager.Copy"
)

// plainCost picks the words for a LIMIT/OFFSET walk without ORDER BY
// with pages of n rows (0: unknown), on DuckDB 1.1 when old is set.
func plainCost(old bool, n int64) string {
	switch {
	case old && n == minPage:
		return costOld10000
	case old:
		return costOld
	case n > maxRewrittenLimit:
		return costLarge
	case n == tinyPage:
		return cost100
	case tinyPage < n && n < smallPage:
		return costTo1000
	case n == smallPage:
		return cost1000
	case smallPage < n && n < minPage:
		return costTo10000
	case minPage <= n && n <= maxPage:
		return costPlain
	}
	return costSemiJoin
}

// explained, when set, is told why each finding got a fix ("") or none:
// scripts/fixcount builds rowalign with -tags fixcount (fixcount.go) to
// count the fixes over the fixtures and the corpus.
var explained func(at token.Position, what, why string)

// run reports LIMIT/OFFSET and keyset walks: their cost is the strategy,
// whatever the page size.
func run(in *check.Input) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	rel := in.Linked()
	old := rel.Old()
	for _, w := range in.Walks.Walks {
		if w.ReadEngine != "" {
			continue // another engine's walk, copied into DuckDB: its cost is not DuckDB's
		}
		if w.Query == nil && w.Remote == "" {
			continue // a commit loop, or a walk its own package reports
		}
		if !w.PagesTable() {
			// A file's pages (read_parquet(...)) or a GROUP BY result's:
			// the costs below were measured on DuckDB tables, and the
			// pager walks and copies tables only (issue 24).
			continue
		}
		var what, cost string
		switch {
		case w.Strategy == pagewalk.Keyset:
			what, cost = "keyset page walk (key > last ORDER BY key LIMIT n)", costKeyset
		case w.Strategy == pagewalk.OffsetLimit && w.Ordered():
			what, cost = "LIMIT/OFFSET page walk with ORDER BY", costOrdered
		case w.Strategy == pagewalk.OffsetLimit && largestSite(w) > maxRewrittenLimit && !old:
			what, cost = fmt.Sprintf("LIMIT/OFFSET page walk with %d-row pages", largestSite(w)), costLarge
		case w.Strategy == pagewalk.OffsetLimit:
			what, cost = "LIMIT/OFFSET page walk without ORDER BY", plainCost(old, pageSize(w))
		default:
			continue
		}
		if w.Query != nil && w.Query.Remote != "" {
			// The query is another package's: say which.
			what += " via " + w.Query.Remote
		}
		alt := pagerRead
		if old {
			alt = pagerReadOld
		}
		if w.Write {
			alt = pagerWrite
		}
		for _, at := range w.ReportAt() {
			// A helper's query is reported where a loop makes it a walk.
			d := analysis.Diagnostic{Pos: at.Pos(), End: at.End()}
			// The pager rewrite replaces a loop around its own query:
			// not a helper's call, nor a query of another package.
			why := "the query is in a helper or another package (reported at the call)"
			use := alt
			if w.Query != nil && at == ast.Node(w.Query.Call) && w.Query.Remote == "" && w.Remote == "" {
				var fix *rewrite.Fix
				if fix, why = rewrite.Explain(in, w); fix != nil {
					d.SuggestedFixes = []analysis.SuggestedFix{fix.SuggestedFix}
				}
				if why == rewrite.NoPager {
					use = map[bool]string{false: enableRead, true: enableWrite}[w.Write]
				}
			}
			d.Message = fmt.Sprintf("%s: %s; %s", what, cost, use)
			if w.Remote != "" {
				d.Message = fmt.Sprintf("%s (in %s): %s; %s", what, w.Remote, cost, use)
				d = sizes.Evidence(d, w.Why)
			}
			d = sizes.Measured(d, rel, cost)
			if explained != nil {
				explained(in.Pass.Fset.Position(at.Pos()), what, why)
			}
			out = append(out, d)
		}
		if w.Cursor() && len(w.Calls()) > 0 {
			out = append(out, cursorQuery(in, w, what, cost, alt))
		}
	}
	return out
}

// cursorQuery reports the query of a cursor's walk (pagewalk.Walk.Cursor)
// on its own line too: the loops only call the method that holds the
// query and advances the offset, so the query is where the user changes
// the walk. The loops are named in the message and given as related
// information; there is no fix (the pager rewrite replaces a loop).
func cursorQuery(in *check.Input, w *pagewalk.Walk, what, cost, alt string) analysis.Diagnostic {
	fset := in.Pass.Fset
	var loops []string
	d := analysis.Diagnostic{Pos: w.Query.Call.Pos(), End: w.Query.Call.End()}
	for _, c := range w.Calls() {
		p := fset.Position(c.Pos())
		loops = append(loops, fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line))
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: c.Pos(), End: c.End(), Message: "the loop that walks this cursor"})
	}
	where := "the loop at " + loops[0]
	if len(loops) > 1 {
		where = "the loops at " + strings.Join(loops, ", ")
	}
	d.Message = fmt.Sprintf("%s (the paging query of a cursor walked by %s): %s; %s", what, where, cost, alt)
	if len(d.Message) > maxMessage {
		// The loops are in the related information anyway.
		d.Message = fmt.Sprintf("%s (the paging query of a cursor a loop walks): %s; %s", what, cost, alt)
	}
	d = sizes.Evidence(d, w.Why)
	d = sizes.Measured(d, in.Linked(), cost)
	if explained != nil {
		explained(fset.Position(d.Pos), what, "the query is a cursor's; its loops are reported too, and the rewrite replaces a loop")
	}
	return d
}

// maxMessage is the longest message the project prints: detail goes to
// related information (analyzer.MaxMessage, issue 24).
const maxMessage = 200

// pageSize returns the walk's page size when every constant that sets it
// says the same, else 0.
func pageSize(w *pagewalk.Walk) int64 {
	var n int64
	for _, s := range w.Sites {
		if n != 0 && s.Value != n {
			return 0
		}
		n = s.Value
	}
	return n
}

// largestSite returns the largest constant page size of a walk, 0 if none.
func largestSite(w *pagewalk.Walk) int64 {
	var m int64
	for _, s := range w.Sites {
		m = max(m, s.Value)
	}
	return m
}
