package q

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
)

const base = "SELECT * FROM t"

func queries(ctx context.Context, db *sql.DB, tx *sql.Tx, conn *sql.Conn, table string, n, off int) {
	db.Query("SELECT 1")                                                      // sql: SELECT 1
	db.QueryContext(ctx, base+" LIMIT ? OFFSET ?", n, off)                    // sql: SELECT * FROM t LIMIT ? OFFSET ?
	tx.Exec(fmt.Sprintf("INSERT INTO %s SELECT * FROM s LIMIT %d", table, n)) // sql: INSERT INTO {?} SELECT * FROM s LIMIT {?}
	conn.QueryRowContext(ctx, fmt.Sprintf("SELECT %s FROM %s", "a", "b"))     // sql: SELECT a FROM b
	q := "SELECT * FROM t LIMIT " + strconv.Itoa(n) + " OFFSET " + fmt.Sprint(off)
	db.Query(q)                                          // sql: SELECT * FROM t LIMIT {?} OFFSET {?}
	db.Query(fmt.Sprintf("SELECT 100%% LIMIT %[1]d", n)) // sql: {?}
	db.Query(build())                                    // sql: SELECT 2
	stmt, _ := db.Prepare("SELECT * FROM t WHERE rowid >= ? AND rowid < ?")
	stmt.Query(1, 2) // sql: SELECT * FROM t WHERE rowid >= ? AND rowid < ?
	var args []any
	db.Query("SELECT ?", args...) // sql: SELECT ?
}

func build() string { return "SELECT 2" }

type schema struct {
	table string
	cols  []string
}

// upsertSQL builds the statement in a strings.Builder: its text is read
// at the call, the table and column names holes.
func (s schema) upsertSQL() string {
	var b strings.Builder
	fmt.Fprintf(&b, `INSERT INTO "%s" (`, s.table)
	for i, c := range s.cols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c)
	}
	b.WriteString(") VALUES (")
	for i := range s.cols {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", i+1)
	}
	b.WriteString(") ON CONFLICT DO NOTHING")
	return b.String()
}

func dialectSQL(pg bool) string {
	if pg {
		return "SELECT $1"
	}
	return "SELECT ?"
}

func sameSQL(pg bool) (string, error) {
	if pg {
		return "DELETE FROM t WHERE id = ?", nil
	}
	return "DELETE FROM t WHERE id = ?", nil
}

func results(db *sql.DB, s schema, pg bool) {
	db.Exec(s.upsertSQL(), 1) // sql: INSERT INTO "{?}" (, {?}) VALUES (, ${?}) ON CONFLICT DO NOTHING
	db.Query(dialectSQL(pg))  // sql: {?}
	q, _ := sameSQL(pg)
	db.Exec(q, 1) // sql: {?}
}
