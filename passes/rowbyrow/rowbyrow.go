package rowbyrow

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

//go:embed doc.go
var doc string

// Check is the rowbyrow check, for the suite; Analyzer runs it alone,
// with the default settings.
var Check, Analyzer = check.Define(settings.RowByRow, doc, run, Writers)

// What a row costs, written in each of the ways the check tells apart:
// 3 columns (BIGINT, VARCHAR, DOUBLE), DuckDB 1.5.6 through duckdb-go
// v2.10506.0, on the shared 2-core machine, 2026-12-01: the medians of 13
// interleaved rounds in three runs, 3 of 20,000 rows at a load of 6 to
// 26, 5 of 10,000 at 16 to 22 and 5 of 20,000 at 23 to 32
// (docs/measurements.md#row-by-row-writes, go run ./scripts/measure
// rowbyrow -repeat 5 -ways 0,1,2,5 20000). Loaded-machine figures: their
// ratios, not their microseconds, are what the message stands on.
const (
	// autocommitMicros: db.ExecContext(INSERT ... VALUES (?, ?, ?)) per
	// row, each statement its own commit (1,222 to 3,532 µs, median 2,135).
	autocommitMicros = 2_100
	// txExecMicros: tx.ExecContext(INSERT ...) per row inside one
	// transaction (521 to 1,647 µs, median 723).
	txExecMicros = 720
	// txPreparedMicros: a prepared INSERT, stmt.ExecContext per row,
	// inside one transaction (143 to 437 µs, median 230).
	txPreparedMicros = 220
	// appenderMicros: duckdb-go's Appender, AppendRow per row, inside
	// one transaction (1.2 to 16.4 µs, median 6.1).
	appenderMicros = 6
)

// What a row costs when updated by key: medians of 3 rounds of 5,000
// rows of the same table, loaded first, at a load of 42, 2026-12-01
// (docs/measurements.md#row-by-row-writes, go run ./scripts/measure
// rowbyrow -repeat 3 -ways 6,7,8 5000). DELETE by key was not measured;
// its message quotes these.
const (
	// updateAutocommitMicros: UPDATE t SET d = ? WHERE id = ? per row,
	// each its own commit (2,229 to 2,622 µs).
	updateAutocommitMicros = 2_500
	// updateTxMicros: the same inside one transaction (606 to 1,386 µs).
	updateTxMicros = 1_200
	// updateFromMicros: the keys and values appended to a temporary table,
	// one UPDATE ... FROM, in one transaction (36 to 55 µs, the load of
	// the table included).
	updateFromMicros = 50
)

// run reports the statements and one-row helpers run once per row in a
// loop.
func run(in *check.Input) []analysis.Diagnostic {
	p := in.Pass.ResultOf[Writers].(*Package).view(commitLoops(in.Walks, in.Settings.Min))
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
		h := p.handleKind(q.Recv, q.Call, flow.EnclosingFunc(q.Cursor))
		what := fmt.Sprintf("one-row %s per loop iteration", st.kind)
		out = append(out, withWhy(finding(q.Call, what, st.kind, h, p.prepared(q.Call)), in.Scope.Why(q.Recv)))
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
			h, ok := p.callHandle(w, call, flow.EnclosingFunc(cur))
			if !ok || w.Param < 0 && !w.Duck && methodOfForeign(in, call) {
				continue
			}
			d := finding(call, what, kindOf(w.Kind), h, false)
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
	if _, isPkg := in.Pass.TypesInfo.Uses[flow.Ident(sel.X)].(*types.PkgName); isPkg {
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
	return ok && flow.IsNamed(p.pass.TypesInfo.TypeOf(sel.X), "database/sql", "Stmt")
}

// finding words the diagnostic at call: what runs per row (what), what
// each row costs on the handle h, and what to write instead.
func finding(call *ast.CallExpr, what string, kind sqltext.RowKind, h string, prepared bool) analysis.Diagnostic {
	cost := insertCost(h, prepared)
	if kind != sqltext.InsertRow {
		cost = keyCost(kind, h)
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
	return analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: what + " (" + cost + "); " + instead}
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
func insertCost(h string, prepared bool) string {
	switch h {
	case autocommit:
		return fmt.Sprintf("each statement commits alone: about %s µs a row against %d µs with the Appender in one transaction", thousands(autocommitMicros), appenderMicros)
	case inTx:
		per := txExecMicros
		if prepared {
			per = txPreparedMicros
		}
		return fmt.Sprintf("in the transaction each statement runs alone: about %d µs a row against %d µs with the Appender", per, appenderMicros)
	}
	return fmt.Sprintf("each statement runs alone: about %d-%s µs a row against %d µs with the Appender in one transaction", txPreparedMicros, thousands(autocommitMicros), appenderMicros)
}

// keyCost says what an UPDATE or DELETE (kind) by key costs per row on
// the handle h.
func keyCost(kind sqltext.RowKind, h string) string {
	// The figures are an UPDATE's by key; a DELETE's were not measured.
	against := fmt.Sprintf("against %d µs set-wise", updateFromMicros)
	if kind == sqltext.DeleteRow {
		against = fmt.Sprintf("(measured for UPDATE) against %d µs set-wise", updateFromMicros)
	}
	switch h {
	case autocommit:
		return fmt.Sprintf("each statement commits alone: about %s µs a row %s", thousands(updateAutocommitMicros), against)
	case inTx:
		return fmt.Sprintf("in the transaction each statement runs alone: about %s µs a row %s", thousands(updateTxMicros), against)
	}
	return fmt.Sprintf("each statement runs alone: about %s-%s µs a row %s", thousands(updateTxMicros), thousands(updateAutocommitMicros), against)
}

// thousands formats n with commas: 2,100.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
