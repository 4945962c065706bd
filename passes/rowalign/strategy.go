package rowalign

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/analyzer/config"
	"github.com/rowalign/rowalign/passes/pagewalk"
	"github.com/rowalign/rowalign/passes/sqltext"
)

// Strategy costs, measured as the size costs in costs.go (DuckDB 1.5.6,
// 1,000,000 rows x 29 columns, 2026-11-30; DuckDB 1.1.3 through
// marcboeker/go-duckdb v1.8.5 for the old plan).
const (
	// costOrderedWalk: ORDER BY rowid LIMIT/OFFSET, 10,000-row pages, on a
	// loaded machine; one unpaged SELECT * took 3.48 s.
	costOrderedWalk = "every page sorts the rest of the table again, so the walk is quadratic (measured on 1M rows, on a loaded machine: ~86 s at 10,000-row pages against 3.48 s for one SELECT * on a quiet one)"
	// costKeysetWalk: WHERE k > ? ORDER BY k LIMIT n, 10,000-row pages, on a
	// loaded machine.
	costKeysetWalk = "every page sorts the remaining rows again, so the walk is quadratic (measured on 1M rows, on a loaded machine: ~40 s at 10,000-row pages against 3.48 s for one SELECT * on a quiet one)"
	// costPlainOffsetWalk: LIMIT/OFFSET without ORDER BY against rowid
	// ranges, 10,000-row pages; and the same walk on DuckDB 1.1.3.
	costPlainOffsetWalk = "DuckDB >= 1.1 rewrites each page into a rowid scan, a semi join and a sort, only for constant limits up to 1,000,000 (measured on 1M rows: 4.05 s against 3.37 s for rowid ranges at 10,000-row pages, and 19.1 s on DuckDB 1.1.3)"
	// costAppenderNoTx: duckdb-go's Appender flushes every 204,800 rows
	// (2,048 x 100); outside a transaction each flush commits, and a 1M-row
	// load left 81,920-row groups. Inside BEGIN ... COMMIT groups came out
	// whole and every flush size cost the same (8.5-9.4 s).
	costAppenderNoTx = "the Appender flushes by itself every 204,800 rows, not a multiple of the 122,880-row row group, and outside a transaction each flush is a commit that leaves a partial row group (measured: a 1M-row load left 81,920-row groups)"
	// costLargeOffsetWalk: the same old plan, which DuckDB >= 1.1 still
	// uses for limits above maxRewrittenLimit.
	costLargeOffsetWalk = "DuckDB rewrites LIMIT/OFFSET pages only for constant limits up to 1,000,000, so every page of this walk scans and discards its offset: the plan that took 19.1 s against 4.05 s on DuckDB 1.1.3 (1M rows, 10,000-row pages)"
	// maxRewrittenLimit is the largest LIMIT DuckDB 1.5.6's late
	// materialization rewrite applies to.
	maxRewrittenLimit = 1_000_000
	// appenderAutoFlush is duckdb-go's automatic Appender flush size.
	appenderAutoFlush = 204_800
)

// offsetWalks reports LIMIT/OFFSET and keyset walks: their cost is the
// strategy, whatever the page size.
func offsetWalks(pw *pagewalk.Result) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, w := range pw.Walks {
		var what, cost string
		switch {
		case w.Strategy == pagewalk.Keyset:
			what, cost = "keyset page walk (key > last ORDER BY key LIMIT n)", costKeysetWalk
		case w.Strategy == pagewalk.OffsetLimit && w.Query.Shape.OrderBy:
			what, cost = "LIMIT/OFFSET page walk with ORDER BY", costOrderedWalk
		case w.Strategy == pagewalk.OffsetLimit && largestSite(w) > maxRewrittenLimit:
			what, cost = fmt.Sprintf("LIMIT/OFFSET page walk without ORDER BY, %d-row pages,", largestSite(w)), costLargeOffsetWalk
		case w.Strategy == pagewalk.OffsetLimit:
			what, cost = "LIMIT/OFFSET page walk without ORDER BY", costPlainOffsetWalk
		default:
			continue
		}
		alt := "walk rowid ranges on row group boundaries with github.com/rowalign/rowalign/runtime/pager.Pages"
		if w.Write {
			alt = "copy in whole row groups with github.com/rowalign/rowalign/runtime/pager.Copy"
		}
		out = append(out, analysis.Diagnostic{
			Pos:      w.Query.Call.Pos(),
			End:      w.Query.Call.End(),
			Category: OffsetWalk,
			Message:  fmt.Sprintf("%s over DuckDB: %s; %s", what, cost, alt),
		})
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

// appenderLoops reports Appenders fed in a loop outside a transaction.
// Test files are left out: the driver test suites (scripts/realcode) fill
// Appenders with a few chunks of rows whose count the source does not
// show, far below the automatic flush.
func appenderLoops(pass *analysis.Pass, pw *pagewalk.Result) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	seen := make(map[ast.Node]bool)
	for _, a := range pw.Appends {
		if strings.HasSuffix(pass.Fset.Position(a.Call.Pos()).Filename, "_test.go") {
			continue
		}
		if a.InTx || seen[a.Loop] || 0 <= a.Trips && a.Trips < appenderAutoFlush {
			// A load that never reaches the automatic flush commits once, at
			// Close: nothing to split into partial row groups.
			continue
		}
		seen[a.Loop] = true
		out = append(out, analysis.Diagnostic{
			Pos:      a.Call.Pos(),
			End:      a.Call.End(),
			Category: AppenderTx,
			Message: "DuckDB Appender fed in a loop outside a transaction: " + costAppenderNoTx +
				"; run the load inside one transaction (ExecContext(ctx, \"BEGIN\") on the same connection before the Appender, COMMIT after Close), where the row groups come out whole",
		})
	}
	return out
}

// attachSizes reports ROW_GROUP_SIZE options DuckDB will reject or not
// honour, before they fail at run time.
func attachSizes(pw *pagewalk.Result) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, q := range pw.Queries {
		s := q.Shape
		op := s.Options["ROW_GROUP_SIZE"]
		n, ok := op.Int()
		if !ok {
			continue
		}
		pos, end := q.Call.Pos(), q.Call.End()
		if p, ok := q.NumberPos(op); ok {
			pos, end = p, p+token.Pos(len(op.Tok.Text))
		}
		d := analysis.Diagnostic{Pos: pos, End: end, Category: AttachSize}
		// A fix adds the storage version next to the size; where an older one
		// is written already, the user changes it by hand.
		_, hasVersion := s.Options["STORAGE_VERSION"]
		fixable := pos != q.Call.Pos() && !hasVersion
		needsVersion := func(n int64) bool {
			return n >= config.RowGroupSize && !storageAtLeast(s.Options["STORAGE_VERSION"], 1, 2)
		}
		fix := func(text, msg string) {
			if fixable {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message:   msg,
					TextEdits: []analysis.TextEdit{{Pos: pos, End: end, NewText: []byte(text)}},
				}}
			}
		}
		switch {
		case s.Kind == sqltext.Attach && n%config.VectorSize != 0:
			m := max((n+config.VectorSize/2)/config.VectorSize*config.VectorSize, config.VectorSize)
			d.Message = fmt.Sprintf("ATTACH ... (ROW_GROUP_SIZE %d): DuckDB rejects a row group size that is not a multiple of its vector size %d; use %d", n, config.VectorSize, m)
			text := strconv.FormatInt(m, 10)
			if needsVersion(m) {
				d.Message += ", with " + storageOption + " (required at 122,880 rows or more)"
				text += ", " + storageOption
			}
			fix(text, "Use "+text)
		case s.Kind == sqltext.Attach && needsVersion(n):
			d.Message = fmt.Sprintf("ATTACH ... (ROW_GROUP_SIZE %d) without %s or later: DuckDB rejects row groups of 122,880 rows or more in older storage formats; use %s", n, storageOption, storageOption)
			fix(op.Tok.Text+", "+storageOption, "Add "+storageOption)
		case s.Kind == sqltext.Copy && n < config.VectorSize && isParquet(s):
			d.Message = fmt.Sprintf("COPY ... (FORMAT parquet, ROW_GROUP_SIZE %d): below DuckDB's vector size %d, the Parquet writer fills row groups a vector at a time, so the size asked for is not the size written (not measured here); use %d or more", n, config.VectorSize, config.VectorSize)
		default:
			continue
		}
		out = append(out, d)
	}
	return out
}

// storageOption is the oldest storage version that accepts row groups of
// 122,880 rows or more (DuckDB 1.5.6 rejects them without it, 2026-11-30).
const storageOption = "STORAGE_VERSION 'v1.2.0'"

// storageAtLeast reports whether a STORAGE_VERSION option names version
// major.minor or later; an unknown spelling counts as new enough, so that
// rowalign stays silent where it cannot tell.
func storageAtLeast(op *sqltext.Operand, major, minor int) bool {
	if op == nil || op.Tok.Kind != sqltext.String {
		return false
	}
	v := strings.TrimPrefix(strings.ToLower(op.Tok.Text), "v")
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return true
	}
	ma, err1 := strconv.Atoi(parts[0])
	mi, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return true
	}
	return ma > major || ma == major && mi >= minor
}

func isParquet(s sqltext.Shape) bool {
	if f := s.Options["FORMAT"]; f != nil {
		return strings.EqualFold(f.Tok.Text, "parquet") || strings.EqualFold(strings.Trim(f.Tok.Text, "'"), "parquet")
	}
	return true // COPY ... TO 'x.parquet' infers the format; ROW_GROUP_SIZE is Parquet's option
}
