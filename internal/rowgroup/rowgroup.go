// Package rowgroup holds the figures rowalign-db, rowalign-sweep and the
// pager report about a table's row groups, so that the tools give one
// table one fill under one name. It is pure Go: the pager imports it and
// never links DuckDB.
package rowgroup

// DefaultRows is DuckDB's default row group size: 122,880 rows (60
// vectors of 2,048), read from pragma_storage_info on DuckDB 1.5.6 and
// 1.1.3 (docs/measurements.md#row-group-size).
const DefaultRows = 122_880

// Unit is the row group size a table's groups are measured against: the
// larger of DefaultRows and the largest stored group. DuckDB keeps no
// per-table record of the size a table was written with, and ATTACH ...
// (ROW_GROUP_SIZE n) allows larger groups; a smaller ROW_GROUP_SIZE is
// not told apart from damage (docs/audit.md, "Limits").
func Unit(groups []int64) int64 {
	u := int64(DefaultRows)
	for _, n := range groups {
		u = max(u, n)
	}
	return u
}

// Fill is how full a table's row groups are, in percent: the live rows
// over what the groups could hold with only the last one partial,
// (len(groups)-1)*Unit(groups) + the last group's rows. A table loaded
// whole is 100 % whatever its size (1,000,000 rows in 8 x 122,880 +
// 16,960); partial groups before the last and deleted rows still stored
// lower it. A table with no groups stores nothing and wastes nothing:
// 100. Live rows above the capacity (rows not checkpointed yet) count as
// 100.
func Fill(live int64, groups []int64) float64 {
	g := len(groups)
	if g == 0 {
		return 100
	}
	capacity := int64(g-1)*Unit(groups) + groups[g-1]
	if capacity <= 0 {
		return 100
	}
	return 100 * float64(min(max(live, 0), capacity)) / float64(capacity)
}
