// Package commitsize defines an Analyzer that reports pages and batches
// committed into DuckDB in sizes that are not whole row groups.
//
// # Analyzer commitsize
//
// commitsize: report commits and Appender flushes into DuckDB in sizes that are not whole row groups
//
// A walk that commits each page (INSERT ... SELECT per page, tx.Commit per
// page), or a loop that commits or flushes an Appender every N rows
// (n%N == 0, n >= N, len(batch) == N, a chunk of N), leaves a partly filled row group
// at every commit when N is not a multiple of DuckDB's row group; below
// one row group every commit goes through the write-ahead log row by row:
//
//	const copyPage = 250_000 // 245_760 (2 row groups) is aligned
//	for off := 0; ; off += copyPage {
//		db.Exec("INSERT INTO dst SELECT * FROM src LIMIT ? OFFSET ?", copyPage, off)
//	}
//
// Copying 1,000,000 rows in 250,000-row commits took 5.07 s against 2.57 s
// in 245,760-row commits, and 10,000-row commits 10.02 s
// (docs/measurements.md#committing-page-by-page; each figure quoted at the
// sizes it was measured at, docs/measurements.md#figures-by-size). The fix
// rewrites the literal, and every stride that repeats it, to the nearest
// multiple of the row group, in the literal's style (for an Appender
// flushed outside a transaction, at most 122,880: it flushes by itself at
// 204,800), when nothing the program computes depends on where the
// commits fall.
//
// A commit is tx.Commit, a COMMIT statement, an Appender's flush, a call
// of a helper given the handle that commits (dbtx.InTx(ctx, db, fn), the
// appenders.Commits fact), or in autocommit one statement that writes a
// batch: INSERT ... SELECT over range(?, ?), or an INSERT ... VALUES list
// built at run time.
//
// Not reported: sizes that are multiples of the row group or under -min;
// commits under a row group of rows written one statement at a time
// (they filled the groups whole at no measured cost, at 2 columns and at
// a real import's 6: docs/measurements.md#commits-under-a-row-group;
// an Appender's flushes under a row group are reported, with what they
// left at 29 columns);
// Appender flushes inside one transaction (they commit nothing); batches
// cut from one streaming query that are not committed into DuckDB; sizes
// no constant reaches (computed at run time; a flag's or an environment
// fallback's default is a constant that reaches); names that say bytes; handles opened with
// another driver.
package commitsize
