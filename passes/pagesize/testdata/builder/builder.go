// Package builder is an exporter that assembles its SQL with
// strings.Builder: columns and filters appended, the page bounds written
// with fmt.Fprintf.
package builder

import (
	"database/sql"
	"fmt"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
)

const exportPage = 250_000 // want `page size exportPage = 250000 splits`

type Filter struct {
	Column, Value string
}

func ExportTable(db *sql.DB, table string, cols []string, filters []Filter) error {
	for off := 0; ; off += exportPage {
		var b strings.Builder
		b.WriteString("SELECT ")
		b.WriteString(strings.Join(cols, ", "))
		b.WriteString(" FROM ")
		b.WriteString(table)
		for i, f := range filters {
			if i == 0 {
				b.WriteString(" WHERE ")
			} else {
				b.WriteString(" AND ")
			}
			fmt.Fprintf(&b, "%s = '%s'", f.Column, f.Value)
		}
		fmt.Fprintf(&b, " LIMIT %d OFFSET %d", exportPage, off)
		rows, err := db.Query(b.String())
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n < exportPage {
			return nil
		}
	}
}

// The builder is reused: only what follows the Reset is the query.
func ExportEvents(db *sql.DB) error {
	var sb strings.Builder
	sb.WriteString("SELECT * FROM audit LIMIT 1")
	db.Exec(sb.String())
	for off := 0; ; off += 100_000 {
		sb.Reset()
		sb.WriteString("SELECT * FROM events")
		sb.WriteString(" LIMIT 100000 OFFSET ") // want `page size 100000 is smaller than`
		sb.WriteString(fmt.Sprint(off))
		q := sb.String()
		rows, err := db.Query(q)
		if err != nil {
			return err
		}
		if !rows.Next() {
			rows.Close()
			return nil
		}
		rows.Close()
	}
}

// A helper writes part of the query: what it wrote is not known, so the
// text is not guessed.
func ExportWithHelper(db *sql.DB, table string) error {
	for off := 0; ; off += 250_000 {
		var b strings.Builder
		writeSelect(&b, table)
		fmt.Fprintf(&b, " LIMIT 250000 OFFSET %d", off)
		rows, err := db.Query(b.String())
		if err != nil {
			return err
		}
		if !rows.Next() {
			rows.Close()
			return nil
		}
		rows.Close()
	}
}

func writeSelect(b *strings.Builder, table string) {
	b.WriteString("SELECT * FROM ")
	b.WriteString(table)
	b.WriteString(" ORDER BY id")
}
