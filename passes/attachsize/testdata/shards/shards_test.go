package shards

import (
	"database/sql"
	"path/filepath"
	"testing"

	_ "github.com/marcboeker/go-duckdb"
)

// The test opens DuckDB, as the repository's tests do through its
// testutil package: that evidence is in a test file, but the COPY the
// package's own file runs is DuckDB's whatever the test does, so the
// finding stands in the package under go vet (which analyses it with
// its tests) as in a plain standalone run.
func TestRewrite(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := Rewrite(db, filepath.Join(t.TempDir(), "shard.parquet")); err != nil {
		t.Fatal(err)
	}
}
