package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// CompactOptions control Compact.
type CompactOptions struct {
	// Apply writes the new file and swaps it in; without it Compact only
	// plans (a dry run: nothing is written).
	Apply bool
	// Backup is where the original is kept (a hard link made just before
	// the swap); empty keeps no backup.
	Backup string
	// Pause, when not nil, is called at each Step.
	Pause func(step string)
	// Status, when not nil, is called as each phase starts and as the
	// copy moves from table to table (for a progress line).
	Status func(Status)
	// AllowLarger swaps the new file in even when it is larger than the
	// original, or no smaller with nothing to mend: for when whole row
	// groups matter more than bytes. Without it such a compaction keeps
	// the original (CompactResult.Kept).
	AllowLarger bool
}

// CompactResult describes a compaction (or, without Apply, its plan).
type CompactResult struct {
	Path   string `json:"path"`
	Temp   string `json:"temp"`
	Backup string `json:"backup,omitempty"`
	// Version is the original's storage version, which the new file
	// keeps.
	Version Version `json:"storage_version"`
	// StaleBackup is a backup name found to be a second name of the file
	// itself (a compact killed between its backup link and its rename
	// leaves one): Apply removes it and makes the backup anew.
	StaleBackup string `json:"stale_backup,omitempty"`
	Applied     bool   `json:"applied"`
	OldBytes    int64  `json:"old_bytes"` // the file and its write-ahead log
	// NewBytes is the new file's size (swapped in or not).
	NewBytes int64 `json:"new_bytes,omitempty"`
	// CheckpointedBytes is the original's size after compact's CHECKPOINT
	// moved its write-ahead log into it: what NewBytes is compared with.
	CheckpointedBytes int64 `json:"checkpointed_bytes,omitempty"`
	// Kept says why the new file was not swapped in (KeptLarger,
	// KeptNothingToMend); empty otherwise. The original then stays in
	// place, checkpointed, and no backup is made.
	Kept string `json:"kept_original,omitempty"`
	// Objects counts the verified catalog entries by kind (schema, table,
	// view, sequence, macro, type, index, constraint).
	Objects map[string]int `json:"objects,omitempty"`
	// Tables holds every table's verified rows.
	Tables map[string]Sum `json:"tables,omitempty"`
	Before *Report        `json:"before"`
	After  *Report        `json:"after,omitempty"`
	// Phases is where the time went, phase by phase.
	Phases []Phase `json:"phases,omitempty"`
	// Work is what the copy phase did, by kind (WorkCopy, WorkSumOrig,
	// WorkSumCopy), its jobs overlapping: the jobs' seconds and their
	// threads' CPU seconds, summed (PeakRSSBytes unset).
	Work []Phase `json:"work,omitempty"`
}

// Why Compact kept the original (CompactResult.Kept).
const (
	// KeptLarger: the new file is larger than the original (and
	// AllowLarger was not set).
	KeptLarger = "the new file is larger"
	// KeptNothingToMend: the new file has the original's size, and no
	// table had a partial group before its last or deleted rows stored.
	KeptNothingToMend = "the new file is no smaller and no table is damaged"
)

// damaged reports whether a table of database db in r has a layout an
// aligned rewrite changes.
func damaged(r *Report, db string) bool {
	return slices.ContainsFunc(r.Tables, func(t Table) bool { return t.Database == db && t.Damaged() })
}

// TempSuffix names the new file while Compact writes it, next to the
// original (so the final rename stays on one file system).
const TempSuffix = ".rowalign-compact"

// Steps at which Compact calls its pause hook.
const (
	// StepCopiedFile: the new file is written and verified, the original
	// not yet replaced.
	StepCopiedFile = "copied-file"
	// StepDetached: both files are closed, the original not yet locked
	// again.
	StepDetached = "detached"
	// StepBackedUp: the backup is a second name (hard link) of the
	// original, the new file not yet renamed over it.
	StepBackedUp = "backed-up"
)

// dstAlias is the new file's catalog name during the copy.
const dstAlias = "rowalign_compact_dst"

// Compact copies the database at path into a new file in whole row groups
// (the catalog with COPY FROM DATABASE, each table with one INSERT),
// verifies that every catalog entry and every row survived, and replaces
// the original atomically: the original is hard-linked to the backup,
// then the new file is renamed over it. A failure (or a kill) before the
// rename leaves the original untouched; a leftover temporary file is
// removed by the next run. It refuses a file another process holds.
// path may be a symbolic link: the file it names is replaced, the link
// kept. Before anything is written it refuses (ErrInput) what is not a
// DuckDB database, a read-only or hard-linked file, and a backup it
// cannot make (checkReplace).
func Compact(ctx context.Context, path string, opt CompactOptions) (res *CompactResult, err error) {
	// The file a link names is the one to replace: the links stay links.
	path, err = DatabaseFile(path)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	// The old size counts the write-ahead log: the checkpoint below moves
	// it into the file.
	res = &CompactResult{Path: path, Temp: path + TempSuffix, Backup: opt.Backup, OldBytes: st.Size()}
	if wal, err := os.Stat(path + ".wal"); err == nil {
		res.OldBytes += wal.Size()
	}
	stale, err := checkReplace(path, st, res.Temp, opt.Backup)
	if err != nil {
		return nil, err
	}
	// The new file is written in the original's storage version, so the
	// DuckDB versions that open the original open the copy: a version
	// this DuckDB cannot write is refused before anything is written (a
	// dry run says so too).
	if res.Version, err = WritableVersion(path, "compact"); err != nil {
		return nil, err
	}
	if stale {
		res.StaleBackup = opt.Backup
	}
	db, conn, closeConn, err := memoryDB(ctx)
	if err != nil {
		return nil, err
	}
	defer closeConn()
	clk := &clock{status: opt.Status}
	defer func() {
		if res != nil {
			res.Phases = clk.stop()
		}
	}()
	// The original is attached under its default name (the file's stem),
	// so that views naming their own catalog resolve as they do for users;
	// a dry run attaches it read-only and writes nothing.
	mode := ""
	if !opt.Apply {
		mode = ` (READ_ONLY)`
	}
	src := alias(path, map[string]bool{dstAlias: true})
	if _, err := conn.ExecContext(ctx, `ATTACH `+quoteString(path)+` AS `+quoteIdent(src)+mode); err != nil {
		return nil, OpenError(path, err, opt.Apply)
	}
	if !opt.Apply {
		clk.start(Status{Phase: PhaseAudit})
		res.Before, err = Audit(ctx, conn)
		return res, err
	}
	clk.start(Status{Phase: PhaseCheckpoint})
	// A checkpoint first: the WAL's changes belong to the copy, and the
	// original must have no WAL left when it is swapped.
	if _, err := conn.ExecContext(ctx, `CHECKPOINT `+quoteIdent(src)); err != nil {
		return nil, OpenError(path, err, true)
	}
	clk.start(Status{Phase: PhaseAudit})
	if res.Before, err = Audit(ctx, conn); err != nil {
		return nil, err
	}
	for _, f := range []string{res.Temp, res.Temp + ".wal"} {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("removing the leftover %s: %w", f, err)
		}
	}
	temp := res.Temp
	defer func() {
		if res == nil || !res.Applied {
			os.Remove(temp)
			os.Remove(temp + ".wal")
		}
	}()
	attach := `ATTACH ` + quoteString(res.Temp) + ` AS ` + dstAlias + ` (STORAGE_VERSION ` + quoteString(res.Version.Option()) + `)`
	if _, err := conn.ExecContext(ctx, attach); err != nil {
		return nil, fmt.Errorf("creating %s: %w", res.Temp, err)
	}
	// One thread per INSERT, or the copy keeps the partial groups (see
	// RepairPlan); as many INSERTs at once as DuckDB had threads (see
	// copyTable).
	threads, err := currentThreads(ctx, conn)
	if err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, `SET threads = 1`); err != nil {
		return nil, err
	}
	cp := &copier{db: db, conn: conn, parts: parseThreads(threads), partBytes: minPartBytes, clock: clk, temp: res.Temp}
	sums, err := copyDatabase(ctx, cp, src, dstAlias, res.Before)
	if cp.sched != nil {
		res.Work = cp.sched.works(WorkCopy, WorkSumOrig, WorkSumCopy)
	}
	if _, err2 := conn.ExecContext(ctx, `SET threads = `+threads); err == nil {
		err = err2
	}
	if err != nil {
		return nil, fmt.Errorf("copying %s: %w", path, err)
	}
	clk.start(Status{Phase: PhaseVerify})
	if err := verifyCopy(ctx, conn, src, dstAlias, sums, res); err != nil {
		return nil, err
	}
	if opt.Pause != nil {
		opt.Pause(StepCopiedFile)
	}
	clk.start(Status{Phase: PhaseDetach})
	if _, err := conn.ExecContext(ctx, `DETACH `+dstAlias); err != nil {
		return nil, err
	}
	clk.start(Status{Phase: PhaseSwap})
	if _, err := conn.ExecContext(ctx, `DETACH `+quoteIdent(src)); err != nil {
		return nil, err
	}
	// The headers say what DuckDB wrote: the copy in the original's
	// storage version, and the original (checkpointed) still in it.
	if err := CheckKept(res.Temp, res.Version); err != nil {
		return nil, fmt.Errorf("%w; nothing was replaced", err)
	}
	if err := CheckKept(path, res.Version); err != nil {
		return nil, fmt.Errorf("%w: DuckDB changed it in its checkpoint; nothing was replaced", err)
	}
	copied, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	// A compaction that makes the file larger is not swapped in unless
	// asked, nor one that keeps its size and has no damage to mend: the
	// original stays, already checkpointed, and the verified copy goes
	// (the deferred cleanup). The checks under the lock below run either
	// way, and a stale backup name is removed either way.
	newSt, err := os.Stat(res.Temp)
	if err != nil {
		return nil, err
	}
	res.NewBytes, res.CheckpointedBytes = newSt.Size(), copied.Size()
	keep := ""
	switch {
	case opt.AllowLarger || res.NewBytes < res.CheckpointedBytes:
	case res.NewBytes > res.CheckpointedBytes:
		keep = KeptLarger
	case !damaged(res.Before, src):
		keep = KeptNothingToMend
	}
	if keep == "" {
		if err := keepOwner(res.Temp, st); err != nil {
			return nil, fmt.Errorf("giving %s the original's mode and owner: %w; nothing was replaced", res.Temp, err)
		}
	}
	if opt.Pause != nil {
		opt.Pause(StepDetached)
	}
	// DuckDB's lock went with the detach: take the same lock ourselves, so
	// nobody opens the original between here and the rename, and refuse
	// if somebody wrote to it since.
	unlock, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	defer unlock()
	now, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if now.Size() != copied.Size() || !now.ModTime().Equal(copied.ModTime()) {
		return nil, fmt.Errorf("%s changed after the copy: another process wrote to it; nothing was replaced", path)
	}
	if wal, err := os.Stat(path + ".wal"); err == nil && wal.Size() > 0 {
		return nil, fmt.Errorf("%s has a write-ahead log after the copy: another process wrote to it; nothing was replaced", path)
	}
	if stale {
		// Under our lock, the leftover name of the live file goes (it is
		// the same file still: checked again), and the backup is made anew.
		if b, err := os.Stat(opt.Backup); err != nil || !os.SameFile(b, now) {
			return nil, fmt.Errorf("backup %s changed during the compact; nothing was replaced", opt.Backup)
		}
		if err := os.Remove(opt.Backup); err != nil {
			return nil, fmt.Errorf("removing %s, a second name of %s left by a killed compact: %w; nothing was replaced", opt.Backup, path, err)
		}
	}
	if keep != "" {
		// Kept: no backup is made, and the copy goes (deferred).
		res.Kept = keep
		return res, nil
	}
	if opt.Backup != "" {
		if err := os.Link(path, opt.Backup); err != nil {
			return nil, fmt.Errorf("keeping the original as %s: %w; nothing was replaced", opt.Backup, err)
		}
	}
	if opt.Pause != nil {
		opt.Pause(StepBackedUp)
	}
	if err := os.Rename(res.Temp, path); err != nil {
		return nil, fmt.Errorf("replacing %s: %w", path, err)
	}
	res.Applied = true
	syncDir(filepath.Dir(path))
	unlock()
	return res, nil
}

// memoryConn opens an in-memory DuckDB, to attach files to, on one
// connection.
func memoryConn(ctx context.Context) (*sql.Conn, func(), error) {
	_, conn, closeConn, err := memoryDB(ctx)
	return conn, closeConn, err
}

// memoryDB is memoryConn with the database too, for more connections to
// the same attached files.
func memoryDB(ctx context.Context) (*sql.DB, *sql.Conn, func(), error) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return nil, nil, nil, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, nil, nil, err
	}
	return db, conn, func() { conn.Close(); db.Close() }, nil
}

// AuditFile audits the file at path, opened read-only (and attached under
// its default name), in a fresh in-memory DuckDB.
func AuditFile(ctx context.Context, paths ...string) (*Report, error) {
	conn, closeConn, err := memoryConn(ctx)
	if err != nil {
		return nil, err
	}
	defer closeConn()
	used := map[string]bool{}
	for _, p := range paths {
		file, err := DatabaseFile(p)
		if err != nil {
			return nil, err
		}
		name := alias(p, used)
		used[strings.ToLower(name)] = true
		if _, err := conn.ExecContext(ctx, `ATTACH `+quoteString(file)+` AS `+quoteIdent(name)+` (READ_ONLY)`); err != nil {
			return nil, OpenError(p, err, false)
		}
	}
	return Audit(ctx, conn)
}

// alias is the catalog name a file is attached under: its name without
// the extension, as DuckDB's own default, with "_db" after a name DuckDB
// reserves (as DuckDB does) and a number after one already used (used
// holds lower-case names: DuckDB's catalog names ignore case).
func alias(path string, used map[string]bool) string {
	base := filepath.Base(path)
	base = strings.TrimSuffix(base, filepath.Ext(base))
	switch strings.ToLower(base) {
	case "memory", "system", "temp", "main", "":
		base += "_db"
	}
	name := base
	for i := 2; used[strings.ToLower(name)]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	return name
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// catalogQueries list every kind of catalog entry as "schema.name: sql"
// for one database; a copy must list the same.
var catalogQueries = map[string]string{
	"schema":     `SELECT schema_name FROM duckdb_schemas() WHERE database_name = ? AND NOT internal`,
	"table":      `SELECT schema_name || '.' || table_name || ': ' || sql FROM duckdb_tables() WHERE database_name = ? AND NOT internal`,
	"view":       `SELECT schema_name || '.' || view_name || ': ' || sql FROM duckdb_views() WHERE database_name = ? AND NOT internal`,
	"sequence":   `SELECT schema_name || '.' || sequence_name FROM duckdb_sequences() WHERE database_name = ?`,
	"macro":      `SELECT schema_name || '.' || function_name || ': ' || coalesce(macro_definition, '') FROM duckdb_functions() WHERE database_name = ? AND NOT internal AND function_type IN ('macro', 'table_macro')`,
	"type":       `SELECT schema_name || '.' || type_name FROM duckdb_types() WHERE database_name = ? AND NOT internal`,
	"index":      `SELECT schema_name || '.' || index_name || ': ' || coalesce(sql, '') FROM duckdb_indexes() WHERE database_name = ?`,
	"constraint": `SELECT schema_name || '.' || table_name || ': ' || constraint_text FROM duckdb_constraints() WHERE database_name = ?`,
	"comment": `WITH d AS (SELECT ?::VARCHAR AS db)
		SELECT 'table ' || schema_name || '.' || table_name || ': ' || comment FROM duckdb_tables() WHERE database_name = (SELECT db FROM d) AND comment <> ''
		UNION ALL SELECT 'column ' || schema_name || '.' || table_name || '.' || column_name || ': ' || comment FROM duckdb_columns() WHERE database_name = (SELECT db FROM d) AND comment <> ''
		UNION ALL SELECT 'index ' || schema_name || '.' || index_name || ': ' || comment FROM duckdb_indexes() WHERE database_name = (SELECT db FROM d) AND comment <> ''
		UNION ALL SELECT 'view ' || schema_name || '.' || view_name || ': ' || comment FROM duckdb_views() WHERE database_name = (SELECT db FROM d) AND NOT internal AND comment <> ''`,
}

func listCatalog(ctx context.Context, conn *sql.Conn, query, db string) ([]string, error) {
	rows, err := conn.QueryContext(ctx, query, db)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s sql.NullString
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s.String)
	}
	slices.Sort(out)
	return out, rows.Err()
}

// copyDatabase copies src's catalog with COPY FROM DATABASE (SCHEMA), then
// every table's rows with one INSERT each (or in parts, see copier),
// referenced tables before the tables whose foreign keys name them:
// COPY FROM DATABASE's own data copy inserted a referencing table first
// and failed its foreign key (DuckDB 1.5.6). A table with a foreign key to
// itself is copied parents first (copySelfReferencing). Each table's
// count and checksum in both files are taken as the copy goes (see
// schedule) and returned by table: the original's, then the copy's.
func copyDatabase(ctx context.Context, cp *copier, src, dst string, before *Report) (map[Name][2]Sum, error) {
	conn := cp.conn
	cp.clock.start(Status{Phase: PhaseSchema})
	if _, err := conn.ExecContext(ctx, `COPY FROM DATABASE `+quoteIdent(src)+` TO `+quoteIdent(dst)+` (SCHEMA)`); err != nil {
		return nil, err
	}
	deps := map[Name][]Name{}
	self := map[Name][]foreignKey{}
	rows, err := conn.QueryContext(ctx, `SELECT schema_name, table_name, referenced_table, constraint_column_names, referenced_column_names
		FROM duckdb_constraints() WHERE database_name = ? AND constraint_type = 'FOREIGN KEY'`, src)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var schema, table, ref string
		var cols, refCols any
		if err := rows.Scan(&schema, &table, &ref, &cols, &refCols); err != nil {
			rows.Close()
			return nil, err
		}
		// A foreign key names a table of its own schema.
		n := Name{src, schema, table}
		if ref == table {
			self[n] = append(self[n], foreignKey{stringList(cols), stringList(refCols)})
			continue
		}
		deps[n] = append(deps[n], Name{src, schema, ref})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var order []Table
	tables := map[Name]Table{}
	var expect int64
	for _, t := range before.Tables {
		if t.Database == src && t.Kind == KindTable {
			tables[t.Name] = t
			order = append(order, t)
			expect += expectedBytes(t)
		}
	}
	cp.clock.start(Status{Phase: PhaseCopy, Tables: len(order), Writing: cp.temp, Expect: expect})
	sched := newSchedule(ctx, cp.parts)
	cp.sched = sched
	var mu sync.Mutex
	sums := map[Name][2]Sum{}
	setSum := func(n Name, which int, s Sum) {
		mu.Lock()
		v := sums[n]
		v[which] = s
		sums[n] = v
		mu.Unlock()
	}
	// What runs now, for the status: the jobs overlap.
	var running []Job
	tablesDone := 0
	track := func(j Job, start bool) {
		mu.Lock()
		if start {
			running = append(running, j)
		} else {
			running = slices.DeleteFunc(running, func(r Job) bool { return r == j })
			if j.Work == WorkCopy {
				tablesDone++
			}
		}
		st := Status{Phase: PhaseCopy, Running: slices.Clone(running), Done: tablesDone, Tables: len(order), Writing: cp.temp, Expect: expect}
		mu.Unlock()
		cp.clock.report(st)
	}
	// job wraps a job's work in its status and its error in the table's
	// name.
	job := func(t Table, work string, f func() error) error {
		j := Job{Work: work, Table: t.Name.String()}
		track(j, true)
		defer track(j, false)
		if err := f(); err != nil {
			return fmt.Errorf("%s: %w", t.Name, err)
		}
		return nil
	}
	copied := map[Name]<-chan struct{}{}
	var visit func(t Table)
	visit = func(t Table) {
		if _, ok := copied[t.Name]; ok {
			return
		}
		copied[t.Name] = nil // visiting: a cycle of keys ends here
		var after []<-chan struct{}
		for _, d := range deps[t.Name] {
			if dt, ok := tables[d]; ok {
				visit(dt)
				if c := copied[dt.Name]; c != nil {
					after = append(after, c)
				}
			}
		}
		to := t.Name
		to.Database = dst
		n := 1
		if len(deps[t.Name]) == 0 && len(self[t.Name]) == 0 && !t.OwnRowid {
			n = cp.partsFor(t)
		}
		done := sched.job(n, after, func(ctx context.Context) error {
			return job(t, WorkCopy, func() error {
				if keys := self[t.Name]; len(keys) > 0 {
					return cp.withConn(ctx, func(conn *sql.Conn) error {
						return sched.timed(WorkCopy, func() error { return copySelfReferencing(ctx, conn, to, t, keys) })
					})
				}
				return cp.copyTable(ctx, t, to, n)
			})
		})
		copied[t.Name] = done
		// The original's sum any time, the copy's once its rows are in.
		sum := func(work string, table Name, which int) func(ctx context.Context) error {
			return func(ctx context.Context) error {
				return job(t, work, func() error {
					return sched.timed(work, func() error {
						s, err := Checksum(ctx, cp.db, table.SQL(), t.Columns)
						setSum(t.Name, which, s)
						return err
					})
				})
			}
		}
		sched.job(1, nil, sum(WorkSumOrig, t.Name, 0))
		sched.job(1, []<-chan struct{}{done}, sum(WorkSumCopy, to, 1))
	}
	for _, t := range order {
		visit(t)
	}
	return sums, sched.wait()
}

// foreignKey is a table's foreign key to itself: its columns, and the
// columns (a primary key or unique constraint) they reference.
type foreignKey struct{ cols, refCols []string }

// stringList reads a VARCHAR[] that database/sql scanned into an any.
func stringList(v any) []string {
	l, _ := v.([]any)
	out := make([]string, 0, len(l))
	for _, x := range l {
		out = append(out, fmt.Sprint(x))
	}
	return out
}

// maxSelfReferenceLevels bounds the rounds copySelfReferencing makes, one
// per level of the hierarchy (each round scans the table): a deeper one
// (a chain of rows each pointing at the previous) is refused, and the
// original left untouched. A policy, not a measurement: an org chart or
// a category tree is far shallower.
const maxSelfReferenceLevels = 1000

// copySelfReferencing copies t, whose foreign keys name t itself, into
// to, parents before children. DuckDB checks a foreign key against the
// rows stored before each chunk of an INSERT, not within it: on DuckDB
// 1.5.6, `INSERT INTO s VALUES (1, 2), (2, NULL)` into s(id PRIMARY KEY,
// parent REFERENCES s(id)) violated the key, and so did one INSERT of a
// whole tree in rowid order; so compact's one INSERT per table failed
// such a table (docs/measurements.md#rowalign-db-file-safety). Here each
// round inserts the rows not yet copied whose parents are (or whose key
// columns are NULL), all rounds in one transaction with one thread: a
// 300,000-row tree came out in whole row groups (same section,
// TestCompactSelfReference). The rows come out in level order.
// Rows whose referenced key is NULL (possible under a UNIQUE key) can be
// no row's parent; they come last.
func copySelfReferencing(ctx context.Context, conn *sql.Conn, to Name, t Table, keys []foreignKey) (err error) {
	ref := keys[0].refCols
	match := func(a string, acols []string, b string, bcols []string) string {
		var c []string
		for i := range acols {
			c = append(c, a+`.`+quoteIdent(acols[i])+` = `+b+`.`+quoteIdent(bcols[i]))
		}
		return strings.Join(c, ` AND `)
	}
	anyNull := func(cols []string) string {
		var c []string
		for _, col := range cols {
			c = append(c, `s.`+quoteIdent(col)+` IS NULL`)
		}
		return `(` + strings.Join(c, ` OR `) + `)`
	}
	dst := to.SQL()
	parents := ""
	for _, k := range keys {
		parents += ` AND (` + anyNull(k.cols) + ` OR EXISTS (SELECT 1 FROM ` + dst + ` d WHERE ` + match("d", k.refCols, "s", k.cols) + `))`
	}
	round := copyRows(ctx, conn, dst, t.Name.SQL(), t.Columns,
		`NOT `+anyNull(ref)+` AND NOT EXISTS (SELECT 1 FROM `+dst+` d WHERE `+match("d", ref, "s", ref)+`)`+parents)
	last := copyRows(ctx, conn, dst, t.Name.SQL(), t.Columns, anyNull(ref))
	if _, err := conn.ExecContext(ctx, `BEGIN TRANSACTION`); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
		}
	}()
	for level := 0; ; level++ {
		if level == maxSelfReferenceLevels {
			return fmt.Errorf("its foreign key to itself nests deeper than %d levels: compact copies such a table level by level, parents first, and stops there; nothing was replaced", maxSelfReferenceLevels)
		}
		r, err := conn.ExecContext(ctx, round)
		if err != nil {
			return err
		}
		if n, err := r.RowsAffected(); err != nil || n == 0 {
			break
		}
	}
	if _, err := conn.ExecContext(ctx, last); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `COMMIT`)
	return err
}

// verifyCopy checks that dst holds every catalog entry of src, and that
// every table's count and checksum in dst (sums, from copyDatabase) are
// the original's.
func verifyCopy(ctx context.Context, conn *sql.Conn, src, dst string, sums map[Name][2]Sum, res *CompactResult) error {
	res.Objects = map[string]int{}
	for kind, q := range catalogQueries {
		a, err := listCatalog(ctx, conn, q, src)
		if err != nil {
			return fmt.Errorf("listing %ss: %w", kind, err)
		}
		b, err := listCatalog(ctx, conn, q, dst)
		if err != nil {
			return fmt.Errorf("listing %ss: %w", kind, err)
		}
		if !slices.Equal(a, b) {
			return fmt.Errorf("verification failed: the copy's %ss differ: original %s, copy %s; nothing was replaced",
				kind, strings.Join(a, ", "), strings.Join(b, ", "))
		}
		res.Objects[kind] = len(a)
	}
	res.Tables = map[string]Sum{}
	for _, t := range res.Before.Tables {
		if t.Database != src || t.Kind != KindTable {
			continue
		}
		s, ok := sums[t.Name]
		switch {
		case !ok:
			return fmt.Errorf("verification failed: %s was not checksummed; nothing was replaced", t.Name)
		case s[0] != s[1]:
			return fmt.Errorf("verification failed: %s: original %s, copy %s; nothing was replaced", t.Name, s[0], s[1])
		}
		res.Tables[t.Name.String()] = s[0]
	}
	return nil
}
