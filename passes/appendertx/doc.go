// Package appendertx defines an Analyzer that reports DuckDB Appenders
// fed in a loop outside a transaction.
//
// # Analyzer appendertx
//
// appendertx: report DuckDB Appender loads outside a transaction, which commit at every automatic flush
//
// duckdb-go's Appender flushes by itself every 204,800 rows. Outside a
// transaction each flush is a commit, and 204,800 is not a multiple of the
// 122,880-row row group, so every flush leaves a partial row group: a
// 1,000,000-row load left 81,920-row groups
// (docs/measurements.md#appender-flushes):
//
//	app, _ := duckdb.NewAppenderFromConn(dc, "", "events")
//	for _, r := range rows {
//		app.AppendRow(r...)
//	}
//	app.Close()
//
// Run the load inside one transaction (BEGIN on the same connection before
// the Appender, COMMIT after Close): the row groups then come out whole.
//
// DuckDB 2.0 cuts a row group at each flush inside a transaction too
// (docs/measurements.md#duckdb-20-beside-156): in a module that links it,
// a load inside a transaction is reported as well, and the finding asks
// for a Flush every row group (122,880 rows), or rowalign's loader, which
// does that.
//
// The append may be a helper's that appends one row per call, of this
// package or another (its appenders.Use fact): the loop calling it is the
// load.
//
// Not reported: loops in a function that ran BEGIN (or START TRANSACTION)
// before the Appender, itself or through a helper of the package, in a
// function literal a wrapper runs after BEGIN (appenders.TxCallback), or
// in a helper every caller of which in the package ran BEGIN first; loops
// that provably stay under the automatic flush (range 2048, a slice
// literal, i < 100, a tail loop over a batch kept under 75,000 rows);
// ranges over a map, the rows of a GROUP BY or SELECT DISTINCT, and
// (key, value) rows of a key-value cursor (one row per key of an
// aggregate, not a bulk load); loops that flush the Appender every N rows
// with N under 204,800, themselves or through a helper (a function given
// the Appender or a map of them, of this package or another, a method of
// a type holding it, a closure), or around the call of a helper whose own
// loop appends, and a misaligned N is commitsize's finding; an N the
// source does not show (a helper of another package that flushes under
// its own condition); TEMP tables no plain INSERT ... SELECT (no JOIN) of
// the package copies (their partial groups die with them;
// docs/measurements.md#temp-staging-tables), and so staging tables the
// Appender's function creates and drops (exported to Parquet with COPY
// ... TO, whose writer cuts its own row groups); test files, whose loads are
// far below the flush (see -tests); row group sizes (-rowgroup) that
// divide 204,800.
package appendertx
