package marcboekertest

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"testing"

	"github.com/marcboeker/go-duckdb"

	"github.com/rowalign/rowalign/runtime/loader"
)

// marcboekerOpen is the loader's Opener for go-duckdb v1, whose Appender
// takes no catalog.
func marcboekerOpen(c driver.Conn, catalog, schema, table string) (loader.Appender, error) {
	if catalog != "" {
		return nil, errors.New("go-duckdb v1 appends to the current database only")
	}
	return duckdb.NewAppenderFromConn(c, schema, table)
}

// TestLoader loads 300,000 rows through the older driver's Appender: the
// rows exact, the groups whole (DuckDB 1.1.3's default 122,880), and a
// failing load leaves nothing and a usable one-connection pool.
func TestLoader(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	if _, err := db.Exec(`CREATE TABLE t (id BIGINT, v VARCHAR)`); err != nil {
		t.Fatal(err)
	}
	const n = 300_000
	rows := func(stopAt int64, stop error) func(loader.AddFunc) error {
		return func(add loader.AddFunc) error {
			for i := range int64(n) {
				if i == stopAt {
					return stop
				}
				if err := add(i, "v"); err != nil {
					return err
				}
			}
			return nil
		}
	}
	errStop := errors.New("stop")
	if _, err := loader.Load(ctx, db, "t", marcboekerOpen, rows(200_000, errStop)); !errors.Is(err, errStop) {
		t.Fatalf("err = %v; want the rows' error", err)
	}
	var count, distinct int64
	if err := db.QueryRow(`SELECT count(*) FROM t`).Scan(&count); err != nil || count != 0 {
		t.Fatalf("after a failed load: %d rows (%v); want 0", count, err)
	}
	st, err := loader.Load(ctx, db, "t", marcboekerOpen, rows(-1, nil))
	if err != nil || st.Rows != n {
		t.Fatalf("load: %+v, %v", st, err)
	}
	if err := db.QueryRow(`SELECT count(*), count(DISTINCT id) FROM t WHERE id BETWEEN 0 AND ? AND v = 'v'`, n-1).Scan(&count, &distinct); err != nil || count != n || distinct != n {
		t.Fatalf("%d rows, %d distinct (%v); want %d each once", count, distinct, err, n)
	}
	if _, err := db.Exec(`CHECKPOINT`); err != nil {
		t.Fatal(err)
	}
	var groups []int64
	r, err := db.Query(`SELECT max("start" + "count") - min("start") FROM pragma_storage_info('t') WHERE column_id = 0 GROUP BY row_group_id ORDER BY row_group_id`)
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var c int64
		r.Scan(&c)
		groups = append(groups, c)
	}
	if len(groups) != 3 || groups[0] != 122_880 || groups[1] != 122_880 || groups[2] != 54_240 {
		t.Errorf("row groups %v; want [122880 122880 54240]", groups)
	}
}
