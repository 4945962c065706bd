// Package pagewalk finds the page walks and commit loops of DuckDB client
// code, and traces their sizes to the constants that set them.
//
// Find runs once per package, after scope.Of and sqltext.Find, and every
// rowalign check reads its result. The files are split by job: query.go
// finds walks in queries run in loops, advance.go decides whether a
// position moves on from one iteration to the next, batch.go finds commit
// loops, appender.go finds Appender loops, sizes.go traces sizes.
//
// A page walk is a query run in a loop that moves through a table one
// page at a time:
//
//	for off := 0; ; off += pageSize {
//		rows, err := db.Query("SELECT * FROM t LIMIT ? OFFSET ?", pageSize, off)
//		...
//	}
//
// The walk strategies recognised are LIMIT/OFFSET pages whose offset
// advances in the loop (off += n, off = page*n, off += rows read), rowid
// ranges (rowid >= lo AND rowid < lo+n, or BETWEEN) whose lower bound
// advances, and keyset pages (k > last ORDER BY k LIMIT n) whose key
// advances. A walk writes when its statement is INSERT ... SELECT or
// CREATE ... AS, or when its loop commits a transaction.
//
// A commit loop commits every N rows: tx.Commit or a DuckDB Appender's
// Flush under a condition such as n%N == 0, n >= N or len(batch) == N
// inside a loop.
//
// The size of each walk or loop is traced to where it is written, with
// go/ssa (package ssaflow, built only when a size needs it): every
// assignment that reaches it, struct fields, parameters bound at their
// call sites (go, defer, closures, iterators' yield calls), captured
// variables, results of the package's functions and methods, values sent
// on a channel, cmp.Or, and the defaults of flag and pflag flags. A
// constant that reaches the size on some path is a site, even when other
// paths bring values from outside (a flag's default, an environment
// variable's fallback); one that is always overwritten is not. A package
// with type errors is traced by syntax alone (package flow): a literal, a
// constant (also from another package), a variable's assignments, a
// struct field set in composite literals, or a parameter bound by
// constants at the call sites of its function.
//
// Find reports nothing; the checks decide what is worth a diagnostic. It does not recognise: a LIMIT/OFFSET query outside
// a loop, or in a loop whose offset does not advance (a page served per
// request, an offset read from a slice element: reqs[i].Offset, or the
// value of range bookmarks); a LIMIT without OFFSET that is not a keyset walk; batches cut
// from one streaming query and sent somewhere that is not a DuckDB commit;
// walks over a handle opened with another driver; sizes no constant
// reaches (computed at run time, read from a file).
package pagewalk
