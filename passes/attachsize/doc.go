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
// (docs/measurements.md#attach-row_group_size):
//
//	db.Exec("ATTACH 'a.db' AS a (ROW_GROUP_SIZE 200000)")
//
// The fix writes the nearest multiple of 2,048, and adds the storage
// version when the size needs it and none is written. COPY ... (FORMAT
// parquet, ROW_GROUP_SIZE n) below 2,048 is reported too: the Parquet
// writer fills row groups a vector at a time (not measured here).
//
// Not reported: sizes in a Go value rather than the SQL text; COPY to
// other formats; an older STORAGE_VERSION spelt in a way rowalign cannot
// read.
package attachsize
