// Package storage reads how DuckDB stored a database's tables and rewrites
// them in whole row groups: the audit, repair and compaction behind
// duckdb/cmd/rowalign-db.
//
// The audit reads DuckDB's own evidence: pragma_storage_info (row groups,
// segments, blocks) and pragma_database_size (the file's blocks, used and
// free). Repair rewrites one table inside its database in one transaction;
// Compact copies a whole database into a new file and swaps it in. Both
// verify every row (count and an order-independent checksum over every
// column) before anything replaces the original.
//
// The package uses database/sql only; the caller registers the DuckDB
// driver (github.com/duckdb/duckdb-go/v2) under the name "duckdb".
// See docs/audit.md.
package storage
