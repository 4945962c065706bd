// Package rewrite turns a LIMIT/OFFSET page walk into a walk with
// rowalign's pager, as a suggested fix, for the loop shapes where the
// rewrite provably keeps the rows the loop body sees. Everywhere else it
// says why it offers no fix.
//
// The one shape it rewrites (docs/reference/offsetwalk.md lists what it
// refuses, and why):
//
//	for off := 0; ; off += n {
//		rows, err := q.QueryContext(ctx, "SELECT a, b FROM t [WHERE expr] LIMIT ? OFFSET ?", [args...,] n, off)
//		if err != nil {
//			return err
//		}
//		count := 0
//		for rows.Next() { ...; count++ }
//		...
//		if count < n {
//			break
//		}
//	}
//
// becomes
//
//	for page, err := range pager.Pages(ctx, q, "t", pager.Columns("a", "b"), [pager.Where("expr", args...),] pager.RowGroups(k)) {
//		if err != nil {
//			return err
//		}
//		rows := page.Rows
//		for rows.Next() { ... }
//		...
//	}
//
// The loop's query, its offset and its end test go; the body's scanning
// code stays as it is. The pages are whole row groups instead of n rows;
// both loops see the same rows in the same order (rowid order), so the
// rewrite is offered only where nothing the body does depends on where a
// page ends (pages.go), over a table the package itself creates (a view or
// a table with a rowid column of its own would fail the pager: sources.go),
// in a package whose build already holds the pager (build.go). A copy
// (INSERT ... SELECT per page in one *sql.Tx) becomes one pager.Copy where
// its mapping of columns by position provably is Copy's by name (copy.go).
//
// ORDER BY and keyset walks get no fix: the pager reads in rowid order, and
// the proof that a body does not depend on the order of its rows, which
// offered the fix for 8 of the 193 fixture walks and none of the corpus's
// 29, let three programs compute something else (docs/reference/offsetwalk.md,
// "The fix, shape by shape").
package rewrite
