// Package pagecosts walks tables by LIMIT/OFFSET at the page sizes the
// plain walk's cost was measured at (100, 1,000 rows) and between them:
// each finding quotes the figure of its size, or says it interpolates.
package pagecosts

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func syncWalk(db *sql.DB) {
	for off := 0; ; off += 100 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 100, off) // want `^LIMIT/OFFSET page walk without ORDER BY: each page costs a scan, a semi join and a sort \(2\.8x the CPU of rowid ranges\); use rowalign's pager.Pages$`
	}
}

func batchWalk(db *sql.DB) {
	for off := 0; ; off += 500 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 500, off) // want `^LIMIT/OFFSET page walk without ORDER BY: each page costs a scan, a semi join and a sort \(1\.7-2\.8x the CPU of rowid ranges, interpolated\); use rowalign's pager.Pages$`
	}
}

func indexWalk(db *sql.DB) {
	for off := 0; ; off += 1_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 1_000, off) // want `^LIMIT/OFFSET page walk without ORDER BY: each page costs a scan, a semi join and a sort \(1\.7x the CPU of rowid ranges\); use rowalign's pager.Pages$`
	}
}

func exportWalk(db *sql.DB) {
	for off := 0; ; off += 5_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 5_000, off) // want `^LIMIT/OFFSET page walk without ORDER BY: each page costs a scan, a semi join and a sort \(1\.2-1\.7x the CPU of rowid ranges, interpolated\); use rowalign's pager.Pages$`
	}
}
