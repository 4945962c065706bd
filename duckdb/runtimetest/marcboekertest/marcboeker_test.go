// Package marcboekertest runs the pager through the older driver,
// github.com/marcboeker/go-duckdb v1.8.5 (DuckDB 1.1.3). It is a package of
// its own so that the pager's other tests link one driver only (the duckdb
// module requires both); the README's test command runs it, and alone:
//
//	go test ./duckdb/runtimetest/marcboekertest
package marcboekertest

import (
	"context"
	"database/sql"
	"testing"

	_ "github.com/marcboeker/go-duckdb"

	"github.com/rowalign/rowalign/runtime/pager"
)

func TestPagesAndCopy(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.Exec(`CREATE TABLE t AS SELECT range AS id FROM range(300000)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM t WHERE id % 10 = 0`); err != nil {
		t.Fatal(err)
	}
	var sizes []int
	var sum int64
	for p, err := range pager.Pages(ctx, db, "t", pager.RowGroups(2)) {
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for p.Rows.Next() {
			var id int64
			if err := p.Rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			sum += id
			n++
		}
		sizes = append(sizes, n)
	}
	if len(sizes) != 2 || sizes[0] != 221184 || sizes[1] != 48816 {
		t.Fatalf("page sizes %v", sizes)
	}
	var want int64
	if err := db.QueryRow(`SELECT sum(id) FROM t`).Scan(&want); err != nil || sum != want {
		t.Fatalf("id sum %d, want %d (%v)", sum, want, err)
	}
	if _, err := db.Exec(`CREATE TABLE d (id BIGINT)`); err != nil {
		t.Fatal(err)
	}
	n, err := pager.Copy(ctx, db, "t", "d", pager.Where("id < ?", 100))
	if err != nil || n != 90 {
		t.Fatalf("copy: %d, %v", n, err)
	}
	if _, err := db.Exec(`CREATE VIEW v AS SELECT * FROM t`); err != nil {
		t.Fatal(err)
	}
	for _, err := range pager.Pages(ctx, db, "v") {
		if err == nil {
			t.Fatal("a view was paged")
		}
	}
}
