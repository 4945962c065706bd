// Writes a small DuckDB file with DuckDB 1.1.3 (marcboeker/go-duckdb v1.8.5),
// for rowalign-db's test of files written by an older DuckDB.
package main

import (
	"database/sql"
	"fmt"
	"os"

	_ "github.com/marcboeker/go-duckdb"
)

func main() {
	os.Remove(os.Args[1])
	db, err := sql.Open("duckdb", os.Args[1])
	if err != nil {
		panic(err)
	}
	defer db.Close()
	stmts := []string{
		`CREATE TABLE t(id BIGINT NOT NULL, k INTEGER CHECK (k >= 0))`,
		`CREATE TABLE empty(x INTEGER)`,
		`CREATE VIEW v AS SELECT * FROM t`,
	}
	for lo := 0; lo < 500000; lo += 150000 {
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO t SELECT i, (i %% 7)::INTEGER FROM range(%d, %d) r(i)`, lo, min(500000, lo+150000)))
	}
	stmts = append(stmts, `DELETE FROM t WHERE id >= 490000`, `CHECKPOINT`)
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			panic(fmt.Sprint(s, err))
		}
	}
	var v string
	db.QueryRow(`SELECT version()`).Scan(&v)
	rows, _ := db.Query(`SELECT row_group_id, max(count) FROM pragma_storage_info('t') WHERE column_id = 0 AND column_path = '[0]' GROUP BY ALL ORDER BY 1`)
	for rows.Next() {
		var a, b int64
		rows.Scan(&a, &b)
		fmt.Print(b, " ")
	}
	fmt.Println(v)
}
