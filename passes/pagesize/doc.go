// Package pagesize defines an Analyzer that reports DuckDB read walks
// whose page size is not a multiple of DuckDB's row group.
//
// # Analyzer pagesize
//
// pagesize: report read walks whose page size is not a multiple of DuckDB's row group
//
// DuckDB stores a table in row groups of 122,880 rows (60 vectors of
// 2,048). A walk that reads a table page by page (LIMIT/OFFSET, rowid
// ranges, keyset pages) with pages that are not whole row groups reads a
// partly used row group twice:
//
//	const pageSize = 250_000 // 245_760 (2 row groups) is aligned
//	for off := 0; ; off += pageSize {
//		rows, err := db.Query("SELECT * FROM t LIMIT ? OFFSET ?", pageSize, off)
//		...
//	}
//
// A 250,000-row page read 19% more bytes a row than a 245,760-row page
// (per page: a walk in one process reads the shared group once, and its
// time was within noise); pages far smaller than a row group cost CPU, up
// to 8-17x at 100 rows. Each figure is quoted at the sizes it was measured
// at, or interpolated between two and saying so
// (docs/measurements.md#figures-by-size). The finding names the size
// and where it is written (a literal, a constant, also of another package,
// a variable assigned once, a struct field, the argument of a parameter);
// its fix rewrites the literal, and every stride of the walk that repeats
// it, to the nearest multiple of the row group (at least one), in the
// literal's style: 250_000 becomes 245_760; only when nothing the program
// computes depends on which rows share a page (package sizes proves it
// from the source; else the finding has no fix).
//
// Not reported: sizes that are multiples of the row group (-min is for
// commit loops: a walk is reported at any size, its own or another
// package's that a call passes the size to);
// vector-sized chunks that divide the row group (2,048 ... 61,440); names
// that say bytes; sizes no constant reaches (computed at run time; a flag's or
// an environment fallback's default is a constant that reaches); LIMIT/OFFSET pages outside
// a walking loop (a page per request); walks whose pages are committed
// (see commitsize); walks over a table function or a file
// (read_parquet(...), read_csv(...), FROM 'x.parquet'), whose row groups
// the file's writer set, not DuckDB; pages of a GROUP BY, DISTINCT or
// aggregate result, which are groups, not stored rows; handles opened
// with another driver;
// packages that are
// not DuckDB client code; generated files; lines under //rowalign:ignore
// with a reason.
package pagesize
