package q

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

const base = "SELECT * FROM t"

func queries(ctx context.Context, db *sql.DB, tx *sql.Tx, conn *sql.Conn, table string, n, off int) {
	db.Query("SELECT 1")                                               // sql: SELECT 1
	db.QueryContext(ctx, base+" LIMIT ? OFFSET ?", n, off)             // sql: SELECT * FROM t LIMIT ? OFFSET ?
	tx.Exec(fmt.Sprintf("INSERT INTO %s SELECT * FROM s LIMIT %d", table, n)) // sql: INSERT INTO {?} SELECT * FROM s LIMIT {?}
	conn.QueryRowContext(ctx, fmt.Sprintf("SELECT %s FROM %s", "a", "b")) // sql: SELECT a FROM b
	q := "SELECT * FROM t LIMIT " + strconv.Itoa(n) + " OFFSET " + fmt.Sprint(off)
	db.Query(q) // sql: SELECT * FROM t LIMIT {?} OFFSET {?}
	db.Query(fmt.Sprintf("SELECT 100%% LIMIT %[1]d", n)) // sql: {?}
	db.Query(build())                                   // sql: {?}
	stmt, _ := db.Prepare("SELECT * FROM t WHERE rowid >= ? AND rowid < ?")
	stmt.Query(1, 2) // sql: SELECT * FROM t WHERE rowid >= ? AND rowid < ?
	var args []any
	db.Query("SELECT ?", args...) // sql: SELECT ?
}

func build() string { return "SELECT 2" }
