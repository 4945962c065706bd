// Package commit holds walks and loops that commit into DuckDB.
package commit

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

const copyPage = 250_000 // want `^commit size copyPage = 250000 splits DuckDB's 122880-row row groups: each commit leaves a partial row group \(2x slower load\); use 245_760$`

// INSERT ... SELECT per page: each statement commits.
func copyTable(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += copyPage {
		res, err := db.ExecContext(ctx, "INSERT INTO dst SELECT * FROM src LIMIT ? OFFSET ?", copyPage, off)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

// A read walk that commits each page into another table.
func readAndCommit(db *sql.DB) {
	for lo := 0; ; lo += 200_000 {
		rows, _ := db.Query("SELECT * FROM src WHERE rowid >= ? AND rowid < ?", lo, lo+200_000) // want `commit size 200000`
		tx, _ := db.Begin()
		for rows.Next() {
			tx.Exec("INSERT INTO dst VALUES (?)", 1)
		}
		tx.Commit()
	}
}

// Commit every N rows of a streamed load.
func batchCommit(db *sql.DB, src *sql.Rows) {
	tx, _ := db.Begin()
	n := 0
	for src.Next() {
		tx.Exec("INSERT INTO dst VALUES (?)", n)
		n++
		if n%50_000 == 0 {
			tx.Commit()
			tx, _ = db.Begin()
		}
	}
	tx.Commit()
}

type loader struct {
	BatchRows int
}

// Appender flushes every N rows outside a transaction: each is a commit.
func appenderLoad(conn driver.Conn, rows [][]driver.Value, l loader) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	for i, r := range rows {
		app.AppendRow(r...)
		if (i+1)%l.BatchRows == 0 {
			app.Flush()
		}
	}
	return app.Close()
}

var defaultLoader = loader{BatchRows: 300_000} // want `commit size BatchRows = 300000 splits`

func useLoader(conn driver.Conn) { appenderLoad(conn, nil, defaultLoader) }

// Inside one transaction the Appender's flushes commit nothing.
func appenderInTx(ctx context.Context, c *sql.Conn, dc driver.Conn, rows [][]driver.Value) {
	c.ExecContext(ctx, "BEGIN TRANSACTION")
	app, _ := duckdb.NewAppenderFromConn(dc, "", "events")
	for i, r := range rows {
		app.AppendRow(r...)
		if i%300_000 == 0 {
			app.Flush()
		}
	}
	app.Close()
	c.ExecContext(ctx, "COMMIT")
}

// Batches cut from one streaming query and sent elsewhere: nothing is
// re-queried and nothing is committed into DuckDB.
func streamBatches(db *sql.DB, send func([]int)) {
	rows, _ := db.Query("SELECT id FROM t")
	var batch []int
	for rows.Next() {
		var id int
		rows.Scan(&id)
		batch = append(batch, id)
		if len(batch) == 250_000 {
			send(batch)
			batch = batch[:0]
		}
	}
}

// A commit every five seconds is not a row count.
func timedCommits(db *sql.DB, src *sql.Rows) {
	tx, _ := db.Begin()
	start := time.Now()
	for src.Next() {
		if elapsed := time.Since(start); elapsed >= 5*time.Second {
			tx.Commit()
			tx, _ = db.Begin()
			start = time.Now()
		}
	}
}

// Small batches are latency choices.
func smallBatches(db *sql.DB, src *sql.Rows) {
	tx, _ := db.Begin()
	for n := 1; src.Next(); n++ {
		if n%1_000 == 0 {
			tx.Commit()
			tx, _ = db.Begin()
		}
	}
}

// Aligned batches.
func alignedBatches(db *sql.DB, src *sql.Rows) {
	tx, _ := db.Begin()
	for n := 1; src.Next(); n++ {
		if n >= 245_760 {
			tx.Commit()
			tx, _ = db.Begin()
			n = 0
		}
	}
}
