// Package rewrite turns a LIMIT/OFFSET page walk into a walk with
// rowalign's pager, as a suggested fix, for the loop shapes where the
// rewrite provably keeps the rows the loop body sees. Everywhere else it
// says why it offers no fix.
//
// The one shape it rewrites (docs/checks/offsetwalk.md lists what it
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
// code stays as it is. The pages are whole row groups instead of n rows,
// so what the body does once a page runs for other page boundaries (and
// not for the empty page the old loop read when the table was an exact
// multiple of n); the rows it sees are the same, each once, in one
// snapshot.
//
// Keyset walks (Keyset: `WHERE [...] AND key > ? ORDER BY key LIMIT n`
// over `for { ... }`) and ORDER BY LIMIT/OFFSET walks are rewritten the
// same way, the keyset's WHERE clause kept whole with the last key's value
// before the loop, but only where order.go proves that the body's effect
// does not depend on the order of the rows: the pager reads them in rowid
// order, not key order.
package rewrite
