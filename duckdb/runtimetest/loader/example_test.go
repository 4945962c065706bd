package loader_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"log"
	"time"

	"github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/runtime/loader"
)

// Event is a row of the events table.
type Event struct {
	ID   int64
	Name string
	At   time.Time
}

// Example loads 300,000 events through duckdb-go's Appender in one
// transaction: the table's row groups come out whole (122,880 + 122,880 +
// 54,240), where one INSERT per row would have cost a commit per row.
func Example() {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE events (id BIGINT, name VARCHAR, at_time TIMESTAMP)`); err != nil {
		log.Fatal(err)
	}
	events := make([]Event, 300_000)
	for i := range events {
		events[i] = Event{int64(i), "signup", time.Date(2026, 1, 1, 0, 0, i, 0, time.UTC)}
	}

	// The Opener: the only driver-specific line.
	open := func(c driver.Conn, catalog, schema, table string) (loader.Appender, error) {
		return duckdb.NewAppender(c, catalog, schema, table)
	}
	st, err := loader.Load(ctx, db, "events", open, func(add loader.AddFunc) error {
		for _, e := range events {
			if err := add(e.ID, e.Name, e.At); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("loaded", st.Rows, "rows in", st.Commits, "commit")

	if _, err := db.ExecContext(ctx, `CHECKPOINT`); err != nil {
		log.Fatal(err)
	}
	rows, err := db.QueryContext(ctx, `SELECT max("start" + "count") - min("start") FROM pragma_storage_info('events') WHERE column_id = 0 GROUP BY row_group_id ORDER BY row_group_id`)
	if err != nil {
		log.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n int64
		if err := rows.Scan(&n); err != nil {
			log.Fatal(err)
		}
		fmt.Println("row group:", n)
	}
	// Output:
	// loaded 300000 rows in 1 commit
	// row group: 122880
	// row group: 122880
	// row group: 54240
}
