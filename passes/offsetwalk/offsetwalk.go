package offsetwalk

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/checker"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/rewrite"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

//go:embed doc.go
var doc string

// Check is the offsetwalk check, for the suite; Analyzer runs it alone, with
// the default settings.
var Check, Analyzer = checker.Define(settings.OffsetWalk, doc, run)

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
	// costPlain: LIMIT/OFFSET without ORDER BY took 4.05 s against 3.37 s
	// for rowid ranges at 10,000-row pages (+20 %), and 9.61 against 7.24
	// CPU s re-measured (+33 %): about 30 %, what measurements.md says
	// (the 245,760-row pair it calls within noise is not quoted): DuckDB
	// >= 1.1 plans each page as a rowid scan, a semi join and a sort.
	costPlain = "each page costs a scan, a semi join and a sort (about 30% slower than rowid ranges)"
	// costLarge: limits above maxRewrittenLimit keep the old plan, which
	// took 19.1 s against 4.05 s on DuckDB 1.1.3.
	costLarge = "DuckDB rewrites limits only up to 1,000,000, so each page rescans its offset"
	// maxRewrittenLimit is the largest LIMIT DuckDB 1.5.6's late
	// materialization rewrite applies to.
	maxRewrittenLimit = 1_000_000
)

// What to use instead: the project's aligned pager.
const (
	pagerRead  = "walk rowid ranges with rowalign's pager.Pages"
	pagerWrite = "copy with rowalign's pager.Copy"
	// enableRead and enableWrite replace them when the rewrite is proven
	// but the package does not import the pager yet (rewrite.NoPager), so
	// that it would not build: once it does (import _ is enough), -fix
	// rewrites the walk.
	enableRead  = "import rowalign's runtime/pager and -fix rewrites this into pager.Pages"
	enableWrite = "import rowalign's runtime/pager and -fix rewrites this into pager.Copy"
)

// explained, when set, is told why each finding got a fix ("") or none:
// scripts/fixcount builds rowalign with -tags fixcount (fixcount.go) to
// count the fixes over the fixtures and the corpus.
var explained func(at token.Position, what, why string)

// run reports LIMIT/OFFSET and keyset walks: their cost is the strategy,
// whatever the page size.
func run(in *checker.Input) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, w := range in.Walks.Walks {
		if w.ReadEngine != "" {
			continue // another engine's walk, copied into DuckDB: its cost is not DuckDB's
		}
		if w.Query == nil && w.Remote == "" {
			continue // a commit loop, or a walk its own package reports
		}
		var what, cost string
		switch {
		case w.Strategy == pagewalk.Keyset:
			what, cost = "keyset page walk (key > last ORDER BY key LIMIT n)", costKeyset
		case w.Strategy == pagewalk.OffsetLimit && w.Ordered():
			what, cost = "LIMIT/OFFSET page walk with ORDER BY", costOrdered
		case w.Strategy == pagewalk.OffsetLimit && largestSite(w) > maxRewrittenLimit:
			what, cost = fmt.Sprintf("LIMIT/OFFSET page walk with %d-row pages", largestSite(w)), costLarge
		case w.Strategy == pagewalk.OffsetLimit:
			what, cost = "LIMIT/OFFSET page walk without ORDER BY", costPlain
		default:
			continue
		}
		if w.Query != nil && w.Query.Remote != "" {
			// The query is another package's: say which.
			what += " through " + w.Query.Remote
		}
		alt := pagerRead
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
				d.Message = fmt.Sprintf("%s (in %s): %s; %s; %s", what, w.Remote, cost, use, w.Why)
			}
			if explained != nil {
				explained(in.Pass.Fset.Position(at.Pos()), what, why)
			}
			out = append(out, d)
		}
	}
	return out
}

// largestSite returns the largest constant page size of a walk, 0 if none.
func largestSite(w *pagewalk.Walk) int64 {
	var m int64
	for _, s := range w.Sites {
		m = max(m, s.Value)
	}
	return m
}
