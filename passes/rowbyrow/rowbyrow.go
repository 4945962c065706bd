package rowbyrow

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

//go:embed doc.go
var doc string

// Check is the rowbyrow check, for the suite; Analyzer runs it alone,
// with the default settings.
var Check, Analyzer = check.Define(settings.RowByRow, doc, run, Writers)

// costs is what a row costs in each of the ways the check tells apart, on
// one DuckDB release: microseconds a row, measured from Go through
// duckdb-go. The messages quote the figures of the release a module
// links where they were measured on it, and name that release.
type costs struct {
	// on is the release the figures were measured on, doc where they
	// stand; linked is the release of the module told them.
	on     scope.Release
	doc    string
	linked scope.Release
	// autocommit: db.ExecContext(INSERT ... VALUES (?, ?, ?)) per row,
	// each statement its own commit; txExec: tx.ExecContext(INSERT) per
	// row inside one transaction; txPrepared: a prepared INSERT,
	// stmt.ExecContext per row, inside one transaction; appender:
	// duckdb-go's Appender, AppendRow per row, inside one transaction.
	autocommit, txExec, txPrepared, appender int
	// updateAutocommit: UPDATE t SET d = ? WHERE id = ? per row, each its
	// own commit; updateTx: the same inside one transaction; updateFrom:
	// the keys and values appended to a temporary table, one UPDATE ...
	// FROM, in one transaction (the load of the table included). DELETE
	// by key was not measured; its message quotes these.
	updateAutocommit, updateTx, updateFrom int
}

// on156 is DuckDB 1.5.6 through duckdb-go v2.10506.0, on the shared 2-core
// machine, 2026-12-01 (docs/measurements.md#row-by-row-writes). INSERT: 3
// columns (BIGINT, VARCHAR, DOUBLE), the medians of 13 interleaved rounds
// in three runs, 3 of 20,000 rows at a load of 6 to 26, 5 of 10,000 at 16
// to 22 and 5 of 20,000 at 23 to 32 (go run ./duckdb/internal/cmd/measure rowbyrow
// -repeat 5 -ways 0,1,2,5 20000): autocommit 1,222 to 3,532 µs, median
// 2,135; txExec 521 to 1,647, median 723; txPrepared 143 to 437, median
// 230; appender 1.2 to 16.4, median 6.1. UPDATE by key: medians of 3
// rounds of 5,000 rows of the same table, loaded first, at a load of 42
// (go run ./duckdb/internal/cmd/measure rowbyrow -repeat 3 -ways 6,7,8 5000):
// updateAutocommit 2,229 to 2,622 µs, updateTx 606 to 1,386, updateFrom
// 36 to 55. Loaded-machine figures: their ratios, not their
// microseconds, are what the message stands on.
var on156 = costs{
	on:         scope.Release{Major: 1, Minor: 5, Patch: 6},
	doc:        "docs/measurements.md#row-by-row-writes",
	autocommit: 2_100, txExec: 720, txPrepared: 220, appender: 6,
	updateAutocommit: 2_500, updateTx: 1_200, updateFrom: 50,
}

// on200 is DuckDB 2.0.0 through duckdb-go v2.20000.0, measured beside
// 1.5.6 in one run, 2026-12-07 05:05-05:35 UTC, on the shared 2-core
// machine at a load of 6 to 13 for the first pass and 24 to 30 for the
// second (docs/measurements.md#duckdb-20-beside-156, "One row per
// statement"; scripts/duckdbbuild 2.0.0 DIR, then DIR/measure rowbyrow
// -repeat 3 -ways 0,1,2,5 10000 and DIR/measure rowbyrow -repeat 3 -ways
// 6,7,8 5000, twice, the order of the versions swapped): medians of 6
// rounds. autocommit 1,843 to 2,508 µs, median 2,112; txExec 1,002 to
// 1,787, median 1,217; txPrepared 290 to 619, median 406; appender 0.8 to
// 8.4, median 3.2; updateAutocommit 2,364 to 4,698, median 3,522;
// updateTx 1,508 to 2,666, median 1,669; updateFrom 4.3 to 29.8, median
// 20.4. The same rounds gave 1.5.6 1,698, 666, 348, 1.2, 1,766, 801 and
// 5.6: a statement a row costs about as much or more on 2.0.0, and the
// verdict is the same.
var on200 = costs{
	on:         scope.Release{Major: 2, Minor: 0, Patch: 0},
	doc:        "docs/measurements.md#duckdb-20-beside-156",
	autocommit: 2_100, txExec: 1_200, txPrepared: 400, appender: 3,
	updateAutocommit: 3_500, updateTx: 1_700, updateFrom: 20,
}

// costsFor returns the figures a module that links rel is told: 2.0.0's
// in a module on DuckDB 2.0, 1.5.6's elsewhere, with the release they
// were measured on named beside the message.
func costsFor(rel scope.Release) costs {
	c := on156
	if rel.Major == on200.on.Major && rel.Minor == on200.on.Minor {
		c = on200
	}
	c.linked = rel
	return c
}

// run reports the statements and one-row helpers run once per row in a
// loop.
func run(in *check.Input) []analysis.Diagnostic {
	p := in.Pass.ResultOf[Writers].(*Package).view(commitLoops(in.Walks, in.Settings.Min), appendLoops(in.Walks))
	c := costsFor(in.Linked())
	var out []analysis.Diagnostic
	seen := make(map[*ast.CallExpr]bool)
	for _, q := range p.Queries {
		st := p.statement(q)
		if st == nil || seen[q.Call] || in.Scope.Foreign(q.Recv) != "" {
			continue // seen: one call may run several statements of a list
		}
		if p.rowLoop(q.Cursor, st.uses, q.Call, q.Recv) == nil {
			continue
		}
		seen[q.Call] = true
		h := p.handleKind(q.Recv, q.Call, code.EnclosingFunc(q.Cursor))
		what := fmt.Sprintf("one-row %s per loop iteration", st.kind)
		out = append(out, withWhy(c.finding(q.Call, what, st.kind, h, p.prepared(q.Call)), in.Scope.Why(q.Recv)))
	}
	// Calls of one-row helpers, the package's own and other packages'.
	for fn, calls := range p.sc.Flow.Calls {
		w := p.Of(fn)
		if w == nil {
			continue
		}
		for _, call := range calls {
			cur, ok := p.Root.FindNode(call)
			if !ok {
				continue
			}
			var what string
			if w.Each > 0 {
				if !p.handsBulk(cur, call, w) {
					continue
				}
				what = fmt.Sprintf("%s writes one row (%s) per element of %s, read in bulk", fn.Name(), w.Kind, paramName(fn, w.Each-1))
			} else {
				if p.rowLoop(cur, call.Args, call, handleArg(w, call)) == nil {
					continue
				}
				what = fmt.Sprintf("%s writes one row (%s) per loop iteration", fn.Name(), w.Kind)
			}
			h, ok := p.callHandle(w, call, code.EnclosingFunc(cur))
			if !ok || w.Param < 0 && !w.Duck && methodOfForeign(in, call) {
				continue
			}
			d := c.finding(call, what, kindOf(w.Kind), h, false)
			if w.Param >= 0 && w.Param < len(call.Args) {
				d = withWhy(d, in.Scope.Why(call.Args[w.Param]))
			}
			out = append(out, d)
		}
	}
	return out
}

// handleArg returns the handle a call of the writer w passes it, or nil
// when w uses a handle of its own.
func handleArg(w *OneRow, call *ast.CallExpr) ast.Expr {
	if w.Param >= 0 && w.Param < len(call.Args) {
		return call.Args[w.Param]
	}
	return nil
}

// methodOfForeign reports whether call is a method call on a value the
// package cannot tell is DuckDB's (its engine is unknown and the package
// talks to another engine too): a store of another engine. A writer
// whose own package proves its handle DuckDB's (OneRow.Duck) is asked
// nothing.
func methodOfForeign(in *check.Input, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if _, isPkg := in.Pass.TypesInfo.Uses[code.Ident(sel.X)].(*types.PkgName); isPkg {
		return false
	}
	return in.Scope.Foreign(sel.X) != ""
}

func kindOf(s string) sqltext.RowKind {
	for _, w := range []sqltext.RowKind{sqltext.InsertRow, sqltext.UpdateRow, sqltext.DeleteRow} {
		if w.String() == s {
			return w
		}
	}
	return sqltext.NoRow
}

// prepared reports whether call runs a prepared statement
// (stmt.ExecContext).
func (p *Package) prepared(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	t := p.pass.TypesInfo.TypeOf(sel.X)
	return handle.Of(t) == handle.Stmt && handle.FromSQL(t)
}

// finding words the diagnostic at call: what runs per row (what), what
// each row costs on the handle h, and what to write instead.
func (c costs) finding(call *ast.CallExpr, what string, kind sqltext.RowKind, h string, prepared bool) analysis.Diagnostic {
	cost := c.insertCost(h, prepared)
	if kind != sqltext.InsertRow {
		cost = c.keyCost(kind, h)
	}
	var instead string
	switch kind {
	case sqltext.InsertRow:
		// The loader appends inside one transaction and flushes at
		// multiples of the row group (runtime/loader, docs/loader.md).
		instead = "use rowalign's loader.Load"
	case sqltext.UpdateRow:
		instead = "stage the keys in a temp table, then one UPDATE ... FROM"
	default:
		instead = "stage the keys in a temp table, then one DELETE ... USING"
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: what + " (" + cost + "); " + instead}
	// Which DuckDB the figures are of, on a line of its own: the message
	// stays within 200 characters (issue 24).
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End, Message: c.measuredOn(cost)})
	return d
}

// measuredOn says which DuckDB the figures in cost were measured on, and
// how that stands to the release the module links.
func (c costs) measuredOn(cost string) string {
	if c.linked.Major == c.on.Major && c.linked.Minor == c.on.Minor {
		return fmt.Sprintf("the figures were measured on DuckDB %s, which this module links (%s)", c.on, c.doc)
	}
	// An unknown release, or one measured on neither (DuckDB 1.1).
	if m := c.linked.Measured(cost); m != "" {
		return m
	}
	return fmt.Sprintf("the figures were measured on DuckDB %s (%s)", c.on, c.doc)
}

// withWhy adds to d why its handle was judged DuckDB's, when a struct
// field decided it (scope.Result.Why), as related information printed on
// a line of its own, so that the message stays within 200 characters.
func withWhy(d analysis.Diagnostic, why string) analysis.Diagnostic {
	if why != "" {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End, Message: why})
	}
	return d
}

// insertCost says what a one-row INSERT costs on the handle h.
func (c costs) insertCost(h string, prepared bool) string {
	switch h {
	case autocommit:
		return fmt.Sprintf("each statement commits alone: about %s µs a row against %s µs with the Appender in one transaction", thousands(c.autocommit), thousands(c.appender))
	case inTx:
		per := c.txExec
		if prepared {
			per = c.txPrepared
		}
		return fmt.Sprintf("in the transaction each statement runs alone: about %s µs a row against %s µs with the Appender", thousands(per), thousands(c.appender))
	}
	return fmt.Sprintf("each statement runs alone: about %s-%s µs a row against %s µs with the Appender in one transaction", thousands(min(c.txPrepared, c.txExec)), thousands(c.autocommit), thousands(c.appender))
}

// keyCost says what an UPDATE or DELETE (kind) by key costs per row on
// the handle h.
func (c costs) keyCost(kind sqltext.RowKind, h string) string {
	// The figures are an UPDATE's by key; a DELETE's were not measured.
	against := fmt.Sprintf("against %s µs set-wise", thousands(c.updateFrom))
	if kind == sqltext.DeleteRow {
		against = fmt.Sprintf("(measured for UPDATE) against %s µs set-wise", thousands(c.updateFrom))
	}
	switch h {
	case autocommit:
		return fmt.Sprintf("each statement commits alone: about %s µs a row %s", thousands(c.updateAutocommit), against)
	case inTx:
		return fmt.Sprintf("in the transaction each statement runs alone: about %s µs a row %s", thousands(c.updateTx), against)
	}
	return fmt.Sprintf("each statement runs alone: about %s-%s µs a row %s", thousands(min(c.updateTx, c.updateAutocommit)), thousands(max(c.updateTx, c.updateAutocommit)), against)
}

// thousands formats n with commas: 2,100.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
