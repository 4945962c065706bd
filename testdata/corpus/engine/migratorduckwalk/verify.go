// Package migratorduckwalk verifies a Postgres-to-DuckDB migration by
// reading the copy back from DuckDB page by page and checksumming it
// against the source.
package migratorduckwalk

import (
	"context"
	"database/sql"
	"hash/crc64"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

const verifyPage = 250_000 // expect: pagesize

type Verifier struct {
	PG   *sql.DB
	Duck *sql.DB
}

func Open(pgDSN, duckPath string) (*Verifier, error) {
	pg, err := sql.Open("postgres", pgDSN)
	if err != nil {
		return nil, err
	}
	duck, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return nil, err
	}
	return &Verifier{PG: pg, Duck: duck}, nil
}

// CopySum checksums the DuckDB copy of table.
func (v *Verifier) CopySum(ctx context.Context, table string) (uint64, error) {
	tab := crc64.MakeTable(crc64.ECMA)
	var sum uint64
	for off := 0; ; off += verifyPage {
		rows, err := v.Duck.QueryContext(ctx, "SELECT id, payload FROM "+table+" ORDER BY id LIMIT ? OFFSET ?", verifyPage, off) // expect: offsetwalk
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var id int64
			var payload []byte
			if err := rows.Scan(&id, &payload); err != nil {
				rows.Close()
				return 0, err
			}
			sum ^= crc64.Checksum(payload, tab)
			n++
		}
		rows.Close()
		if n < verifyPage {
			return sum, nil
		}
	}
}

// SourceSum checksums the Postgres original in one query.
func (v *Verifier) SourceSum(ctx context.Context, table string) (uint64, error) {
	var sum uint64
	err := v.PG.QueryRowContext(ctx, "SELECT coalesce(bit_xor(hashtext(payload::text)), 0) FROM "+table).Scan(&sum)
	return sum, err
}
