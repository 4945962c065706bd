// Package a holds LIMIT/OFFSET read walks over DuckDB.
package a

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pageSize = 250_000 // want `^page size pageSize = 250000 splits DuckDB's 122880-row row groups: each page also reads a partly used one \(6-19% more bytes a row\); use 245_760$`

func constWalk(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events LIMIT ? OFFSET ?", pageSize, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n < pageSize {
			return nil
		}
	}
}

func literalWalk(db *sql.DB) {
	for page := 0; page < 100; page++ {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 100000, page*100000) // want `^page size 100000 is smaller than DuckDB's 122880-row row group: each page rereads part of a row group \(9-67% more bytes a row\); use 122880$`
	}
}

func rangeOverInt(db *sql.DB) {
	n := 1 << 17 // want `page size n = 131072`
	for page := range 10 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", n, page*n)
	}
}

func rowsRead(db *sql.DB) {
	const size = 0x3D090 // want `page size size = 250000`
	off := 0
	for {
		rows, _ := db.Query("SELECT id FROM t LIMIT $1 OFFSET $2", size, off)
		got := 0
		for rows.Next() {
			got++
		}
		off += got
		if got == 0 {
			break
		}
	}
}

func sprintfWalk(db *sql.DB) {
	for off := 0; off < 1_000_000; off += 300_000 {
		q := fmt.Sprintf("SELECT * FROM t LIMIT %d OFFSET %d", 300_000, off) // want `page size 300000`
		db.Query(q)
	}
}

func concatWalk(db *sql.DB) {
	limit := 200000 // want `page size limit = 200000`
	for off := 0; ; off += limit {
		db.Query("SELECT * FROM t LIMIT " + strconv.Itoa(limit) + " OFFSET " + strconv.Itoa(off))
	}
}

func sqlLiteralWalk(db *sql.DB) {
	for off := 0; ; off += 250000 {
		db.Query("SELECT * FROM t LIMIT 250000 OFFSET ?", off) // want `page size 250000`
	}
}

func preparedWalk(ctx context.Context, db *sql.DB) {
	stmt, _ := db.PrepareContext(ctx, `SELECT * FROM t LIMIT ? OFFSET ?`)
	for off := 0; ; off += 150_000 {
		stmt.QueryContext(ctx, 150_000, off) // want `page size 150000`
	}
}

func nextOffset(db *sql.DB) {
	off := 0
	for {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 125000, off) // want `page size 125000`
		next := off + 125000
		off = next
	}
}

func orderedWalk(db *sql.DB) {
	for i := 0; i < 10; i++ {
		db.Query("SELECT * FROM t ORDER BY id LIMIT ? OFFSET ?", 500_000, i*500_000) // want `page size 500000`
	}
}
