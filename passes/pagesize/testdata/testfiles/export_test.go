package testfiles

import (
	"database/sql"
	"testing"
)

func seed(t *testing.T, db *sql.DB, n int) {
	t.Helper()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		tx.Exec("INSERT INTO events VALUES (?, 'click')", i)
		if (i+1)%50_000 == 0 {
			tx.Commit()
			tx, _ = db.Begin()
		}
	}
	tx.Commit()
}

func TestPagesCoverTable(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	seed(t, db, 100_000)
	seen := 0
	for off := 0; off < 100_000; off += testPage {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM (SELECT id FROM events LIMIT ? OFFSET ?)", testPage, off).Scan(&n); err != nil {
			t.Fatal(err)
		}
		seen += n
	}
	if seen != 100_000 {
		t.Fatalf("pages covered %d rows, want 100000", seen)
	}
}
