package storage

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/rowalign/rowalign/runtime/loader"
	"github.com/rowalign/rowalign/runtime/pager"
)

// DefaultRowGroupRows is DuckDB's default row group size, 122,880 rows
// (loader.DefaultRowGroupSize). A table's unit is the larger of this and
// its largest stored group, the unit pager.Layout.Fill measures against.
const DefaultRowGroupRows = loader.DefaultRowGroupSize

// Kinds of catalog entries an audit lists.
const (
	KindTable     = "table"
	KindTemporary = "temporary" // a temporary table: in memory, not in any file
	KindView      = "view"      // stores no rows
)

// Table is what the audit found for one table (or view).
type Table struct {
	Name
	Kind string `json:"kind"`
	// Note says what the audit could not read, or what is odd about the
	// table; empty when nothing is.
	Note string `json:"note,omitempty"`
	// Rows is the live row count (count(*)).
	Rows int64 `json:"rows"`
	// StoredRows counts the rows in the stored row groups, deleted ones
	// included.
	StoredRows int64 `json:"stored_rows"`
	// Deleted is StoredRows - Rows: deleted rows the file still stores.
	Deleted int64 `json:"deleted_rows"`
	// Unit is the row group size the groups are measured against.
	Unit int64 `json:"unit"`
	// GroupRows lists the stored rows of every row group, in order.
	GroupRows []int64 `json:"group_rows"`
	// Partial counts the groups below the unit other than the last one.
	Partial int `json:"partial_groups"`
	// Fill is the live rows in percent of what the groups could hold with
	// only the last one partial: Rows / ((groups-1)*Unit + last group)
	// (pager.Layout.Fill in percent, the figure rowalign-sweep reports too). 100 for a
	// table loaded whole; a table without groups gives 100.
	Fill float64 `json:"fill_pct"`
	// StoredBytes is the block space of the table's segments.
	StoredBytes int64 `json:"stored_bytes"`
	// OwnRowid is true when a column is named rowid: it shadows DuckDB's
	// row id in SQL (this package never uses the row id).
	OwnRowid bool `json:"own_rowid_column,omitempty"`
	// Columns are the table's column names, in order.
	Columns []string `json:"columns,omitempty"`
	// Estimate is what an aligned rewrite would change.
	Estimate Estimate `json:"estimate"`

	segments   []segment
	groupBytes []int64 // stored bytes per group, from segments
	unread     bool    // its storage could not be read
}

// Groups is the number of stored row groups.
func (t *Table) Groups() int { return len(t.GroupRows) }

// Damaged reports whether an aligned rewrite would change the table's
// layout: a partial group before the last, or deleted rows still stored.
func (t *Table) Damaged() bool {
	return t.Kind == KindTable && (t.Partial > 0 || t.Deleted > 0)
}

// File is what the audit found for one database file.
type File struct {
	Database       string `json:"database"`
	Path           string `json:"path"`
	StorageVersion string `json:"storage_version,omitempty"`
	ReadOnly       bool   `json:"read_only"`
	FileBytes      int64  `json:"file_bytes"`
	WALBytes       int64  `json:"wal_bytes"`
	BlockSize      int64  `json:"block_size"`
	// TotalBlocks is the blocks in the file: (FileBytes - the file's
	// headers) / BlockSize. pragma_database_size's total_blocks and
	// free_blocks also count the blocks past the end of a file DuckDB has
	// truncated (its free tail): PastEndBlocks.
	TotalBlocks int64 `json:"total_blocks"`
	UsedBlocks  int64 `json:"used_blocks"`
	// FreeBlocks is the free blocks inside the file: TotalBlocks -
	// UsedBlocks.
	FreeBlocks int64 `json:"free_blocks"`
	// PastEndBlocks is what pragma_database_size counts as free beyond the
	// file's end: no byte of the file holds them, and no compaction
	// returns them.
	PastEndBlocks int64 `json:"past_end_blocks,omitempty"`
	// FreeBytes is what a compaction returns for certain: the free blocks
	// inside the file.
	FreeBytes int64 `json:"free_bytes"`
	// The used blocks by what they hold: the tables' segments
	// (TableBlocks; the tables' StoredBytes add up to them), DuckDB's
	// catalog and statistics (MetadataBlocks, pragma_metadata_info), and
	// the rest (IndexBlocks): the blocks of the indexes' ART nodes, which
	// no storage function lists.
	TableBlocks    int64 `json:"table_blocks"`
	MetadataBlocks int64 `json:"metadata_blocks"`
	IndexBlocks    int64 `json:"index_blocks"`
	// UnreadTables counts the tables whose storage could not be read:
	// their blocks are in IndexBlocks then.
	UnreadTables int `json:"unread_tables,omitempty"`
}

// fileHeaderBytes is what a DuckDB file holds before its first block:
// three 4,096-byte headers (the main header and two database headers).
// Every file size measured is 12,288 + n x 262,144 bytes (36,450,304 =
// 12,288 + 139 x 262,144; DuckDB 1.5.6, storage v1.0.0+ and v1.2.0;
// docs/measurements.md#free-blocks-after-duckdb-truncates-a-file).
const fileHeaderBytes = 3 * 4096

// Report is a whole audit.
type Report struct {
	Files  []File  `json:"files"`
	Tables []Table `json:"tables"`
}

// Audit reads every database attached to conn (the system and temp
// catalogs aside, whose temporary tables are listed by name) and every
// table and view in it. It only reads.
func Audit(ctx context.Context, conn *sql.Conn) (*Report, error) {
	r := &Report{Tables: []Table{}} // JSON: [] for a database with no tables
	files, err := auditFiles(ctx, conn)
	if err != nil {
		return nil, err
	}
	r.Files = files
	onDisk := map[string]bool{}
	for _, f := range files {
		onDisk[f.Database] = true
	}

	rows, err := conn.QueryContext(ctx, `
		SELECT database_name, schema_name, table_name, temporary FROM duckdb_tables() WHERE NOT internal
		UNION ALL
		SELECT database_name, schema_name, view_name, temporary FROM duckdb_views() WHERE NOT internal
			AND schema_name NOT IN ('information_schema', 'pg_catalog')
		ORDER BY ALL`)
	if err != nil {
		return nil, fmt.Errorf("listing tables: %w", err)
	}
	views := map[Name]bool{}
	vrows, err := conn.QueryContext(ctx, `SELECT database_name, schema_name, view_name FROM duckdb_views() WHERE NOT internal`)
	if err != nil {
		rows.Close()
		return nil, fmt.Errorf("listing views: %w", err)
	}
	for vrows.Next() {
		var n Name
		if err := vrows.Scan(&n.Database, &n.Schema, &n.Table); err != nil {
			vrows.Close()
			rows.Close()
			return nil, err
		}
		views[n] = true
	}
	vrows.Close()
	for rows.Next() {
		var t Table
		var temp bool
		if err := rows.Scan(&t.Database, &t.Schema, &t.Table, &temp); err != nil {
			rows.Close()
			return nil, err
		}
		switch {
		case views[t.Name]:
			t.Kind = KindView
			t.Note = "view: stores no rows"
		case temp:
			t.Kind = KindTemporary
			t.Note = "temporary table: lives in memory, not in a file"
		default:
			t.Kind = KindTable
			if !onDisk[t.Database] {
				t.Note = "in-memory database: not in a file"
			}
		}
		r.Tables = append(r.Tables, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	temporary := map[string]bool{}
	for _, t := range r.Tables {
		if t.Kind == KindTemporary {
			temporary[strings.ToLower(t.Table)] = true
		}
	}
	for i := range r.Tables {
		t := &r.Tables[i]
		if t.Kind == KindView {
			continue
		}
		if err := auditTable(ctx, conn, t, t.Kind != KindTemporary && temporary[strings.ToLower(t.Table)]); err != nil {
			return nil, fmt.Errorf("%s: %w", t.Name.SQL(), err)
		}
	}
	apportionBytes(r.Tables, blockSizes(r.Files))
	blockUse(r.Files, r.Tables)
	for i := range r.Tables {
		t := &r.Tables[i]
		if t.Kind == KindTable {
			t.Estimate = estimate(t)
		}
	}
	return r, nil
}

func blockSizes(files []File) map[string]int64 {
	m := map[string]int64{}
	for _, f := range files {
		m[f.Database] = f.BlockSize
	}
	return m
}

// auditFiles reads pragma_database_size and the file sizes of every
// database that has a file.
func auditFiles(ctx context.Context, conn *sql.Conn) ([]File, error) {
	rows, err := conn.QueryContext(ctx, `
		SELECT d.database_name, d.path, d.readonly, coalesce(d.tags['storage_version'], ''),
			s.block_size, s.total_blocks, s.used_blocks, s.free_blocks
		FROM duckdb_databases() d JOIN pragma_database_size() s USING (database_name)
		WHERE d.path IS NOT NULL AND NOT d.internal
		ORDER BY d.database_name`)
	if err != nil {
		return nil, fmt.Errorf("reading pragma_database_size: %w", err)
	}
	defer rows.Close()
	var files []File
	for rows.Next() {
		var f File
		if err := rows.Scan(&f.Database, &f.Path, &f.ReadOnly, &f.StorageVersion,
			&f.BlockSize, &f.TotalBlocks, &f.UsedBlocks, &f.FreeBlocks); err != nil {
			return nil, err
		}
		if st, err := os.Stat(f.Path + ".wal"); err == nil {
			f.WALBytes = st.Size()
		}
		if st, err := os.Stat(f.Path); err == nil && f.BlockSize > 0 {
			f.FileBytes = st.Size()
			// DuckDB truncates a file's free tail at a checkpoint but
			// pragma_database_size keeps counting those blocks: count the
			// blocks the file holds.
			inFile := max(0, (f.FileBytes-fileHeaderBytes)/f.BlockSize)
			if f.TotalBlocks > inFile {
				free := max(0, inFile-f.UsedBlocks)
				f.PastEndBlocks = f.FreeBlocks - min(f.FreeBlocks, free)
				f.TotalBlocks, f.FreeBlocks = max(inFile, f.UsedBlocks), min(f.FreeBlocks, free)
			}
		}
		f.FreeBytes = f.FreeBlocks * f.BlockSize
		files = append(files, f)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range files {
		f := &files[i]
		if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM pragma_metadata_info(?)`, f.Database).Scan(&f.MetadataBlocks); err != nil {
			return nil, fmt.Errorf("reading pragma_metadata_info: %w", err)
		}
	}
	return files, nil
}

// blockUse splits every file's used blocks into its tables' segments,
// the metadata and the rest (indexes), from the tables' segments.
func blockUse(files []File, tables []Table) {
	type key struct {
		db    string
		block int64
	}
	blocks := map[key]bool{}
	extra := map[string]int64{}
	for _, t := range tables {
		for _, s := range t.segments {
			blocks[key{t.Database, s.block}] = true
			extra[t.Database] += s.extra
		}
	}
	count := map[string]int64{}
	for k := range blocks {
		count[k.db]++
	}
	unread := map[string]int{}
	for _, t := range tables {
		if t.unread {
			unread[t.Database]++
		}
	}
	for i := range files {
		f := &files[i]
		f.UnreadTables = unread[f.Database]
		f.TableBlocks = count[f.Database] + extra[f.Database]
		f.IndexBlocks = max(0, f.UsedBlocks-f.TableBlocks-f.MetadataBlocks)
	}
}

// useSchema makes n's schema the connection's default (USE), for a
// storage query that cannot name it; restore makes the default what it
// was.
func useSchema(ctx context.Context, conn *sql.Conn, n Name) (restore func(), err error) {
	var db, schema string
	if err := conn.QueryRowContext(ctx, `SELECT current_database(), current_schema()`).Scan(&db, &schema); err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, `USE `+quoteIdent(n.Database)+`.`+quoteIdent(n.Schema)); err != nil {
		return nil, err
	}
	return func() {
		conn.ExecContext(context.WithoutCancel(ctx), `USE `+quoteIdent(db)+`.`+quoteIdent(schema))
	}, nil
}

// auditTable fills in t's rows, groups and segments. shadowed says that a
// temporary table has t's name.
func auditTable(ctx context.Context, conn *sql.Conn, t *Table, shadowed bool) error {
	cols, err := columns(ctx, conn, t.Name)
	if err != nil {
		return err
	}
	t.Columns = cols
	t.OwnRowid = slices.ContainsFunc(cols, func(c string) bool { return strings.EqualFold(c, "rowid") })
	if t.OwnRowid {
		t.Note = joinNote(t.Note, "own rowid column (shadows DuckDB's row id)")
	}
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM `+t.Name.SQL()).Scan(&t.Rows); err != nil {
		return err
	}
	t.Unit = DefaultRowGroupRows
	t.Fill = 100
	arg, use, ok := t.Name.storageInfoArg()
	why := `DuckDB's pragma_storage_info cannot address a table whose name holds '"' (rename it to audit its row groups; compact still copies and verifies it)`
	if ok && use && shadowed {
		// The unqualified name would find the temporary table first.
		ok, why = false, `its database or schema name holds '"', so it can only be addressed unqualified, and a temporary table of the same name hides it`
	}
	if !ok {
		t.unread = true
		t.Note = joinNote(t.Note, "storage not read: "+why)
		return nil
	}
	if use {
		restore, err := useSchema(ctx, conn, t.Name)
		if err != nil {
			return err
		}
		defer restore()
	}
	// Segments not yet written (a temporary table's, an in-memory
	// database's) have no block: NULL.
	// One call: pragma_storage_info builds every segment's description
	// (its statistics as text too), the bulk of an audit's time (1.5 s of
	// a 1 GB file's audit on a loaded machine, docs/audit.md).
	rows, err := conn.QueryContext(ctx, `
		SELECT row_group_id, column_id, column_path, count, coalesce(persistent AND block_id >= 0, false),
			coalesce(block_id, -1), coalesce(block_offset, 0), coalesce(len(additional_block_ids), 0)
		FROM pragma_storage_info(`+arg+`)`)
	if err != nil {
		return fmt.Errorf("reading pragma_storage_info: %w", err)
	}
	// A group's rows: the parts of the first column that count rows (see
	// countsRows), summed over their segments; the larger of the two.
	type part struct {
		group int64
		path  string
	}
	partRows := map[part]int64{}
	type seg struct {
		group int64
		segment
	}
	var segs []seg
	for rows.Next() {
		var (
			group, column, count int64
			path                 string
			stored               bool
			s                    seg
		)
		if err := rows.Scan(&group, &column, &path, &count, &stored, &s.block, &s.offset, &s.extra); err != nil {
			rows.Close()
			return err
		}
		if column == 0 && countsRows(path) {
			partRows[part{group, path}] += count
		}
		if stored && t.Kind == KindTable {
			s.group = group
			segs = append(segs, s)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	groupRows := map[int64]int64{}
	for p, n := range partRows {
		groupRows[p.group] = max(groupRows[p.group], n)
	}
	ids := slices.Sorted(maps.Keys(groupRows))
	groupIndex := map[int64]int{}
	for i, id := range ids {
		n := groupRows[id]
		groupIndex[id] = i
		t.GroupRows = append(t.GroupRows, n)
		t.StoredRows += n
	}
	t.Unit = DefaultRowGroupRows
	for _, n := range t.GroupRows {
		t.Unit = max(t.Unit, n)
	}
	for _, s := range segs {
		if g, ok := groupIndex[s.group]; ok {
			s.segment.group = g
			t.segments = append(t.segments, s.segment)
		}
	}
	// Uncommitted or not yet checkpointed rows are not in the storage
	// info; never report negative deletes for them.
	t.Deleted = max(0, t.StoredRows-t.Rows)
	if t.StoredRows < t.Rows {
		t.Note = joinNote(t.Note, fmt.Sprintf("%d rows not checkpointed yet", t.Rows-t.StoredRows))
	}
	for i, n := range t.GroupRows {
		if i < len(t.GroupRows)-1 && n < t.Unit {
			t.Partial++
		}
	}
	t.Fill = fill(t.Rows, t.GroupRows)
	return nil
}

// fill is the pager's fill of a table whose row groups store groupRows
// rows, in percent: rowalign-db, the sweep and the pager share one
// definition (pager.Layout.Fill), which lives in the runtime module so
// that the pager needs nothing outside it.
func fill(live int64, groupRows []int64) float64 {
	l := pager.Layout{Live: live, Groups: make([]pager.Group, len(groupRows))}
	for i, n := range groupRows {
		l.Groups[i].Count = n
	}
	return 100 * l.Fill()
}

// countsRows reports whether a part of the first column (its
// column_path in pragma_storage_info) stores one entry per row: the
// column's own data ("[0]") and its own validity ("[0, 0]"). A nested
// column's other parts count something else: a LIST's or MAP's child
// ("[0, 1]") and an ARRAY's count elements (an INTEGER[] of three
// elements per row stored 368,640 in a 122,880-row group), a STRUCT's
// and a UNION's fields have parts of their own, and a STRUCT, UNION or
// ARRAY has no "[0]" at all, only its validity (DuckDB 1.5.6,
// docs/measurements.md#row-counts-of-nested-columns). The pager reads a
// group's rows from the same two parts.
func countsRows(path string) bool {
	return path == "[0]" || path == "[0, 0]"
}

func columns(ctx context.Context, conn *sql.Conn, n Name) ([]string, error) {
	rows, err := conn.QueryContext(ctx, `SELECT column_name FROM duckdb_columns()
		WHERE database_name = ? AND schema_name = ? AND table_name = ? ORDER BY column_index`,
		n.Database, n.Schema, n.Table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		cols = append(cols, c)
	}
	return cols, rows.Err()
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
