package pager_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/rowalign/rowalign/runtime/pager"
)

// The examples walk a 300,000-row table "events" in an in-memory DuckDB:
// three row groups of DuckDB's default 122,880 rows (the last one
// partial). They are compiled here, and run with the comments' output in
// duckdb/runtimetest/pager, whose module links a driver:
// this module requires none. The pager works with any DuckDB driver
// registered as "duckdb", which a program imports for its side effect:
//
//	import _ "github.com/duckdb/duckdb-go/v2"

// exampleDB opens an in-memory DuckDB with the table events.
func exampleDB() *sql.DB {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		panic(err)
	}
	if _, err := db.Exec(`CREATE TABLE events AS SELECT range AS id, range % 7 AS kind FROM range(300000)`); err != nil {
		panic(err)
	}
	return db
}

func ExamplePages() {
	db := exampleDB()
	defer db.Close()
	ctx := context.Background()
	for page, err := range pager.Pages(ctx, db, "events", pager.RowGroups(2), pager.Columns("id"), pager.Where("kind = ?", 3)) {
		if err != nil {
			fmt.Println(err)
			return
		}
		n := 0
		for page.Rows.Next() {
			var id int64
			if err := page.Rows.Scan(&id); err != nil {
				fmt.Println(err)
				return
			}
			n++
		}
		fmt.Printf("%s: %d rows\n", page, n)
	}
	// With a DuckDB driver linked, this prints:
	// page 1/2 (row groups 0-1, rowids [0, 245760)): 35109 rows
	// page 2/2 (row groups 2-2, rowids [245760, end)): 7748 rows
}

func ExampleWalk() {
	db := exampleDB()
	defer db.Close()
	var total int64
	err := pager.Walk(context.Background(), db, "events", func(p *pager.Page) error {
		for p.Rows.Next() {
			var id, kind int64
			if err := p.Rows.Scan(&id, &kind); err != nil {
				return err
			}
			total += id
		}
		return nil
	})
	fmt.Println(total, err)
	// With a DuckDB driver linked, this prints:
	// 44999850000 <nil>
}

func ExampleInspect() {
	db := exampleDB()
	defer db.Close()
	l, err := pager.Inspect(context.Background(), db, "events")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d row groups of %d rows, fill %.0f%%\n", len(l.Groups), l.RowGroupSize, 100*l.Fill())
	// With a DuckDB driver linked, this prints:
	// 3 row groups of 122880 rows, fill 100%
}

func ExampleCopy() {
	db := exampleDB()
	defer db.Close()
	ctx := context.Background()
	if _, err := db.Exec(`CREATE TABLE clicks (id BIGINT)`); err != nil {
		fmt.Println(err)
		return
	}
	n, err := pager.Copy(ctx, db, "events", "clicks", pager.Columns("id"), pager.Where("kind = 3"))
	fmt.Println(n, err)
	// With a DuckDB driver linked, this prints:
	// 42857 <nil>
}

func ExampleCursor() {
	db := exampleDB()
	defer db.Close()
	ctx := context.Background()
	var saved string
	for page, err := range pager.Pages(ctx, db, "events", pager.RowGroups(1)) {
		if err != nil {
			fmt.Println(err)
			return
		}
		// ... process page.Rows, then remember where to go on:
		c, err := page.Cursor()
		if err != nil {
			fmt.Println(err)
			return
		}
		saved = c.String()
		break // the process stops here
	}

	// Later, maybe in another process:
	var c pager.Cursor
	if err := c.UnmarshalText([]byte(saved)); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Table, c.Next)
	for page, err := range pager.Pages(ctx, db, "events", pager.RowGroups(1), pager.From(c)) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(page)
	}
	// With a DuckDB driver linked, this prints:
	// "memory"."main"."events" 122880
	// page 2/3 (row groups 1-1, rowids [122880, 245760))
	// page 3/3 (row groups 2-2, rowids [245760, end))
}

// ExamplePageError shows which rows a failed walk did not deliver: the
// error's fields are the failing page's position.
func ExamplePageError() {
	db := exampleDB()
	defer db.Close()
	ctx := context.Background()
	// kind 5 first appears in the second row group: the cast fails there.
	where := pager.Where("CAST(CASE WHEN kind = 5 AND id > 200000 THEN 'x' ELSE '1' END AS INTEGER) = 1")
	for page, err := range pager.Pages(ctx, db, "events", pager.RowGroups(1), where) {
		var pageErr *pager.PageError
		if errors.As(err, &pageErr) {
			fmt.Printf("page %d of %d failed: rowids from %d on were not delivered\n", pageErr.Index+1, pageErr.Pages, pageErr.Start)
			return
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		for page.Rows.Next() {
		}
	}
	// With a DuckDB driver linked, this prints:
	// page 2 of 3 failed: rowids from 122880 on were not delivered
}

// Example_oneConnection is the pattern for a *sql.DB limited to one
// connection (SetMaxOpenConns(1)): a walk holds its connection, so the loop
// body's own statements go through the walk's transaction, a *sql.Tx.
func Example_oneConnection() {
	db := exampleDB()
	defer db.Close()
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`CREATE TEMP TABLE seen (pages INTEGER)`); err != nil {
		fmt.Println(err)
		return
	}
	for page, err := range pager.Pages(ctx, tx, "events", pager.Columns("id")) {
		if err != nil {
			fmt.Println(err)
			return
		}
		for page.Rows.Next() {
		}
		// On db this would wait forever for the walk's connection.
		if _, err := tx.Exec(`INSERT INTO seen VALUES (?)`, page.Index); err != nil {
			fmt.Println(err)
			return
		}
	}
	var n int
	if err := tx.QueryRow(`SELECT count(*) FROM seen`).Scan(&n); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(n, "pages")
	if err := tx.Commit(); err != nil {
		fmt.Println(err)
	}
	// With a DuckDB driver linked, this prints:
	// 2 pages
}
