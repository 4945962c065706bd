package load

import (
	"database/sql"
	"testing"
)

// testPage walks a small test table: reported only with -tests.
const testPage = 100_000

func TestWalkCoversTable(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for off := 0; ; off += testPage {
		rows, err := db.Query("SELECT * FROM load_test LIMIT ? OFFSET ?", testPage, off)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n < testPage {
			break
		}
	}
}
