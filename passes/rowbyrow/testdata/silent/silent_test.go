package silent

import (
	"database/sql"
	"testing"
)

// Test files load their fixtures row by row: not reported (see -tests).
func TestLoad(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 1000 {
		db.Exec("INSERT INTO t VALUES (?, ?)", i, "x")
	}
}
