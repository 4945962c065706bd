// Package strategy holds walk strategies that cost whatever the page
// size, Appender loads, and ATTACH/COPY row group options.
package strategy

import (
	"context"
	"database/sql"
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

func orderedWalk(db *sql.DB) {
	for off := 0; ; off += 245_760 {
		db.Query("SELECT * FROM t ORDER BY rowid LIMIT ? OFFSET ?", 245_760, off) // want `LIMIT/OFFSET page walk with ORDER BY over DuckDB: every page sorts the rest of the table again, so the walk is quadratic \(measured on 1M rows, on a loaded machine: ~86 s at 10,000-row pages against 3.48 s for one SELECT \* on a quiet one\); walk rowid ranges on row group boundaries with github.com/rowalign/rowalign/runtime/pager.Pages`
	}
}

func keysetWalk(ctx context.Context, db *sql.DB) {
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, v FROM t WHERE id > ? ORDER BY id LIMIT 245760", last) // want `keyset page walk \(key > last ORDER BY key LIMIT n\) over DuckDB: every page sorts the remaining rows again`
		if err != nil {
			return
		}
		n := 0
		for rows.Next() {
			rows.Scan(&last, new(string))
			n++
		}
		if n == 0 {
			return
		}
	}
}

func copyWalk(db *sql.DB) {
	for off := 0; ; off += 245_760 {
		db.Exec("INSERT INTO d SELECT * FROM s LIMIT ? OFFSET ?", 245_760, off) // want `LIMIT/OFFSET page walk without ORDER BY over DuckDB: .*; copy in whole row groups with github.com/rowalign/rowalign/runtime/pager.Copy`
	}
}

func hugePages(db *sql.DB) {
	for off := 0; ; off += 1_228_800 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 1_228_800, off) // want `LIMIT/OFFSET page walk without ORDER BY, 1228800-row pages, over DuckDB: DuckDB rewrites LIMIT/OFFSET pages only for constant limits up to 1,000,000, so every page of this walk scans and discards its offset`
	}
}

// One keyset page per request: no walk.
func keysetPage(db *sql.DB, after int64) {
	db.Query("SELECT * FROM t WHERE id > ? ORDER BY id LIMIT 100", after)
}

// A keyset query in a loop whose key never moves: no walk.
func retry(db *sql.DB, after int64) {
	for i := 0; i < 3; i++ {
		if _, err := db.Query("SELECT * FROM t WHERE id > ? ORDER BY id LIMIT 100", after); err == nil {
			return
		}
	}
}

func appenderNoTx(dc driver.Conn, rows [][]driver.Value) error {
	app, err := duckdb.NewAppenderFromConn(dc, "", "events")
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := app.AppendRow(r...); err != nil { // want `DuckDB Appender fed in a loop outside a transaction: the Appender flushes by itself every 204,800 rows`
			return err
		}
	}
	return app.Close()
}

func appenderInTx(ctx context.Context, c *sql.Conn, dc driver.Conn, rows [][]driver.Value) error {
	if _, err := c.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	app, _ := duckdb.NewAppenderFromConn(dc, "", "events")
	for _, r := range rows {
		app.AppendRow(r...)
	}
	app.Close()
	_, err := c.ExecContext(ctx, "COMMIT")
	return err
}

// One row per call: the loop, if any, is the caller's.
func appendOne(app *duckdb.Appender, id int64) error { return app.AppendRow(id) }

func attach(db *sql.DB) {
	db.Exec("ATTACH 'a.db' AS a (ROW_GROUP_SIZE 100000)")                              // want `ATTACH ... \(ROW_GROUP_SIZE 100000\): DuckDB rejects a row group size that is not a multiple of its vector size 2048; use 100352$`
	db.Exec("ATTACH 'b.db' AS b (ROW_GROUP_SIZE 204800)")                              // want `ATTACH ... \(ROW_GROUP_SIZE 204800\) without STORAGE_VERSION 'v1.2.0' or later`
	db.Exec("ATTACH 'c.db' AS c (ROW_GROUP_SIZE 204800, STORAGE_VERSION 'v1.0.0')")    // want `without STORAGE_VERSION 'v1.2.0' or later`
	db.Exec("ATTACH 'd.db' AS d (STORAGE_VERSION 'v1.2.0', ROW_GROUP_SIZE 204800)")
	db.Exec("ATTACH 'e.db' AS e (ROW_GROUP_SIZE 61440)")
	db.Exec("ATTACH 'g.db' AS g (ROW_GROUP_SIZE 200000)") // want `ATTACH ... \(ROW_GROUP_SIZE 200000\): .*use 200704, with STORAGE_VERSION 'v1.2.0' \(required at 122,880 rows or more`
	db.Exec("ATTACH 'f.db' AS f")
	db.Exec("COPY t TO 'out.parquet' (FORMAT parquet, ROW_GROUP_SIZE 1000)") // want `COPY ... \(FORMAT parquet, ROW_GROUP_SIZE 1000\): below DuckDB's vector size 2048`
	db.Exec("COPY t TO 'out.parquet' (FORMAT parquet, ROW_GROUP_SIZE 122880)")
	db.Exec("COPY t TO 'out.csv' (FORMAT csv)")
}
