package appendertx

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

//go:embed doc.go
var doc string

// Check is the appendertx check, for the suite; Analyzer runs it alone, with
// the default settings.
var Check, Analyzer = check.Define(settings.AppenderTx, doc, run)

// autoFlush is duckdb-go's automatic Appender flush (see the constant).
const autoFlush = settings.AppenderAutoFlush

// run reports Appenders fed in a loop outside a transaction, once per
// Appender and loop.
func run(in *check.Input) []analysis.Diagnostic {
	rg := int64(in.Settings.RowGroup)
	if autoFlush%rg == 0 {
		return nil // every flush commits whole row groups
	}
	var out []analysis.Diagnostic
	// Once per Appender and loop: the same Appender fed twice in one
	// loop (two branches) is one load; a second Appender fed in the same
	// loop loads a table of its own.
	type load struct {
		loop ast.Node
		app  string
	}
	seen := make(map[load]bool)
	// DuckDB 2.0 cuts a row group at each Appender flush inside a
	// transaction too: 1,000,000 rows appended between BEGIN and COMMIT
	// left 122,880 + 81,920 five times on 2.0.0, 9 whole groups on 1.5.6;
	// a Flush every 122,880 rows left whole groups on both
	// (docs/measurements.md#duckdb-20-beside-156). There a transaction is
	// no remedy, and a load inside one is reported too.
	cuts := in.Linked().Major >= 2
	f := newFinder(in)
	if f == nil {
		return nil
	}
	// A helper of the package that makes its Appender itself, lazily,
	// and appends one row per call (ownRow) owns the load of every loop
	// calling it: those loops are reported once, at its AppendRow.
	owned := make(map[*ast.CallExpr][]*appendLoop)
	var rows []*ast.CallExpr
	for _, a := range f.loops() {
		if !in.Settings.Tests && check.IsTestFile(in.Pass.Fset, a.Call.Pos()) {
			continue
		}
		key := load{a.Loop, ""}
		if a.app != nil {
			key.app = types.ExprString(a.app)
		}
		// A load that never reaches the flush commits once, at Close; a
		// range over a map writes one row per key of an aggregate held in
		// memory (per-key stats), not a bulk load (docs/checks/appendertx.md).
		if a.InTx && !cuts || seen[key] || 0 <= a.Trips && a.Trips < autoFlush || a.Keyed || a.Flushes || flushesFirst(a) {
			continue
		}
		// A TEMP table's partial groups last as long as the table, and so
		// do a staging table's that the same function creates and drops
		// (exported to Parquet, whose writer cuts its own row groups), unless
		// a plain INSERT ... SELECT copies them into a table as they are
		// (measured: docs/measurements.md#temp-staging-tables). Sorted or
		// upserted copies rewrite the groups whatever the load did. On
		// DuckDB 2.0.0 a staging load inside BEGIN ... COMMIT left the
		// same partial groups, and the plain copy handed them on (same
		// section, 2026-12-07): there the load in a transaction is
		// reported too (cuts).
		if a.Temp != "" && !a.TempCopied {
			continue
		}
		seen[key] = true
		if row := f.ownedBy(a); row != nil {
			// A loop silenced where it is stays silent: the helper's
			// finding names the loops that are not.
			if !in.Directives.Silenced(a.Call.Pos()) {
				if owned[row] == nil {
					rows = append(rows, row)
				}
				owned[row] = append(owned[row], a)
			}
			continue
		}
		via := ""
		if a.Via != nil {
			via = " (via " + helperName(a.Via, in.Pass.Pkg) + ", one row per call)"
		}
		// The size of the load is not in the source: the message says
		// what happens past the automatic flush, not that it is reached.
		where := ""
		if a.Temp != "" {
			kind := "TEMP"
			if a.Staging {
				kind = "staging table"
			}
			where = fmt.Sprintf(", copied as is from %s %s", kind, strings.ToLower(a.Temp))
		}
		msg := fmt.Sprintf("DuckDB Appender fed in a loop outside a transaction%s: past %d rows each auto-flush commits a partial %d-row group%s; BEGIN first, COMMIT after Close",
			via, autoFlush, rg, where)
		if cuts {
			msg = fmt.Sprintf("DuckDB Appender fed in a loop%s: on DuckDB 2.0 each auto-flush past %d rows leaves a partial %d-row group, in a transaction too%s; call Flush every %d rows, or use rowalign's loader",
				via, autoFlush, rg, where, rg)
		}
		out = append(out, analysis.Diagnostic{Pos: a.Call.Pos(), End: a.Call.End(), Message: msg})
	}
	for _, row := range rows {
		out = append(out, ownerFinding(in, row, owned[row], rg, cuts))
	}
	return out
}

// ownerFinding reports, at row, the AppendRow of a helper that makes its
// own Appender (ownRow), fed by the loops that call it; the Related
// information lists them. The BEGIN is the helper's to run, on its
// connection, before it makes its first Appender.
func ownerFinding(in *check.Input, row *ast.CallExpr, loops []*appendLoop, rg int64, cuts bool) analysis.Diagnostic {
	name := helperName(loops[0].Via, in.Pass.Pkg)
	d := analysis.Diagnostic{Pos: row.Pos(), End: row.End()}
	for _, a := range loops {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: a.Call.Pos(), End: a.Call.End(), Message: "a loop feeding " + name + "'s Appender, one row per call"})
	}
	n := fmt.Sprintf("%d loops", len(loops))
	if len(loops) == 1 {
		n = "1 loop"
	}
	by := fmt.Sprintf(" (made by %s, %s)", name, n)
	d.Message = fmt.Sprintf("DuckDB Appender fed in a loop outside a transaction%s: past %d rows each auto-flush commits a partial %d-row group; BEGIN before it is made, COMMIT after Close",
		by, autoFlush, rg)
	if cuts {
		d.Message = fmt.Sprintf("DuckDB Appender fed in a loop%s: on DuckDB 2.0 each auto-flush past %d rows leaves a partial %d-row group, in a transaction too; call Flush every %d rows, or use rowalign's loader",
			by, autoFlush, rg, rg)
	}
	return d
}

// helperName names a helper as its callers in pkg write it: dbutil.Append,
// Writer.Write, (*Writer).Write's receiver type without the pointer; no
// package name for a helper of pkg itself.
func helperName(fn *types.Func, pkg *types.Package) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if _, tn, ok := code.NamedType(recv.Type()); ok {
			name = tn + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != pkg {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// flushesFirst reports whether a's loop flushes the Appender explicitly
// before the automatic flush could: every N rows with N < 204,800, the
// automatic count restarting at each Flush. What such a flush commits is
// commitsize's finding (a misaligned N) or nothing (122,880). A size the
// source does not show counts as below: the message would be a guess.
func flushesFirst(a *appendLoop) bool {
	if a.Flush == nil {
		return false
	}
	for _, s := range a.Flush.Sites {
		if s.Value >= autoFlush {
			return false
		}
	}
	return true
}
