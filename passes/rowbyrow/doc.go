// Package rowbyrow defines an Analyzer that reports loops writing DuckDB
// one row per statement.
//
// # Analyzer rowbyrow
//
// rowbyrow: report loops that write DuckDB one row per statement
//
// A one-row INSERT, UPSERT (INSERT ... ON CONFLICT), or UPDATE or DELETE
// by key, run once per row of a bulk data path, is the costliest way to
// write DuckDB. On a *sql.DB, or a *sql.Conn with no transaction open,
// each statement commits alone: about 2,100 µs a row, against 6 µs
// through duckdb-go's Appender inside one transaction; inside a
// transaction each statement still runs alone, 220 µs a row prepared and
// 720 µs not (docs/measurements.md#row-by-row-writes):
//
//	sc := bufio.NewScanner(f)
//	for sc.Scan() {
//		id, kind, _ := strings.Cut(sc.Text(), ",")
//		if _, err := db.ExecContext(ctx, "INSERT INTO events VALUES (?, ?)", id, kind); err != nil {
//			return err
//		}
//	}
//
// Append the rows with the Appender inside one transaction (rowalign's
// loader.Load does it), flushing at a multiple of the row group (122,880
// rows) if at all. For UPDATE and DELETE by key, append the keys to a
// temporary table and run one UPDATE ... FROM or DELETE ... USING.
//
// A bulk data path is a loop whose row count comes from data: the rows of
// a query (rows.Next, sqlx's Select into a slice), a file or stream reader
// (bufio.Scanner, csv.Reader, json.Decoder, for { r.Read() }, a file's
// lines), a channel fed by a producer, a queue reader (ReadMessage,
// FetchMessage, Recv), an iterator, or a slice or map the function filled
// in such a loop, another function returned after filling it so (a
// BulkResult fact, computed by the Writers analyzer), a caller in the
// package handed in as a parameter, or the package put in a struct
// field; and the loop of a batch writer, a statement the function
// prepares and runs per element of a slice or map it is given
// (WriteBatch(rows), a sink's insertBatch(events)): preparing it is the
// author's word that the batch is a load, unless its callers, all in the
// package, hand it literals ([]Score{s}); and a loop that
// commits every n rows, or a transaction per chunk of n, n at least -min
// (commitsize's commit loops), for the same reason. The statement may run
// on a *sql.DB, *sql.Conn or *sql.Tx, through a prepared *sql.Stmt
// (prepared again with the same text after each commit, too), through
// sqlx, or in a helper of this package or another (a OneRow fact,
// computed by the Writers analyzer, through up to eight helpers) that is
// a genuine one-row writer: the statement is the one thing it runs on the
// database, on every call. A helper whose own handle its package proves
// DuckDB's is reported in a caller that also talks to another engine. A
// helper that writes one row per element of a slice or map it is given
// (EnqueueBatch(items)) is reported at a call that hands it rows read in
// bulk (a slice the caller filled in a bulk loop).
//
// No fix is suggested. Wrapping an autocommit loop in a transaction
// changes what stays written when a row fails in mid-loop, and the
// Appender reports a bad row only at Flush or Close.
//
// Not reported, because the row count comes from the code, the schema or
// one request: loops over a literal list, the command line's arguments,
// migration files, the catalog's tables, the entities of one account or
// request; query results the SQL bounds (a LIMIT of at most 100 or one
// the program binds to a value it does not show, USING SAMPLE n ROWS);
// one key's rows (WHERE team_id = ?) written back to the handle they came
// from. Nor pollers (loops that sleep or wait on a ticker), statements
// that leave the loop (return, break) or run for some rows only (for the
// keys missing from a map, under a once-flag, a modulus or a clock), helpers that run more than one statement (a cascade of
// DELETEs, a lookup before an insert, a migration file and its
// bookkeeping row), multi-row statements (commitsize judges them), range
// UPDATEs and DELETEs, statements in a closure or a goroutine, handles of
// PostgreSQL, SQLite and MySQL (see package scope), and test files (see
// -tests), test helpers (a testing.TB parameter, a package named for
// tests). Where the source cannot be told, the check says nothing: a loop
// over a slice or map parameter no caller in the package fills from a
// bulk read, over a struct field no bulk read fills, over the result of
// a function that shows no bulk read, or a count (for i := range n: a
// count comes from the code, a flag or a caller). Precision first: those
// misses are counted on real code, not guessed at.
package rowbyrow
