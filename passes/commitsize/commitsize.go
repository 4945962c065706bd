package commitsize

import (
	_ "embed"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
	"github.com/rowalign/rowalign/passes/internal/sizes"
)

//go:embed doc.go
var doc string

// Check is the commitsize check, for the suite; Analyzer runs it alone, with
// the default settings.
var Check, Analyzer = check.Define(settings.CommitSize, doc, run)

// What a commit size costs, measured on DuckDB 1.5.6, each figure at the
// sizes it was measured at, and between two measured sizes only as an
// interpolation that says so; docs/measurements.md gives every figure
// with its command and the machine's load. INSERT ... SELECT pages were
// timed (copying the 1,000,000-row, 29-column demo table a page per
// commit, then CHECKPOINT); loops that commit rows written one statement
// at a time, and Appender flushes, were measured for the row groups they
// leave, their time being the statements' (issue 24: "2.6x slower load",
// measured for INSERT ... SELECT pages, was quoted for prepared-INSERT
// loops).
const (
	// costCopy250000: 250,000-row commits 5.07 s (2.13 s of it the
	// checkpoint, which found 12 row groups, 4 of them partial),
	// 245,760-row commits 2.57 s (9 whole groups), 2026-11-30, quiet
	// (docs/measurements.md#committing-page-by-page).
	costCopy250000 = "each commit leaves a partial row group (2x slower load)"
	// costCopyTo500000: between 250,000 and 500,000 rows.
	costCopyTo500000 = "each commit leaves a partial row group (1.5-2x slower load, interpolated)"
	// costCopy500000: 500,000-row commits 3.57 s against 2.45 s for
	// 491,520 (1.46x), quiet.
	costCopy500000 = "each commit leaves a partial row group (1.5x slower load)"
	// costPartial: a misaligned commit at a size no time was measured at.
	costPartial = "each commit leaves a partial row group"
	// costCopy10000: 10,000-row commits 10.02 s against 3.88 s for
	// 122,880 (2.58x), quiet; re-measured at load 27-32 with
	// duckdb/internal/cmd/measure commit, 2 interleaved rounds, CPU seconds: 8.78 and
	// 10.21 against 3.21 and 4.66 (2.2-2.7x).
	costCopy10000 = "smaller commits cost more (2.6x slower load than one-row-group commits)"
	// costCopyTo50000: between 10,000 and 50,000 rows.
	costCopyTo50000 = "smaller commits cost more (1.4-2.6x the CPU of one-row-group commits, interpolated)"
	// costCopy50000: duckdb/internal/cmd/measure commit 50000, the same 2 rounds:
	// 5.56 and 6.47 CPU s against 3.21 and 4.66 (1.4-1.7x); 10 row groups
	// of 100,000 before and after the CHECKPOINT.
	costCopy50000 = "smaller commits cost more (1.4-1.7x the CPU of one-row-group commits)"
	// costCopyTo100000: between 50,000 and 100,000 rows.
	costCopyTo100000 = "smaller commits cost more (1.1-1.7x the CPU of one-row-group commits, interpolated)"
	// costCopy100000: 4.70 and 5.08 CPU s against 3.21 and 4.66
	// (1.1-1.5x); 10 row groups of 100,000.
	costCopy100000 = "smaller commits cost more (1.1-1.5x the CPU of one-row-group commits)"
	// costUnder: a commit under a row group at a size not measured.
	costUnder = "each commit is smaller than a row group"
	// costOneTx250000: the same 250,000-row INSERT ... SELECT pages in
	// one transaction, committed once: 4.42 s against 2.04 s for
	// 245,760-row pages, the same 12 groups before the CHECKPOINT
	// (docs/measurements.md, "the same pages inside one transaction",
	// 2026-12-01).
	costOneTx250000 = "each INSERT ... SELECT page leaves a partial row group, in one transaction too (2x slower load)"
	// costOneTx: the same at another size, not timed.
	costOneTx = "each INSERT ... SELECT page leaves a partial row group, in one transaction too"
	// costFlush: an Appender flushed with no transaction open, each flush
	// a commit: every 250,000 rows left 10 groups, 3 partial; every
	// 200,000, 10 groups, 5 partial; every 50,000, 9 groups, 2 partial
	// (docs/measurements.md#appender-flushes; load times within noise).
	costFlush = "each flush commits and leaves partial row groups"
	// costFlushUnder: an Appender flushed with no transaction open every
	// N rows, N under a row group. 1,000,000 rows of the 29-column demo
	// table flushed every 50,000 or 100,000 rows came out 10 groups of
	// 100,000 before and after the CHECKPOINT (DuckDB's automatic
	// checkpoint cuts a group every second 50,000-row commit), the file
	// 65.8 MB against 64.8 MB flushed every 122,880 and 63.2 MB in one
	// transaction; full scans and an aggregate took the same CPU seconds
	// (3.34-3.85 s, 0.048-0.057 s). go run ./duckdb/internal/cmd/measure wide
	// -sizes 100000,122880,50000,0, 2026-12-07 02:46-03:05 UTC, load
	// 25-45 (docs/measurements.md#commits-under-a-row-group).
	costFlushUnder = "each flush commits a partial row group (file +1.5-4% at 29 columns)"
	// costBatch: rows written one statement at a time (a prepared INSERT
	// per row), committed every N: 300,000 rows committed every 150,000
	// left 122,880 + 27,120 twice, which the CHECKPOINT merged into
	// 2 x 122,880 + 54,240, 127.40 CPU s against 114.29 for 122,880-row
	// commits (load 27-34, one run each: within noise). Under a row group
	// (every 50,000: 101.28 CPU s, the same 3 whole groups) nothing was
	// measured to cost: not reported. go run ./duckdb/internal/cmd/measure batch N,
	// 2026-12-01 22:40-22:49 UTC (docs/measurements.md#committing-page-by-page).
	costBatch = "each commit leaves a partial row group until a CHECKPOINT merges it"
)

// The commit sizes the INSERT ... SELECT figures were measured at.
const (
	copy10000, copy50000, copy100000, copy250000, copy500000 = 10_000, 50_000, 100_000, 250_000, 500_000
)

func run(in *check.Input) []analysis.Diagnostic {
	// On DuckDB 1.1 (github.com/marcboeker/go-duckdb v1) nothing here was
	// timed: the words without figures.
	rel := in.Linked()
	return sizes.Diagnostics(in, settings.CommitSize, "commit size", func(w *pagewalk.Walk, n, rowGroup int64) string {
		if rel.Old() {
			rowGroup = 0 // no figure applies
		}
		c := cost(w, n, rowGroup)
		if rel.Major >= 2 && n > copy10000 && slices.Contains(notOn2, c) {
			return costUnder
		}
		return c
	})
}

// notOn2 are the figures under a row group that DuckDB 2.0 does not bear
// out: 50,000- and 100,000-row INSERT ... SELECT commits took 3.80 and
// 3.55 CPU s against 3.76 for 122,880-row ones on DuckDB 2.0.0, and 4.95
// and 4.41 against 3.87 on 1.5.6 in the same run (medians of 3, load
// 45-53, 2026-12-07; docs/measurements.md#duckdb-20-beside-156). The
// groups stay partial on both (10 groups, 9 partial), so a module that
// links 2.0 gets the words without a figure; 10,000-row commits still
// cost 2.1x there.
var notOn2 = []string{costCopyTo50000, costCopy50000, costCopyTo100000, costCopy100000}

// cost picks the words for a commit of n rows in w: INSERT ... SELECT
// pages by the size measured, other loops by the row groups they leave.
func cost(w *pagewalk.Walk, n, rowGroup int64) string {
	measured := rowGroup == settings.RowGroupSize
	if rowGroup == 0 {
		rowGroup = settings.RowGroupSize
	}
	copies := w.Query != nil && (w.Query.Shape.Kind == sqltext.Insert || w.Query.Shape.Kind == sqltext.Create)
	under := n < rowGroup
	switch {
	case w.Appender && under && measured:
		return costFlushUnder
	case w.Appender:
		return costFlush
	case !copies && under:
		// Rows one statement at a time fill the groups whole: at 2
		// columns, and at a real load's width (1,000,000 rows of
		// gbif-extinct's 6-column table in 100,000-row multi-row INSERT OR
		// REPLACE statements, autocommit: 9 whole groups;
		// go run ./duckdb/internal/cmd/measure values -sizes 100000, 2026-12-07).
		return ""
	case !copies:
		return costBatch
	case w.OneTx && measured && n == copy250000:
		return costOneTx250000
	case w.OneTx:
		return costOneTx
	case !measured && under:
		return costUnder
	case !measured:
		return costPartial
	}
	switch {
	case n < copy10000:
		return costUnder
	case n == copy10000:
		return costCopy10000
	case n < copy50000:
		return costCopyTo50000
	case n == copy50000:
		return costCopy50000
	case n < copy100000:
		return costCopyTo100000
	case n == copy100000:
		return costCopy100000
	case under:
		return costUnder
	case n < copy250000:
		return costPartial
	case n == copy250000:
		return costCopy250000
	case n < copy500000:
		return costCopyTo500000
	case n == copy500000:
		return costCopy500000
	}
	return costPartial
}
