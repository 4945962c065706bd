// Package rowalign defines the Analyzer that reports DuckDB page and
// commit sizes that are not multiples of DuckDB's row group.
//
// # Analyzer rowalign
//
// rowalign: report DuckDB page walks and commit loops whose sizes ignore the row group
//
// DuckDB stores a table in row groups of 122,880 rows (60 vectors of
// 2,048). Code that walks a table page by page, or copies it and commits
// every N rows, pays when N is not a multiple of that unit:
//
//	const pageSize = 250_000 // 245_760 (2 row groups) is aligned
//	for off := 0; ; off += pageSize {
//		_, err := db.Exec("INSERT INTO dst SELECT * FROM src LIMIT ? OFFSET ?", pageSize, off)
//		...
//	}
//
// Checks (the diagnostic category):
//
//   - pagesize: a read walk (LIMIT/OFFSET, rowid ranges, keyset) whose page
//     size is not a multiple of the row group: each page reads an extra,
//     partly used row group (+27% bytes read measured at 250,000 vs 245,760).
//   - commitsize: a walk that commits each page (INSERT ... SELECT per page,
//     tx.Commit per page) or a loop that commits or flushes an Appender
//     every N rows, with N not a multiple of the row group or smaller than
//     one: partial row groups, checkpoint rewrites and file bloat (2.13 s
//     vs 0.05 s checkpoint, 181 MB vs 98 MB file on 1M rows).
//   - directive: a //rowalign:ignore directive without a reason.
//
// Each finding names the size and where it was written, the row group
// size, the measured cost, and the aligned value; its suggested fix
// rewrites the literal to the nearest multiple of the row group (at least
// one), keeping the literal's style (250_000 becomes 245_760).
//
// Flags: -rowgroup (default 122880; ATTACH ... (ROW_GROUP_SIZE n) changes
// the unit), -min (default 10000: smaller pages and batches are latency
// choices, not bulk loads), -scope (auto: DuckDB client code only; all).
//
// Not reported: LIMIT/OFFSET pages outside a walking loop (a page per
// request), LIMIT without OFFSET, batches cut from one streaming query that
// are not committed into DuckDB, sizes that are multiples of the row group,
// vector-sized chunks of read walks that divide the row group (2,048 ...
// 61,440), names that say bytes, sizes that are not constants, packages
// that are not DuckDB client code, handles opened with another driver,
// generated files, and lines under //rowalign:ignore with a reason.
package rowalign
