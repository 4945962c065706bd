// Package attachsize defines an Analyzer that reports ROW_GROUP_SIZE
// options DuckDB rejects or does not honour.
//
// # Analyzer attachsize
//
// attachsize: report ATTACH and COPY row group sizes DuckDB rejects or ignores
//
// ATTACH ... (ROW_GROUP_SIZE n) fails at run time unless n is a multiple
// of DuckDB's vector size, 2,048, and, from 122,880 rows on, unless the
// database uses STORAGE_VERSION 'v1.2.0' or later
// (docs/measurements.md#attach-row_group_size); DuckDB 2.0's default
// format takes such groups, and a module that links 2.0 gets no finding
// for them:
//
//	db.Exec("ATTACH 'a.db' AS a (ROW_GROUP_SIZE 200000)")
//
// The size may be put into the text from Go, as a literal, a named
// constant, or a variable or struct field the package assigns once
// (cfg.RowGroupSize with Config{RowGroupSize: 100_000}):
//
//	db.Exec(fmt.Sprintf("ATTACH '%s' AS w (ROW_GROUP_SIZE %d)", path, 150_000))
//
// The finding is then on the Go argument.
//
// The fix writes the nearest multiple of 2,048 where the size is written
// (the number in the SQL, or the Go literal: 150_000 becomes 149_504),
// and adds the storage version to the SQL text when the size needs it
// and none is written. COPY ... (FORMAT
// parquet, ROW_GROUP_SIZE n) below 2,048 is reported too: the Parquet
// writer fills row groups a vector at a time (not measured here).
//
// Not reported: sizes that are not constants the source shows (a flag,
// a parameter, a computation); COPY to other formats; an older STORAGE_VERSION spelt in a way rowalign cannot
// read.
package attachsize
