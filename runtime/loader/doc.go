// Package loader appends rows from Go into a DuckDB table the way DuckDB
// stores them best: through DuckDB's Appender, inside one transaction,
// flushed at whole row groups. It is the write-side counterpart of
// [github.com/rowalign/rowalign/runtime/pager], and what to write instead of
// a loop that runs one INSERT per row.
//
// One INSERT per row, each its own commit, cost 370 times the Appender
// inside a transaction per row, and a prepared INSERT per row inside one
// transaction 38 times (2,135, 222 and 5.8 us a row on a loaded 2-core
// machine; docs/measurements.md, "Row-by-row writes", with the command that
// reproduces it). The loader costs what a hand-written Appender loop in one
// transaction costs (docs/measurements.md, "The loader"). An Appender used
// without a transaction commits at each of its automatic flushes (every
// 204,800 rows in duckdb-go), which leaves partial row groups behind
// (docs/measurements.md, "Appender flushes").
//
// # Usage
//
//	stats, err := loader.Load(ctx, db, "events", open, func(add loader.AddFunc) error {
//		for _, e := range events {
//			if err := add(e.ID, e.Name, e.At); err != nil {
//				return err
//			}
//		}
//		return nil
//	})
//	if err != nil {
//		return err // nothing was committed
//	}
//	log.Printf("loaded %d rows in %d commit(s)", stats.Rows, stats.Commits)
//
// (example_test.go compiles this block.)
//
// [LoadSeq] takes the rows as an iter.Seq2 instead of a callback.
//
// # The Appender stays the caller's
//
// The Appender is driver-specific: duckdb-go opens one on its own driver
// connection, which database/sql hands out only through [sql.Conn.Raw]. So
// that this package, like the pager, imports nothing but the standard
// library, the caller passes an [Opener], three lines for each driver:
//
//	// github.com/duckdb/duckdb-go/v2
//	func open(c driver.Conn, catalog, schema, table string) (loader.Appender, error) {
//		return duckdb.NewAppender(c, catalog, schema, table)
//	}
//
//	// github.com/marcboeker/go-duckdb (no catalog argument)
//	func open(c driver.Conn, catalog, schema, table string) (loader.Appender, error) {
//		if catalog != "" {
//			return nil, errors.New("go-duckdb v1 appends to the current database only")
//		}
//		return duckdb.NewAppenderFromConn(c, schema, table)
//	}
//
// # Guarantees
//
// The whole load is one transaction unless [CommitRowGroups] asks for
// commits of whole row groups: an error from the rows, from DuckDB, or a
// cancelled context rolls back everything the load appended, and the
// connection goes back to the pool outside any transaction (or is discarded
// when the rollback itself fails). Rows appended inside one transaction come
// out in whole row groups whatever the flush size (docs/measurements.md,
// "Appender flushes"); the loader still flushes at whole row groups so that
// the Appender's buffer stays bounded and, with CommitRowGroups, every
// commit is whole row groups.
//
// A destination that already ends in a partial row group keeps it: DuckDB
// appends after it and a checkpoint does not merge it (docs/measurements.md,
// "What survives on disk"). [Stats.TailRows] says so; rowalign-db repairs
// such a table.
package loader
