// Package envpage is a migrator configured from the environment: a
// default the job falls back to is a size written in the source.
package envpage

import (
	"cmp"
	"database/sql"
	"log"
	"os"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

// envInt returns the integer in the environment variable name, or def
// when it is unset or not a number.
func envInt(name string, def int) int {
	v, ok := os.LookupEnv(name)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		log.Printf("%s=%q: %v; using %d", name, v, err, def)
		return def
	}
	return n
}

func envSize() int {
	n, _ := strconv.Atoi(os.Getenv("MIGRATE_PAGE"))
	return n
}

func migrate(db *sql.DB) {
	page := envInt("PAGE", 250_000) // want `page size 250000 splits`
	for off := 0; ; off += page {
		rows, err := db.Query("SELECT * FROM events LIMIT ? OFFSET ?", page, off)
		if err != nil {
			log.Fatal(err)
		}
		rows.Close()
	}
}

func migrateOr(db *sql.DB) {
	page := cmp.Or(envSize(), 300_000) // want `page size 300000 splits`
	for lo := 0; ; lo += page {
		db.Query("SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+page)
	}
}

// The default, then an override from the environment under an if: the
// default still runs when BATCH is unset. (The syntax index reported this
// one only because it dropped the unknown write silently.)
func overridden(db *sql.DB) {
	batch := 200_000 // want `page size batch = 200000 splits`
	if v := os.Getenv("BATCH"); v != "" {
		batch, _ = strconv.Atoi(v)
	}
	for off := 0; ; off += batch {
		db.Query("SELECT * FROM events LIMIT ? OFFSET ?", batch, off)
	}
}

func mustAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		log.Fatal(err)
	}
	return n
}

// The same with a single-valued override: reported before SSA too, as
// the override's value was unknown and dropped; now because the default
// reaches the walk when ROWS is unset.
func overriddenOnce(db *sql.DB) {
	rows := 300_000 // want `page size rows = 300000 splits`
	if v := os.Getenv("ROWS"); v != "" {
		rows = mustAtoi(v)
	}
	for lo := 0; ; lo += rows {
		db.Query("SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+rows)
	}
}

// A zero value means "the default".
type Options struct {
	PageSize int
}

func walkOptions(db *sql.DB, o Options) {
	n := o.PageSize
	if n == 0 {
		n = 100_000 // want `page size n = 100000 is smaller than`
	}
	for off := 0; ; off += n {
		db.Query("SELECT * FROM events LIMIT ? OFFSET ?", n, off)
	}
}

// Always overwritten: the first value never reaches the walk, so
// nothing is said. (The syntax index reported 100,000 here: SSA knows
// which assignment reaches the query.)
func alwaysOverwritten(db *sql.DB) {
	n := 100_000
	n = envSize()
	for off := 0; ; off += n {
		db.Query("SELECT * FROM events LIMIT ? OFFSET ?", n, off)
	}
}
