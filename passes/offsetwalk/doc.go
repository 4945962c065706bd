// Package offsetwalk defines an Analyzer that reports DuckDB page walks
// whose strategy costs whatever the page size: LIMIT/OFFSET and keyset
// pages.
//
// # Analyzer offsetwalk
//
// offsetwalk: report LIMIT/OFFSET and keyset page walks over a DuckDB table
//
// A walk that pages with LIMIT n OFFSET off makes DuckDB find each page
// again: with ORDER BY, or as keyset pages (key > last ORDER BY key LIMIT
// n), every page sorts the rest of the table, so the walk is quadratic;
// without ORDER BY, DuckDB >= 1.1 plans each page as a scan, a semi join
// and a sort, and only for constant limits up to 1,000,000
// (docs/measurements.md#reading-page-by-page):
//
//	for off := 0; ; off += 245_760 {
//		rows, err := db.Query("SELECT * FROM t ORDER BY id LIMIT ? OFFSET ?", 245_760, off)
//		...
//	}
//
// Walk rowid ranges on row group boundaries instead, or use
// github.com/rowalign/rowalign/runtime/pager (Pages to read, Copy to
// copy).
//
// Not reported: a LIMIT/OFFSET or keyset query outside a loop, or in a
// loop whose offset or key does not advance (a page served per request);
// rowid range walks; walks over handles opened with another driver.
// The fix rewrites a walk into pager.Pages or pager.Copy in the loop
// shapes where that provably keeps the rows the body sees, and for ORDER
// BY and keyset walks only where the body's effect does not depend on the
// order of its rows (docs/reference/offsetwalk.md lists the shapes); other
// walks get no fix.
package offsetwalk
