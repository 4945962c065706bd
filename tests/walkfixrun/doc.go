// Package walkfixrun proves offsetwalk's rewrite on real DuckDB: it builds
// the rewrite fixture's walks as they were and as the fix left them
// (passes/offsetwalk/testdata/rewrite/{schema,export,copy,noctx,single,tail,columns,sources,perpage,cursor}.go
// and their .golden) into one program, runs both over generated tables,
// and compares what their loop bodies saw, row for row, alone and with a
// concurrent writer; and, for the walks of issue 24's holes (a positional
// copy, a view, a table with a rowid column, state kept per page, a body
// that writes the walked table, a keyset cursor read through a closure, a
// pointer or a defer), what each computed: the fixed program must compute
// what the original computed, where the earlier rewrites did not.
package walkfixrun
