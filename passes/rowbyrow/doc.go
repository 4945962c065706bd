// Package rowbyrow defines an Analyzer that reports loops writing DuckDB
// one row per statement.
//
// # Analyzer rowbyrow
//
// rowbyrow: report loops that write DuckDB one row per statement
//
// A one-row INSERT, UPSERT (INSERT ... ON CONFLICT), or UPDATE or DELETE
// by key, run once per iteration of a loop over rows, is the costliest
// way to write DuckDB. On a *sql.DB, or a *sql.Conn with no transaction
// open, each statement commits alone: about 2,100 µs a row, against 6 µs
// through duckdb-go's Appender inside one transaction; inside a
// transaction each statement still runs alone, 220 µs a row prepared and
// 720 µs not (docs/measurements.md#row-by-row-writes):
//
//	for _, e := range events {
//		if _, err := db.ExecContext(ctx, "INSERT INTO events VALUES (?, ?, ?)", e.ID, e.Kind, e.At); err != nil {
//			return err
//		}
//	}
//
// Append the rows with the Appender inside one transaction (BEGIN on a
// *sql.Conn, duckdb.NewAppenderFromConn through conn.Raw, COMMIT after
// Close), flushing at a multiple of the row group (122,880 rows) if at
// all. For UPDATE and DELETE by key, append the keys to a temporary table
// and run one UPDATE ... FROM or DELETE ... USING: an UPDATE by key cost
// about 2,500 µs a row committing alone and 1,200 µs inside a
// transaction, against 50 µs so.
//
// The statement may run on a *sql.DB, *sql.Conn or *sql.Tx, through a
// prepared *sql.Stmt, through sqlx (Exec, MustExec, NamedExec with one
// struct or map), or in a helper that writes one row per call and is
// called in the loop: a function of the same package, or of another one
// (a OneRow fact, computed by the Writers analyzer), through up to
// eight helpers. The loop may range over a slice, a map, a channel, an
// integer or an iterator, or read bufio.Scanner or csv.Reader lines: any
// loop whose iterations bind new values to the statement.
//
// No fix is suggested. Wrapping an autocommit loop in a transaction
// changes what stays written when a row fails in mid-loop (the rows
// before it are committed now, none would be then), and the Appender
// reports a bad row only at Flush or Close, not at the row: a rewrite
// that keeps the program's behaviour is not a mechanical one.
//
// Not reported: loops whose trip count is a constant of at most 100
// (seeding a few reference rows, a statement per element of a short
// literal list); loops over statements (the SQL text changes per
// iteration, the bound values do not: DDL lists, a table per iteration);
// retry loops, whose iterations bind the same values; a statement run
// once per call of a function no loop calls (a request handler's
// INSERT); multi-row statements: INSERT ... VALUES with several rows or
// a list the program builds in a loop before running it, INSERT ...
// SELECT, UPDATE ... FROM, keys in an IN list (commitsize judges their
// sizes); sqlx's NamedExec with a slice (one multi-row statement); a
// statement in a closure called in the loop or run by a goroutine the
// loop starts; handles of PostgreSQL, SQLite and MySQL (see package
// scope); test files (see -tests).
package rowbyrow
