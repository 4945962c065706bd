package storage_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// rows of the small test tables: four whole row groups and a partial last
// one at DuckDB's default size, loaded in about a second.
const testRows = 500_000

// damagedCommit is a commit size that leaves a partial row group in the
// middle of a table after CHECKPOINT: 500,000 rows of the test table in
// commits of 150,000 were stored as 122,880 x 2, 54,240, 122,880, 77,120
// (DuckDB 1.5.6). Smaller commits go through the WAL and came out whole.
const damagedCommit = 150_000

// exec opens path read-write and runs stmts, one by one.
func exec(t *testing.T, path string, stmts ...string) {
	t.Helper()
	conn := openConn(t, path)
	defer conn.Close()
	for _, s := range stmts {
		if _, err := conn.ExecContext(context.Background(), s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// loadInCommits returns the statements that fill table (id BIGINT first)
// with n rows in autocommitted INSERTs of commit rows.
func loadInCommits(table, cols string, n, commit int) []string {
	var s []string
	for lo := 0; lo < n; lo += commit {
		s = append(s, fmt.Sprintf(`INSERT INTO %s SELECT %s FROM range(%d, %d) r(i)`, table, cols, lo, min(n, lo+commit)))
	}
	return s
}

func find(t *testing.T, r *storage.Report, schema, name string) storage.Table {
	t.Helper()
	for _, tb := range r.Tables {
		if tb.Schema == schema && tb.Table == name {
			return tb
		}
	}
	t.Fatalf("no %s.%s in the audit", schema, name)
	return storage.Table{}
}

func whole(groups []int64, unit int64) bool {
	for i, n := range groups {
		if i < len(groups)-1 && n != unit {
			return false
		}
	}
	return true
}

const cols = `i AS id, i % 1000 AS k, 'row ' || i AS s`

func TestAuditTables(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.duckdb")
	stmts := []string{
		`CREATE TABLE healthy AS SELECT ` + cols + ` FROM range(` + fmt.Sprint(testRows) + `) r(i)`,
		`CREATE TABLE damaged(id BIGINT, k BIGINT, s VARCHAR)`,
		`CREATE TABLE empty(id BIGINT)`,
		`CREATE TABLE deleted AS SELECT ` + cols + ` FROM range(` + fmt.Sprint(testRows) + `) r(i)`,
		`CREATE TABLE own_rowid AS SELECT i AS rowid, i * 2 AS x FROM range(1000) r(i)`,
		`CREATE SCHEMA "Odd Schema"`,
		`CREATE TABLE "Odd Schema"."a.b" AS SELECT 1 AS x`,
		`CREATE TABLE "quote""d" AS SELECT 1 AS x`,
		`CREATE VIEW v AS SELECT * FROM healthy`,
	}
	stmts = append(stmts, loadInCommits("damaged", cols, testRows, damagedCommit)...)
	stmts = append(stmts, `DELETE FROM deleted WHERE id % 3 = 0`, `CHECKPOINT`)
	exec(t, path, stmts...)

	r, err := storage.AuditFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Files) != 1 || r.Files[0].Path != path || r.Files[0].BlockSize == 0 || r.Files[0].UsedBlocks == 0 {
		t.Fatalf("files: %+v", r.Files)
	}

	h := find(t, r, "main", "healthy")
	if h.Rows != testRows || h.Partial != 0 || h.Fill != 100 || h.Damaged() || h.Unit != storage.DefaultRowGroupRows ||
		!slices.Equal(h.GroupRows, []int64{122_880, 122_880, 122_880, 122_880, 8_480}) || h.StoredBytes <= 0 {
		t.Errorf("healthy: %+v", dump(h))
	}
	d := find(t, r, "main", "damaged")
	// How DuckDB's two threads cut 150,000-row commits varies from run to
	// run (seen: 6 groups, and 122,880 x 2, 54,240, 122,880, 77,120: as
	// many groups as an aligned rewrite), so the estimate is checked
	// against the layout, not for a fixed saving.
	aligned := int((testRows + d.Unit - 1) / d.Unit)
	if d.Rows != testRows || d.Partial == 0 || d.Fill >= 100 || !d.Damaged() ||
		d.Estimate.Groups != aligned || d.Estimate.SavedGroups != max(len(d.GroupRows)-aligned, 0) || d.Estimate.SavedBytes < 0 {
		t.Errorf("damaged: want partial groups, got %+v", dump(d))
	}
	e := find(t, r, "main", "empty")
	if e.Rows != 0 || e.Groups() != 0 || e.Damaged() || e.Fill != 100 {
		t.Errorf("empty: %+v", dump(e))
	}
	del := find(t, r, "main", "deleted")
	// CHECKPOINT vacuums some of the deleted rows (DuckDB 1.5.6 kept
	// 43,787 of 166,667); the rest stay stored.
	if del.Rows != testRows-(testRows+2)/3 || del.Deleted == 0 || del.Deleted != del.StoredRows-del.Rows || !del.Damaged() || del.Estimate.SavedBytes <= 0 {
		t.Errorf("deleted: want deleted rows stored, got %+v", dump(del))
	}
	o := find(t, r, "main", "own_rowid")
	if !o.OwnRowid || o.Rows != 1000 || !strings.Contains(o.Note, "rowid") {
		t.Errorf("own_rowid: %+v", dump(o))
	}
	if ab := find(t, r, "Odd Schema", "a.b"); ab.Rows != 1 || ab.Groups() != 1 {
		t.Errorf(`"Odd Schema"."a.b": %+v`, ab)
	}
	if q := find(t, r, "main", `quote"d`); q.Rows != 1 || !strings.Contains(q.Note, "storage not read") {
		t.Errorf(`quote"d: want its storage named as unreadable, got %+v`, q)
	}
	if v := find(t, r, "main", "v"); v.Kind != storage.KindView || v.Rows != 0 {
		t.Errorf("v: %+v", dump(v))
	}
	// The tables' bytes are the file's used blocks, less metadata: the
	// file has no index.
	checkBlocks(t, r, false)
}

// checkBlocks checks that r's one file's used blocks are its tables'
// segments, metadata and indexes, and that the tables' stored bytes add
// up to their blocks.
func checkBlocks(t *testing.T, r *storage.Report, indexes bool) {
	t.Helper()
	var sum int64
	for _, tb := range r.Tables {
		sum += tb.StoredBytes
	}
	f := r.Files[0]
	if f.TableBlocks+f.IndexBlocks+f.MetadataBlocks != f.UsedBlocks || f.MetadataBlocks == 0 || (f.IndexBlocks > 0) != indexes {
		t.Errorf("used blocks %d: tables %d, indexes %d, metadata %d (want indexes: %v)", f.UsedBlocks, f.TableBlocks, f.IndexBlocks, f.MetadataBlocks, indexes)
	}
	// A block's head before its first listed segment is charged to no
	// table (here: the segments of the table whose name has a double
	// quote, not read).
	if blocks := f.TableBlocks * f.BlockSize; sum > blocks || sum < blocks*9/10 {
		t.Errorf("tables' stored bytes %d, their blocks %d x %d bytes", sum, f.TableBlocks, f.BlockSize)
	}
}

// TestFreeBlocksAfterTruncation: a repair of a table with many deleted
// rows frees the file's tail, DuckDB truncates it at the checkpoint, and
// pragma_database_size still counts the blocks past the new end as free
// (139 total, 115 free in a 57-block file). The audit said a compaction
// would return 30.1 MB of a 15.0 MB file; it counts the blocks the file
// holds. The table has a primary key: its index keeps the deleted rows
// stored, and its blocks count as the index's, not the table's.
func TestFreeBlocksAfterTruncation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "del.duckdb")
	exec(t, path, `CREATE TABLE t (id BIGINT PRIMARY KEY, v BIGINT, s VARCHAR)`,
		`INSERT INTO t SELECT i, i * 2, 'x' || i FROM range(1000000) r(i)`, `CHECKPOINT`,
		`DELETE FROM t WHERE id % 10 <> 0`, `CHECKPOINT`)
	conn := openConn(t, path)
	r, err := storage.Audit(context.Background(), conn)
	if err != nil {
		t.Fatal(err)
	}
	repair(t, conn, find(t, r, "main", "t"))
	conn.Close()
	r, err = storage.AuditFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	f := r.Files[0]
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	inFile := (st.Size() - 3*4096) / f.BlockSize
	if f.PastEndBlocks == 0 {
		t.Logf("DuckDB did not truncate the file this time: %+v", f)
	}
	if f.TotalBlocks != inFile || f.FreeBlocks != inFile-f.UsedBlocks || f.FreeBytes != f.FreeBlocks*f.BlockSize || f.FreeBytes > st.Size()-f.UsedBlocks*f.BlockSize {
		t.Errorf("a %d-byte file of %d blocks, %d used: audit says %d total, %d free (%d bytes), %d past the end",
			st.Size(), inFile, f.UsedBlocks, f.TotalBlocks, f.FreeBlocks, f.FreeBytes, f.PastEndBlocks)
	}
	t.Logf("%d-byte file: %d blocks in it, %d used (tables %d, indexes %d, metadata %d), %d free; pragma_database_size counted %d more past the end",
		st.Size(), f.TotalBlocks, f.UsedBlocks, f.TableBlocks, f.IndexBlocks, f.MetadataBlocks, f.FreeBlocks, f.PastEndBlocks)
	checkBlocks(t, r, true)
	res, err := storage.Compact(context.Background(), path, storage.CompactOptions{Apply: true})
	if err != nil {
		t.Fatal(err)
	}
	// The compaction returns the free blocks at least (it may also drop
	// blocks a rewrite packs tighter).
	if got := res.OldBytes - res.NewBytes; got < f.FreeBytes {
		t.Errorf("compact returned %d bytes, the audit promised %d", got, f.FreeBytes)
	}
	t.Logf("compact: %d -> %d bytes", res.OldBytes, res.NewBytes)
}

func TestAuditAttachedAndTemporary(t *testing.T) {
	// Two files of one name, and a name DuckDB reserves for a catalog.
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "a"), 0o755)
	os.Mkdir(filepath.Join(dir, "b"), 0o755)
	a, b := filepath.Join(dir, "a", "memory.duckdb"), filepath.Join(dir, "b", "memory.duckdb")
	exec(t, a, `CREATE TABLE t AS SELECT 1 AS x`)
	exec(t, b, `CREATE TABLE t AS SELECT 2 AS x`, `CREATE TABLE u AS SELECT 3 AS x`)
	r, err := storage.AuditFile(context.Background(), a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Files) != 2 || len(r.Tables) != 3 || r.Files[0].Database == r.Files[1].Database {
		t.Fatalf("two files with three tables, got %+v", r)
	}

	// A connection with a temporary table and an in-memory database.
	db, err := sql.Open("duckdb", a)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, s := range []string{`CREATE TEMP TABLE tmp AS SELECT 1 AS x`, `ATTACH ':memory:' AS mem`, `CREATE TABLE mem.m AS SELECT 1 AS x`} {
		if _, err := conn.ExecContext(context.Background(), s); err != nil {
			t.Fatal(err)
		}
	}
	r, err = storage.Audit(context.Background(), conn)
	if err != nil {
		t.Fatal(err)
	}
	if tmp := find(t, r, "main", "tmp"); tmp.Kind != storage.KindTemporary || tmp.Rows != 1 || !strings.Contains(tmp.Note, "temporary") {
		t.Errorf("tmp: %+v", dump(tmp))
	}
	if m := find(t, r, "main", "m"); m.Database != "mem" || !strings.Contains(m.Note, "in-memory") {
		t.Errorf("m: %+v", dump(m))
	}
	if len(r.Files) != 1 {
		t.Errorf("files: want a.duckdb only, got %+v", r.Files)
	}
}

// openConn opens path read-write on one connection.
func openConn(t *testing.T, path string) *sql.Conn {
	t.Helper()
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func query(t *testing.T, conn *sql.Conn, q string) []string {
	t.Helper()
	rows, err := conn.QueryContext(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s sql.NullString
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s.String)
	}
	return out
}

// catalogOf reads the catalog of the file at path.
func catalogOf(t *testing.T, path string) []string {
	t.Helper()
	conn := openConn(t, path)
	defer conn.Close()
	return query(t, conn, catalog)
}

// catalog is the catalog of the main database, as text, for comparison.
const catalog = `SELECT * FROM (
	SELECT 'table ' || sql || coalesce(' -- ' || comment, '') FROM duckdb_tables() WHERE NOT temporary
	UNION ALL SELECT 'index ' || sql FROM duckdb_indexes()
	UNION ALL SELECT 'constraint ' || table_name || ' ' || constraint_text FROM duckdb_constraints()
	UNION ALL SELECT 'column comment ' || table_name || '.' || column_name || ' ' || comment FROM duckdb_columns() WHERE comment IS NOT NULL AND comment <> ''
	UNION ALL SELECT 'index comment ' || index_name || ' ' || comment FROM duckdb_indexes() WHERE comment IS NOT NULL AND comment <> ''
) ORDER BY ALL`

func TestRepairKeepsConstraintsAndIndexes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.duckdb")
	stmts := []string{
		`CREATE SEQUENCE seq START 1000000`,
		`CREATE TABLE t(id BIGINT PRIMARY KEY, k BIGINT NOT NULL, s VARCHAR UNIQUE, d BIGINT DEFAULT nextval('seq'), c VARCHAR DEFAULT 'x' CHECK (c <> 'bad'))`,
		`CREATE INDEX t_k ON t(k)`,
		`CREATE UNIQUE INDEX "t s,k" ON t(s, k)`,
		`COMMENT ON TABLE t IS 'the table''s comment'`,
		`COMMENT ON COLUMN t.k IS 'k''s comment'`,
		`COMMENT ON INDEX t_k IS 't_k''s comment'`,
		`CREATE VIEW tv AS SELECT id FROM t`,
	}
	stmts = append(stmts, loadInCommits("t(id, k, s)", cols, testRows, damagedCommit)...)
	stmts = append(stmts, `CHECKPOINT`)
	exec(t, path, stmts...)

	conn := openConn(t, path)
	ctx := context.Background()
	wantCatalog := query(t, conn, catalog)
	r, err := storage.Audit(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	before := find(t, r, "main", "t")
	if !before.Damaged() {
		t.Fatalf("the table is not damaged: %+v", dump(before))
	}
	res, sum := repair(t, conn, before)
	if a := res.After; a.Rows != testRows || a.Partial != 0 || !whole(a.GroupRows, storage.DefaultRowGroupRows) || a.Damaged() {
		t.Errorf("after: want whole groups, got %+v", dump(a))
	}
	if got := query(t, conn, catalog); !slices.Equal(got, wantCatalog) {
		t.Errorf("catalog changed:\n got %q\nwant %q", got, wantCatalog)
	}
	after, err := storage.Checksum(ctx, conn, before.Name.SQL(), before.Columns)
	if err != nil || after != sum {
		t.Errorf("rows after: %v %v, before %v", after, err, sum)
	}
	// The constraints still hold, the default still draws from the sequence.
	for _, bad := range []string{
		`INSERT INTO t(id, k, s) VALUES (0, 1, 'dup id')`,
		`INSERT INTO t(id, k, s) VALUES (-1, NULL, 'null k')`,
		`INSERT INTO t(id, k, s) VALUES (-2, 1, 'row 1')`,
		`INSERT INTO t(id, k, s, c) VALUES (-3, 1, 'bad c', 'bad')`,
	} {
		if _, err := conn.ExecContext(ctx, bad); err == nil {
			t.Errorf("%s: accepted after the repair", bad)
		}
	}
	if _, err := conn.ExecContext(ctx, `INSERT INTO t(id, k, s) VALUES (-4, 1, 'ok')`); err != nil {
		t.Fatal(err)
	}
	if got := query(t, conn, `SELECT (d > (SELECT max(d) FROM t WHERE id >= 0))::VARCHAR || c FROM t WHERE id = -4`); !slices.Equal(got, []string{"truex"}) {
		t.Errorf("defaults after the repair: %q", got)
	}
	if got := query(t, conn, `SELECT count(*)::VARCHAR FROM tv`); !slices.Equal(got, []string{fmt.Sprint(testRows + 1)}) {
		t.Errorf("the view reads %q rows", got)
	}
}

func TestRepairRefuses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.duckdb")
	exec(t, path,
		`CREATE TABLE p(id INT PRIMARY KEY)`,
		`CREATE TABLE c(id INT REFERENCES p(id))`,
		`CREATE VIEW v AS SELECT * FROM p`)
	conn := openConn(t, path)
	ctx := context.Background()
	if _, err := conn.ExecContext(ctx, `CREATE TEMP TABLE tmp AS SELECT 1 AS x`); err != nil {
		t.Fatal(err)
	}
	r, err := storage.Audit(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ schema, name, why string }{
		{"main", "v", "is a view"},
		{"main", "p", "foreign key"},
		{"main", "c", "compact -apply rewrites the whole file"},
		{"main", "tmp", "temporary"},
	} {
		_, err := storage.PlanRepair(ctx, conn, find(t, r, c.schema, c.name))
		if !errors.Is(err, storage.ErrRefused) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: want a refusal saying %q, got %v", c.name, c.why, err)
		}
	}
}

func TestCompact(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.duckdb")
	stmts := []string{
		`CREATE SCHEMA s2`,
		`CREATE SCHEMA empty_schema`,
		`CREATE TYPE mood AS ENUM ('sad', 'ok')`,
		`CREATE SEQUENCE seq`,
		`CREATE MACRO plus1(x) AS x + 1`,
		`CREATE MACRO tm() AS TABLE SELECT 1 AS one`,
		`CREATE TABLE s2.t(id BIGINT PRIMARY KEY, k BIGINT NOT NULL CHECK (k >= 0), s VARCHAR UNIQUE, m mood DEFAULT 'ok')`,
		`CREATE INDEX t_k ON s2.t(k)`,
		`COMMENT ON TABLE s2.t IS 'the table''s comment'`,
		`COMMENT ON COLUMN s2.t.k IS 'k''s comment'`,
		`COMMENT ON INDEX s2.t_k IS 't_k''s comment'`,
		`CREATE TABLE p(id INT PRIMARY KEY)`,
		`CREATE TABLE fk(id INT REFERENCES p(id))`,
		`INSERT INTO p VALUES (1), (2)`,
		`INSERT INTO fk VALUES (1)`,
		`CREATE TABLE own_rowid AS SELECT i AS rowid FROM range(10) r(i)`,
		`CREATE TABLE empty(x INT)`,
		`CREATE TABLE gen(a INT, b INT GENERATED ALWAYS AS (a * 2), c VARCHAR)`,
		`INSERT INTO gen(a, c) VALUES (1, 'x'), (2, 'y')`,
		`CREATE VIEW s2.v AS SELECT count(*) AS n FROM s2.t`,
	}
	stmts = append(stmts, loadInCommits("s2.t(id, k, s)", cols, testRows, damagedCommit)...)
	stmts = append(stmts, `DELETE FROM s2.t WHERE id % 10 = 0`, `CHECKPOINT`)
	exec(t, path, stmts...)
	ctx := context.Background()

	plan, err := storage.Compact(ctx, path, storage.CompactOptions{Backup: path + ".bak"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Applied || fileExists(path+".bak") || fileExists(plan.Temp) {
		t.Fatalf("a dry run wrote: %+v", plan)
	}
	wantCatalog := catalogOf(t, path)

	res, err := storage.Compact(ctx, path, storage.CompactOptions{Apply: true, Backup: path + ".bak"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Applied || res.NewBytes <= 0 || res.NewBytes >= res.OldBytes {
		t.Errorf("want a smaller file: %+v", res)
	}
	if fileExists(res.Temp) || !fileExists(path+".bak") {
		t.Errorf("want the backup and no temporary file left")
	}
	for kind, n := range map[string]int{"schema": 2 /* main is internal */, "table": 6, "view": 1, "sequence": 1, "macro": 2, "type": 1, "index": 1, "comment": 3} {
		if res.Objects[kind] != n {
			t.Errorf("verified %d %ss, want %d", res.Objects[kind], kind, n)
		}
	}
	// The new file, on its own: same catalog, same rows, whole groups.
	r, err := storage.AuditFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	tt := find(t, r, "s2", "t")
	if tt.Rows != testRows-testRows/10 || tt.Deleted != 0 || !whole(tt.GroupRows, storage.DefaultRowGroupRows) {
		t.Errorf("s2.t after compact: %+v", dump(tt))
	}
	if r.Files[0].FreeBlocks != 0 {
		t.Errorf("free blocks after compact: %d", r.Files[0].FreeBlocks)
	}
	conn := openConn(t, path)
	if got := query(t, conn, catalog); !slices.Equal(got, wantCatalog) {
		t.Errorf("catalog changed:\n got %q\nwant %q", got, wantCatalog)
	}
	for _, tb := range r.Tables {
		if tb.Kind != storage.KindTable {
			continue
		}
		s, err := storage.Checksum(ctx, conn, tb.Name.SQL(), tb.Columns)
		if err != nil || s != res.Tables[tb.Name.String()] {
			t.Errorf("%s: %v %v, verified %v", tb.Name, s, err, res.Tables[tb.Name.String()])
		}
	}
	if got := query(t, conn, `SELECT plus1(1)::VARCHAR || (SELECT one FROM tm())::VARCHAR || nextval('seq')::VARCHAR`); !slices.Equal(got, []string{"211"}) {
		t.Errorf("macros and sequence after compact: %q", got)
	}

	// A second compact refuses to overwrite the backup.
	if _, err := storage.Compact(ctx, path, storage.CompactOptions{Apply: true, Backup: path + ".bak"}); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("want a refusal to overwrite the backup, got %v", err)
	}
}

// TestCompactRefusesAWriteBeforeTheRename writes to the original in the
// moment between compact's detach and its own lock: compact must notice
// and replace nothing.
func TestCompactRefusesAWriteBeforeTheRename(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.duckdb")
	exec(t, path, `CREATE TABLE t AS SELECT range AS id FROM range(1000)`)
	ctx := context.Background()
	pause := func(step string) {
		if step == storage.StepDetached {
			exec(t, path, `INSERT INTO t VALUES (-1)`, `CHECKPOINT`)
		}
	}
	// AllowLarger: the healthy 1,000-row table's copy is no smaller, and
	// the swap is what this test is about.
	_, err := storage.Compact(ctx, path, storage.CompactOptions{Apply: true, Pause: pause, AllowLarger: true})
	if err == nil || !strings.Contains(err.Error(), "nothing was replaced") {
		t.Fatalf("want a refusal, got %v", err)
	}
	if fileExists(path + storage.TempSuffix) {
		t.Errorf("the temporary file is left")
	}
	conn := openConn(t, path)
	if got := query(t, conn, `SELECT count(*)::VARCHAR FROM t`); !slices.Equal(got, []string{"1001"}) {
		t.Errorf("the other process's row is lost: %q rows", got)
	}
}

// repair plans and applies the repair of tb, and checks that it verified
// the rows the table had; it returns the result and that checksum.
func repair(t *testing.T, conn *sql.Conn, tb storage.Table) (*storage.RepairResult, storage.Sum) {
	t.Helper()
	ctx := context.Background()
	sum, err := storage.Checksum(ctx, conn, tb.Name.SQL(), tb.Columns)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := storage.PlanRepair(ctx, conn, tb)
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Apply(ctx, conn, storage.RepairOptions{})
	if err != nil {
		t.Fatalf("%s: %v", tb.Name, err)
	}
	if res.Sum != sum {
		t.Errorf("%s: verified %v, the table had %v", tb.Name, res.Sum, sum)
	}
	return res, sum
}

// dump shows a table with all its fields (Table's String is its name).
func dump(t storage.Table) string {
	b, _ := json.Marshal(t)
	return string(b)
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestRepairOddNames repairs odd names, an own rowid column and a
// generated column (which an INSERT cannot name).
func TestRepairOddNames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.duckdb")
	exec(t, path,
		`CREATE SCHEMA "Odd Schema"`,
		`CREATE TABLE "Odd Schema"."a.b"(rowid BIGINT PRIMARY KEY, "select" VARCHAR)`,
		`INSERT INTO "Odd Schema"."a.b" SELECT i * 3, 'v' || i FROM range(1000) r(i)`,
		`CREATE INDEX "ix ""q""" ON "Odd Schema"."a.b"("select")`,
		`CREATE TABLE "quote""d"(x INT)`,
		`INSERT INTO "quote""d" VALUES (1), (2)`,
		`CREATE TABLE gen(a INT, "b b" INT GENERATED ALWAYS AS (a * 2), c VARCHAR)`,
		`INSERT INTO gen(a, c) VALUES (1, 'x'), (2, 'y')`)
	conn := openConn(t, path)
	ctx := context.Background()
	wantCatalog := query(t, conn, catalog)
	r, err := storage.Audit(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range [][2]string{{"Odd Schema", "a.b"}, {"main", `quote"d`}, {"main", "gen"}} {
		repair(t, conn, find(t, r, name[0], name[1]))
	}
	if got := query(t, conn, catalog); !slices.Equal(got, wantCatalog) {
		t.Errorf("catalog changed:\n got %q\nwant %q", got, wantCatalog)
	}
	if got := query(t, conn, `SELECT max(rowid)::VARCHAR FROM "Odd Schema"."a.b"`); !slices.Equal(got, []string{"2997"}) {
		t.Errorf("own rowid column after repair: %q", got)
	}
}

// TestCompactSelfReference compacts a table with a foreign key to itself,
// loaded the way such a table is (parents before children, a statement
// per level), damaged by deletes: compact used to fail "Violates foreign
// key constraint" on it, and repair refuses it, pointing at compact.
func TestCompactSelfReference(t *testing.T) {
	path := filepath.Join(t.TempDir(), "selfref.duckdb")
	stmts := []string{
		`CREATE TABLE selfref(id INT PRIMARY KEY, parent INT REFERENCES selfref(id), name VARCHAR)`,
		`CREATE TABLE other(x INT)`, // a table without the key, copied as ever
		`INSERT INTO other SELECT range FROM range(10)`,
		// An odd name, a two-column key, and a second key to itself through
		// a UNIQUE column that can be NULL.
		`CREATE TABLE "odd ""t"""(a INT, b INT, pa INT, pb INT, u INT UNIQUE, pu INT, PRIMARY KEY (a, b),
			FOREIGN KEY (pa, pb) REFERENCES "odd ""t"""(a, b), FOREIGN KEY (pu) REFERENCES "odd ""t"""(u))`,
		`INSERT INTO "odd ""t""" VALUES (1, 1, NULL, NULL, NULL, NULL), (2, 2, NULL, NULL, 10, NULL)`,
		`INSERT INTO "odd ""t""" VALUES (3, 3, 1, 1, NULL, 10), (4, 4, 2, 2, 11, 10)`,
		`INSERT INTO "odd ""t""" VALUES (5, 5, 3, 3, 12, 11)`,
		`INSERT INTO selfref VALUES (1, NULL, 'root')`,
	}
	// A binary tree: node i's parent is i / 2, one statement per level.
	for lo := 2; lo < selfRefRows; lo *= 2 {
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO selfref SELECT i, i // 2, 'node ' || i FROM range(%d, %d) r(i)`, lo, min(2*lo, selfRefRows)))
	}
	// Deleting leaves (no row points at them) leaves deleted rows stored.
	stmts = append(stmts, fmt.Sprintf(`DELETE FROM selfref WHERE id >= %d AND id %% 3 = 0`, selfRefRows/2), `CHECKPOINT`)
	exec(t, path, stmts...)
	ctx := context.Background()

	conn := openConn(t, path)
	r, err := storage.Audit(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	before := find(t, r, "main", "selfref")
	if !before.Damaged() {
		t.Fatalf("selfref is not damaged: %s", dump(before))
	}
	if _, err := storage.PlanRepair(ctx, conn, before); !errors.Is(err, storage.ErrRefused) || !strings.Contains(err.Error(), "compact -apply") {
		t.Errorf("repair of selfref: want a refusal pointing at compact, got %v", err)
	}
	wantCatalog := query(t, conn, catalog)
	conn.Close()

	res, err := storage.Compact(ctx, path, storage.CompactOptions{Apply: true})
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Tables["main.selfref"]; s.Rows != before.Rows {
		t.Errorf("compact verified %+v, want %d rows", s, before.Rows)
	}
	if s := res.Tables[`main."odd ""t"""`]; s.Rows != 5 {
		t.Errorf("compact verified %+v of the odd table, want 5 rows (%v)", s, res.Tables)
	}
	r, err = storage.AuditFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if s := find(t, r, "main", "selfref"); !whole(s.GroupRows, storage.DefaultRowGroupRows) || s.Deleted != 0 {
		t.Errorf("selfref after compact: %s", dump(s))
	}
	conn = openConn(t, path)
	if got := query(t, conn, catalog); !slices.Equal(got, wantCatalog) {
		t.Errorf("catalog changed:\n got %q\nwant %q", got, wantCatalog)
	}
	// The key still holds.
	if _, err := conn.ExecContext(ctx, `INSERT INTO selfref VALUES (-1, -2, 'orphan')`); err == nil {
		t.Errorf("an orphan was accepted after the compact")
	}
}

// selfRefRows is the self-referencing table's size: more than a row
// group, so that whole groups mean something.
const selfRefRows = 150_000

// TestSmallCommitsCanLeavePartialGroups measures what docs/audit.md says
// of commits smaller than a row group: they go through the write-ahead
// log, and the automatic checkpoint (when the log passes
// checkpoint_threshold, 16 MiB by default) writes the table as it stands,
// so a partial group stays mid-table. 400,000 rows of about 110 bytes in
// 50,000-row commits: DuckDB 1.5.6 stored 122,880, 77,120, 122,880,
// 77,120 (2026-12-01, docs/measurements.md#rowalign-db-file-safety); the
// 3-column test table's 500,000 rows in the same commits stay under the
// threshold and come out whole.
func TestSmallCommitsCanLeavePartialGroups(t *testing.T) {
	path := filepath.Join(t.TempDir(), "small.duckdb")
	stmts := []string{`CREATE TABLE t(id BIGINT, s VARCHAR)`}
	stmts = append(stmts, loadInCommits("t", `i, repeat('x', 100) || i`, 400_000, 50_000)...)
	exec(t, path, append(stmts, `CHECKPOINT`)...)
	r, err := storage.AuditFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if tt := find(t, r, "main", "t"); tt.Partial == 0 {
		t.Errorf("want a partial group mid-table, got %v", tt.GroupRows)
	} else {
		t.Logf("400,000 rows in 50,000-row commits: groups %v", tt.GroupRows)
	}
}

// TestAuditNestedFirstColumn: a nested first column's parts count
// elements or fields, not rows; the audit reads a table's groups from the
// parts that count rows. Before, a LIST first column of 300,000 rows from
// one INSERT (three elements a row) audited as a 245,760-row unit, fill
// 50 % and 300,000 deleted rows.
func TestAuditNestedFirstColumn(t *testing.T) {
	const n = 130_000
	want := []int64{122_880, 7_120} // one INSERT of 130,000 rows
	tables := map[string][2]string{
		"list_first":   {`l INTEGER[], id BIGINT`, `[i, i + 1, i + 2], i`},
		"map_first":    {`m MAP(VARCHAR, INTEGER), id BIGINT`, `map(['a' || i, 'b' || i], [i, i]), i`},
		"array_first":  {`a INTEGER[3], id BIGINT`, `[i, i, i], i`},
		"struct_first": {`s STRUCT(x INTEGER, y VARCHAR[]), id BIGINT`, `{'x': i, 'y': ['p', 'q']}, i`},
		"union_first":  {`u UNION(n INTEGER, s VARCHAR), id BIGINT`, `i::INTEGER, i`},
		"lists_first":  {`ll INTEGER[][], id BIGINT`, `[[i], [i, i]], i`},
		"sparse_first": {`l INTEGER[], id BIGINT`, `CASE WHEN i % 2 = 0 THEN NULL ELSE [] END, i`},
		// no scalar column at all
		"nested_only": {`l VARCHAR[], s STRUCT(x INTEGER[]), a BIGINT[2]`, `['x', 'y'], {'x': [i, i, i, i]}, [i, i]`},
	}
	path := filepath.Join(t.TempDir(), "nested.duckdb")
	var stmts []string
	for name, def := range tables {
		stmts = append(stmts, `CREATE TABLE `+name+` (`+def[0]+`)`,
			fmt.Sprintf(`INSERT INTO %s SELECT %s FROM range(%d) r(i)`, name, def[1], n))
	}
	exec(t, path, append(stmts, `CHECKPOINT`)...)
	r, err := storage.AuditFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	conn := openConn(t, path)
	defer conn.Close()
	for name, def := range tables {
		tb := find(t, r, "main", name)
		// The truth, straight from pragma_storage_info: a column's own
		// validity counts its rows (the scalar id's data where there is
		// one), whatever its type.
		truth := query(t, conn, `SELECT sum(count)::BIGINT FROM pragma_storage_info('`+name+`')
			WHERE column_id = 0 AND column_path = '[0, 0]' GROUP BY row_group_id ORDER BY row_group_id`)
		if strings.HasSuffix(def[0], "id BIGINT") {
			if ids := query(t, conn, `SELECT sum(count)::BIGINT FROM pragma_storage_info('`+name+`')
				WHERE column_id = 1 AND column_path = '[1]' GROUP BY row_group_id ORDER BY row_group_id`); !slices.Equal(ids, truth) {
				t.Errorf("%s: the id column's groups %v, the first column's validity %v", name, ids, truth)
			}
		}
		got := make([]string, len(tb.GroupRows))
		for i, g := range tb.GroupRows {
			got[i] = fmt.Sprint(g)
		}
		if !slices.Equal(got, truth) || !slices.Equal(tb.GroupRows, want) || tb.Unit != storage.DefaultRowGroupRows ||
			tb.Rows != n || tb.StoredRows != n || tb.Deleted != 0 || tb.Partial != 0 || tb.Fill != 100 || tb.Damaged() {
			t.Errorf("%s: want groups %v (pragma_storage_info: %v), unit 122,880, nothing deleted, fill 100 %%; got %s", name, want, truth, dump(tb))
		}
	}
}

// healthySmallFile writes the file of a report: three healthy 300,000-row
// tables, two of them loaded in 100,000-row commits (which go through the
// write-ahead log and come out whole), a view and a comment: 1,060,864
// bytes, 4 blocks (DuckDB 1.5.6).
func healthySmallFile(t *testing.T, path string) {
	t.Helper()
	stmts := []string{
		`CREATE TABLE a AS SELECT i AS id, i % 7 AS k FROM range(300000) r(i)`,
		`CREATE TABLE b(id BIGINT, k BIGINT)`,
		`CREATE TABLE c(id BIGINT, k BIGINT)`,
		`CREATE VIEW v AS SELECT * FROM a`,
		`COMMENT ON TABLE a IS 'the a table'`,
	}
	stmts = append(stmts, loadInCommits("b", `i, i % 7`, 300_000, 100_000)...)
	stmts = append(stmts, loadInCommits("c", `i, i % 7`, 300_000, 100_000)...)
	exec(t, path, append(stmts, `CHECKPOINT`)...)
}

// TestCompactNotSmaller: compact of a healthy small file wrote a larger
// file (1,060,864 -> 1,847,296 bytes: each table copied in two parts,
// each part in blocks of its own) and swapped it in. A table is now split
// only into parts of 64 MiB or more, and a new file that is larger, or of
// the same size with no damage to mend, is not swapped in unless asked
// (AllowLarger): the original stays, no backup is made, no temporary file
// is left. A damaged file of the same size is swapped in
// (TestCompactSelfReference: deletes mended, 3 blocks before and after).
func TestCompactNotSmaller(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "small.duckdb")
	healthySmallFile(t, path)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wantCatalog := catalogOf(t, path)

	res, err := storage.Compact(ctx, path, storage.CompactOptions{Apply: true, Backup: path + ".bak"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Applied || res.Kept != storage.KeptNothingToMend || res.NewBytes < res.CheckpointedBytes {
		t.Errorf("want the original kept, the new file not smaller: %+v", res)
	}
	if res.NewBytes > res.CheckpointedBytes {
		t.Errorf("the copy of healthy tables grew: %d -> %d bytes", res.CheckpointedBytes, res.NewBytes)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) || fileExists(path+".bak") || fileExists(res.Temp) {
		t.Errorf("want the original in place (%d bytes, now %d), no backup, no temporary file", len(before), len(after))
	}
	if len(res.Tables) != 3 || res.Tables["main.b"].Rows != 300_000 {
		t.Errorf("want the discarded copy verified still: %v", res.Tables)
	}

	res, err = storage.Compact(ctx, path, storage.CompactOptions{Apply: true, Backup: path + ".bak", AllowLarger: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Applied || res.Kept != "" || !fileExists(path+".bak") || res.NewBytes > res.CheckpointedBytes {
		t.Errorf("AllowLarger: want the new file swapped in, no larger than the original: %+v", res)
	}
	if got := catalogOf(t, path); !slices.Equal(got, wantCatalog) {
		t.Errorf("catalog changed:\n got %q\nwant %q", got, wantCatalog)
	}
}

// TestAuditQuotedNames: a double quote in a file's name (its catalog name)
// or a schema's name made every table in it unreadable to the audit
// ("storage not read", its blocks counted as an index's), since DuckDB's
// pragma_storage_info parses its argument as a qualified name in which a
// double quote cannot appear. The audit now names such a schema through
// USE; only a table whose own name holds a double quote stays unread, said
// so, and counted. The connection's default schema is restored, and a
// temporary table of the same name (which an unqualified name would find)
// is not mistaken for the table.
func TestAuditQuotedNames(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), `my "quoted" db.duckdb`)
	stmts := []string{
		`CREATE SCHEMA "odd""schema"`,
		`CREATE TABLE "odd""schema".t(id BIGINT, k BIGINT, s VARCHAR)`,
		`CREATE TABLE plain AS SELECT range AS id FROM range(1000)`,
		`CREATE TABLE "quote""d" AS SELECT range AS id FROM range(1000)`,
	}
	stmts = append(stmts, loadInCommits(`"odd""schema".t`, cols, testRows, damagedCommit)...)
	exec(t, path, append(stmts, `CHECKPOINT`)...)

	r, err := storage.AuditFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if db := r.Files[0].Database; db != `my "quoted" db` {
		t.Errorf("attached as %q", db)
	}
	for _, n := range [][2]string{{`odd"schema`, "t"}, {"main", "plain"}} {
		tb := find(t, r, n[0], n[1])
		if tb.Groups() == 0 || strings.Contains(tb.Note, "not read") {
			t.Errorf("%s.%s: want its storage read, got %s", n[0], n[1], dump(tb))
		}
	}
	if tb := find(t, r, `odd"schema`, "t"); tb.Partial == 0 || !tb.Damaged() {
		t.Errorf(`"odd""schema".t: want its partial groups found, got %s`, dump(tb))
	}
	if q := find(t, r, "main", `quote"d`); q.Groups() != 0 || !strings.Contains(q.Note, "storage not read") || r.Files[0].UnreadTables != 1 {
		t.Errorf(`quote"d: want its storage named as unread and counted, got %s, %d unread`, dump(q), r.Files[0].UnreadTables)
	}

	// On a connection of the file itself (its catalog's name holds the
	// quotes), with a temporary table named t.
	conn := openConn(t, path)
	exec1 := func(q string) {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	exec1(`CREATE TEMP TABLE t AS SELECT 1 AS x`)
	exec1(`USE "my ""quoted"" db".main`)
	r, err = storage.Audit(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	if tb := find(t, r, `odd"schema`, "t"); tb.Groups() != 0 || !strings.Contains(tb.Note, "temporary table of the same name") {
		t.Errorf(`"odd""schema".t beside a temporary t: want it named as unread, got %s`, dump(tb))
	}
	if tb := find(t, r, "main", "plain"); tb.Groups() == 0 {
		t.Errorf("plain: %s", dump(tb))
	}
	if got := query(t, conn, `SELECT current_database() || '.' || current_schema()`); !slices.Equal(got, []string{`my "quoted" db.main`}) {
		t.Errorf("the audit left the connection's default at %q", got)
	}
	exec1(`DROP TABLE temp.t`)
	conn.Close()

	// Compact copies and verifies every table, and the audit reads the
	// copy's groups.
	res, err := storage.Compact(ctx, path, storage.CompactOptions{Apply: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tables) != 3 || !res.Applied {
		t.Errorf("compact: %+v", res)
	}
	r, err = storage.AuditFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if tb := find(t, r, `odd"schema`, "t"); tb.Partial != 0 || !whole(tb.GroupRows, storage.DefaultRowGroupRows) || tb.Rows != testRows {
		t.Errorf(`"odd""schema".t after compact: %s`, dump(tb))
	}
}

// TestCompactManyTables: tables too small to split (under 128 MiB) are
// copied side by side, one INSERT each, on one thread each, with their
// checksums overlapping the copy, and every table comes out whole and
// verified. Before, each table's copy (in parts) and then each checksum
// ran one after the other, and splitting small tables had made files
// grow (TestCompactNotSmaller).
func TestCompactManyTables(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "many.duckdb")
	var stmts []string
	for i := range 4 {
		name := fmt.Sprintf("t%d", i)
		stmts = append(stmts, `CREATE TABLE `+name+`(id BIGINT, k BIGINT, s VARCHAR)`)
		stmts = append(stmts, loadInCommits(name, cols, testRows, damagedCommit)...)
	}
	exec(t, path, append(stmts, `CHECKPOINT`)...)
	r, err := storage.AuditFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if tb := find(t, r, "main", "t0"); !tb.Damaged() {
		t.Fatalf("t0 is not damaged: %s", dump(tb))
	}
	res, err := storage.Compact(ctx, path, storage.CompactOptions{Apply: true, AllowLarger: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tables) != 4 {
		t.Errorf("verified %v", res.Tables)
	}
	var copyWall, jobs float64
	for _, p := range res.Phases {
		if p.Name == storage.PhaseCopy {
			copyWall = p.Seconds
		}
	}
	kinds := map[string]bool{}
	for _, w := range res.Work {
		jobs += w.Seconds
		kinds[w.Name] = true
	}
	if !kinds[storage.WorkCopy] || !kinds[storage.WorkSumOrig] || !kinds[storage.WorkSumCopy] {
		t.Errorf("work: %+v", res.Work)
	}
	// Jobs that overlap add up to more than the phase's wall time (two
	// slots: up to twice as much).
	if jobs < 1.3*copyWall {
		t.Errorf("the jobs took %.2f s in a %.2f s copy phase: they did not overlap", jobs, copyWall)
	}
	r, err = storage.AuditFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if tb := find(t, r, "main", fmt.Sprintf("t%d", i)); tb.Partial != 0 || tb.Rows != testRows {
			t.Errorf("t%d after compact: %s", i, dump(tb))
		}
	}
}
