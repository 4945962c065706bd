// Package pagewalk finds the page walks and commit loops of DuckDB client
// code, and traces their sizes to the constants that set them.
//
// Find runs once per package, after scope.Of and sqltext.Find, and every
// rowalign check reads its result. The files are split by job: query.go
// finds walks in queries run in loops, advance.go decides whether a
// position moves on from one iteration to the next, batch.go finds commit
// loops, sizes.go traces sizes, tx.go answers what the walks share with
// the checks (Package: did a BEGIN run before a call, which Appender a
// call flushes, a helper's callers). The Appender loops are appendertx's
// own (passes/appendertx/loops.go), found with Package.
//
// A page walk is a query run in a loop that moves through a table one
// page at a time:
//
//	for off := 0; ; off += pageSize {
//		rows, err := db.Query("SELECT * FROM t LIMIT ? OFFSET ?", pageSize, off)
//		...
//	}
//
// A loop may also be written with goto: a label before the query and a
// goto to it after (the block holding both is the walk's loop); and a
// walk may be a recursive function that reads one page and calls
// itself with the next position (exportFrom(ctx, db, lo+pageSize)); the
// function is then the walk's loop, and the step a stride.
//
// The loop may be in another function than the query: a page helper
// whose offset is its parameter walks when a caller in the package calls
// it in a loop with an advancing argument (interproc.go follows up to
// three calls, function literals called where they are written or
// through the variable holding them, and channel sends to a worker's
// receiving loop). The walk's loop is then the caller's, and its sizes
// are those the walking callers pass. A helper called once, or with a
// request's value or a constant, is no walk. A method that reads its
// position from a field and advances that field itself (a cursor's Next:
// c.offset += len(page)) walks when a loop calls it: the walk is then a
// cursor's (Walk.Cursor), whose query holds the whole strategy. A
// position computed from a
// page-number parameter (OFFSET page*n) crosses too, n being a stride a
// fix changes with the size. A range over an iterator of the package
// walks when what the iterator yields for the position (an int, or a
// field of a struct yielded) advances, and the page size is read from
// the yield call (yield(lo, min(lo+n, total))).
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
// inside a loop, or every iteration of a loop that steps through a slice
// N at a time (for start := 0; start < len(rows); start += N). The flush
// may be a helper's (tx.go, package appenders): a function of this
// package or another that flushes the Appender it is passed, a method of
// a type holding it, a function literal that flushes one it captures. A
// page walk whose loop commits into DuckDB every page (tx.Commit, an
// Appender's flush) writes; a walk over another engine's table is kept
// only then, as a copy into DuckDB (Walk.ReadEngine), its sizes not
// fixable.
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
// Find reports nothing; the checks decide what is worth a diagnostic.
// It does not recognise: a LIMIT/OFFSET query outside a loop, or in a
// loop whose offset does not advance (a page served per request, an
// offset read from a slice element: reqs[i].Offset, or the value of range
// bookmarks); a LIMIT without OFFSET that is not a keyset walk; batches
// cut from one streaming query and sent somewhere that is not a DuckDB
// commit; walks over a handle opened with another driver; a loop that
// waits on the clock between its queries (poll.go: a poller following new
// rows); sizes no constant reaches (computed at run time, read from a
// file); across a function boundary, a position computed from two
// parameters (off := page * n with n a parameter too), a helper reached
// through a func value passed around, or more than three hops.
//
// A helper package that imports no driver and runs SQL on the handles it
// is given (scope.Result.Shared) reports nothing: Find exports the Walks
// facts of its walks over handle parameters, and a caller that passes a
// DuckDB handle reports them at its call (callerfacts.go).
//
// Across packages, a function or method whose query runs one
// LIMIT/OFFSET page at an offset that is its parameter (or a field of a
// struct parameter, opts.Offset, or a page number it multiplies by the
// limit, (page-1)*perPage), and walks nothing itself, carries a
// PageQuery fact (facts.go): an importer that
// calls it in a loop whose offset advances walks, whether it calls it
// directly (s.ListRepositories(ctx, 500, page*500)) or through an
// interface the method implements (l.ListRepositories(ctx, n, off) with
// l a Lister of the importer's). The walk is the importer's call; the
// same method called once (a command printing one page) is no walk.
package pagewalk
