package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// ErrRefused wraps the reasons Repair gives for leaving a table alone.
var ErrRefused = errors.New("refused")

// RepairPlan is the rewrite of one table in whole row groups, as the
// statements one transaction runs.
//
// The copy runs with one thread: on DuckDB 1.5.6 with 2 threads, INSERT
// ... SELECT (and COPY FROM DATABASE) kept the source's partial groups
// (the damaged demo table's two 8,480-row groups survived), while one
// thread wrote every group whole (docs/audit.md, "What keeps row groups
// whole").
type RepairPlan struct {
	Table Table `json:"table"`
	// Statements run in order in one transaction; between the copy and
	// the drop of the old table, the rows are verified.
	Statements []string `json:"statements"`

	old      Name   // the original, renamed while the copy is made
	copyStmt int    // index of the INSERT; verification follows it
	use      string // USE statement that makes the catalog's SQL resolve
}

// PlanRepair plans the rewrite of t (from an audit of conn's database). It
// refuses views, temporary tables and tables in a foreign key, saying why.
// The table's definition, constraints and indexes come from DuckDB's own
// catalog: duckdb_tables().sql (columns, types, defaults, primary key,
// unique, not null, checks), duckdb_indexes().sql, and the comments of
// the table, its columns and its indexes.
func PlanRepair(ctx context.Context, conn *sql.Conn, t Table) (*RepairPlan, error) {
	switch t.Kind {
	case KindView:
		return nil, fmt.Errorf("%s is a view: %w: a view stores no rows, so there is nothing to rewrite; repair the tables it reads", t.Name, ErrRefused)
	case KindTemporary:
		return nil, fmt.Errorf("%s is a temporary table: %w: it lives in memory and leaves nothing in the file", t.Name, ErrRefused)
	}
	var fk sql.NullString
	err := conn.QueryRowContext(ctx, `SELECT string_agg(table_name || ' -> ' || referenced_table, ', ') FROM duckdb_constraints()
		WHERE constraint_type = 'FOREIGN KEY' AND database_name = ? AND schema_name = ? AND (table_name = ? OR referenced_table = ?)`,
		t.Database, t.Schema, t.Table, t.Table).Scan(&fk)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if fk.String != "" {
		return nil, fmt.Errorf("%s takes part in a foreign key (%s): %w: DuckDB cannot rename or drop a table while the key exists; rowalign-db compact -apply rewrites the whole file, tables in foreign keys included", t.Name, fk.String, ErrRefused)
	}
	var create string
	var comment sql.NullString
	if err := conn.QueryRowContext(ctx, `SELECT sql, comment FROM duckdb_tables() WHERE database_name = ? AND schema_name = ? AND table_name = ?`,
		t.Database, t.Schema, t.Table).Scan(&create, &comment); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("%s: no such table", t.Name)
		}
		return nil, err
	}
	p := &RepairPlan{Table: t, use: `USE ` + quoteIdent(t.Database) + `.` + quoteIdent(t.Schema)}
	p.old = t.Name
	p.old.Table, err = freeName(ctx, conn, t.Name, t.Table+"__rowalign_old")
	if err != nil {
		return nil, err
	}
	indexes, err := catalogList(ctx, conn, `SELECT index_name, sql FROM duckdb_indexes()
		WHERE database_name = ? AND schema_name = ? AND table_name = ? AND sql IS NOT NULL ORDER BY index_oid`, t.Name)
	if err != nil {
		return nil, err
	}
	for _, ix := range indexes {
		p.Statements = append(p.Statements, `DROP INDEX `+quoteIdent(t.Database)+`.`+quoteIdent(t.Schema)+`.`+quoteIdent(ix[0]))
	}
	p.Statements = append(p.Statements,
		`ALTER TABLE `+t.Name.SQL()+` RENAME TO `+quoteIdent(p.old.Table),
		p.use,
		strings.TrimSuffix(strings.TrimSpace(create), ";"))
	threads, err := currentThreads(ctx, conn)
	if err != nil {
		return nil, err
	}
	insert := copyRows(ctx, conn, t.Name.SQL(), p.old.SQL(), t.Columns, "")
	p.Statements = append(p.Statements, `SET threads = 1`)
	p.copyStmt = len(p.Statements)
	p.Statements = append(p.Statements,
		insert,
		`SET threads = `+threads,
		`DROP TABLE `+p.old.SQL())
	for _, ix := range indexes {
		p.Statements = append(p.Statements, strings.TrimSuffix(strings.TrimSpace(ix[1]), ";"))
	}
	if comment.Valid && comment.String != "" {
		p.Statements = append(p.Statements, `COMMENT ON TABLE `+t.Name.SQL()+` IS `+quoteString(comment.String))
	}
	colComments, err := catalogList(ctx, conn, `SELECT column_name, comment FROM duckdb_columns()
		WHERE database_name = ? AND schema_name = ? AND table_name = ? AND comment IS NOT NULL AND comment <> '' ORDER BY column_index`, t.Name)
	if err != nil {
		return nil, err
	}
	for _, c := range colComments {
		p.Statements = append(p.Statements, `COMMENT ON COLUMN `+t.Name.SQL()+`.`+quoteIdent(c[0])+` IS `+quoteString(c[1]))
	}
	ixComments, err := catalogList(ctx, conn, `SELECT index_name, comment FROM duckdb_indexes()
		WHERE database_name = ? AND schema_name = ? AND table_name = ? AND sql IS NOT NULL AND comment IS NOT NULL AND comment <> '' ORDER BY index_oid`, t.Name)
	if err != nil {
		return nil, err
	}
	for _, c := range ixComments {
		p.Statements = append(p.Statements, `COMMENT ON INDEX `+quoteIdent(t.Database)+`.`+quoteIdent(t.Schema)+`.`+quoteIdent(c[0])+` IS `+quoteString(c[1]))
	}
	return p, nil
}

// copyRows returns the INSERT that copies from's rows into to (quoted
// names; to has from's definition, cols its columns), those for which
// where holds when it is not empty (from's rows are s there): SELECT *,
// or the columns by name when some are generated, which an INSERT cannot
// write. DuckDB's catalog functions do not say which columns are
// generated (duckdb_columns() shows the expression as a default, as for
// DEFAULT; information_schema's is_generated is NULL on DuckDB 1.5.6), so
// each column is probed with an INSERT of no rows into the table as it is
// now: DuckDB's binder rejects a generated one, even on a read-only file.
func copyRows(ctx context.Context, conn *sql.Conn, to, from string, cols []string, where string) string {
	var stored []string
	for _, c := range cols {
		_, err := conn.ExecContext(ctx, `INSERT INTO `+to+` (`+quoteIdent(c)+`) SELECT NULL LIMIT 0`)
		if err != nil && strings.Contains(err.Error(), "generated column") {
			continue
		}
		stored = append(stored, quoteIdent(c))
	}
	if where != "" {
		from += ` AS s WHERE ` + where
	}
	if len(stored) == len(cols) {
		return `INSERT INTO ` + to + ` SELECT * FROM ` + from
	}
	list := strings.Join(stored, ", ")
	return `INSERT INTO ` + to + ` (` + list + `) SELECT ` + list + ` FROM ` + from
}

// currentThreads reads the threads setting, to restore it after a copy
// that runs with one (see copyThreads).
func currentThreads(ctx context.Context, conn *sql.Conn) (string, error) {
	var n int64
	err := conn.QueryRowContext(ctx, `SELECT current_setting('threads')::BIGINT`).Scan(&n)
	return fmt.Sprint(n), err
}

// freeName returns want, or want with a number, whichever no catalog
// entry in n's schema uses.
func freeName(ctx context.Context, conn *sql.Conn, n Name, want string) (string, error) {
	for i := 0; ; i++ {
		name := want
		if i > 0 {
			name = fmt.Sprintf("%s%d", want, i)
		}
		var taken bool
		err := conn.QueryRowContext(ctx, `SELECT count(*) > 0 FROM (
			SELECT table_name AS n FROM duckdb_tables() WHERE database_name = ? AND schema_name = ?
			UNION ALL SELECT view_name FROM duckdb_views() WHERE database_name = ? AND schema_name = ?)
			WHERE lower(n) = lower(?)`, n.Database, n.Schema, n.Database, n.Schema, name).Scan(&taken)
		if err != nil || !taken {
			return name, err
		}
	}
}

func catalogList(ctx context.Context, conn *sql.Conn, query string, n Name) ([][2]string, error) {
	rows, err := conn.QueryContext(ctx, query, n.Database, n.Schema, n.Table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var a, b string
		if err := rows.Scan(&a, &b); err != nil {
			return nil, err
		}
		out = append(out, [2]string{a, b})
	}
	return out, rows.Err()
}

// RepairResult is a repaired table's layout before and after, and the
// verified rows.
type RepairResult struct {
	Before Table `json:"before"`
	After  Table `json:"after"`
	Sum    Sum   `json:"verified"`
	// Phases is where the time went, phase by phase.
	Phases []Phase `json:"phases,omitempty"`
}

// Steps at which Apply calls its pause hook.
const (
	// StepCopied: the rows are copied and verified, the transaction is open.
	StepCopied = "copied"
)

// RepairOptions control Apply.
type RepairOptions struct {
	// Pause, when not nil, is called at each Step.
	Pause func(step string)
	// Status, when not nil, is called as each phase starts (for a
	// progress line).
	Status func(Status)
}

// Apply runs the plan in one transaction on conn: a failure anywhere (or
// a killed process) leaves the original table as it was. The copy is
// verified (row count and checksum over every column) before the original
// is dropped. After the commit it checkpoints and audits the table again.
func (p *RepairPlan) Apply(ctx context.Context, conn *sql.Conn, opt RepairOptions) (*RepairResult, error) {
	res := &RepairResult{Before: p.Table}
	clk := &clock{status: opt.Status}
	defer func() { res.Phases = clk.stop() }()
	status := func(phase string) Status {
		return Status{Phase: phase, Table: p.Table.Name.String(), Tables: 1, Rows: p.Table.Rows}
	}
	if _, err := conn.ExecContext(ctx, `BEGIN TRANSACTION`); err != nil {
		return nil, err
	}
	committed := false
	threads, err := currentThreads(ctx, conn)
	if err != nil {
		return nil, err
	}
	defer func() {
		if !committed {
			conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
			conn.ExecContext(context.WithoutCancel(ctx), `SET threads = `+threads)
		}
	}()
	clk.start(status(PhaseSumOrig))
	before, err := Checksum(ctx, conn, p.Table.Name.SQL(), p.Table.Columns)
	if err != nil {
		return nil, err
	}
	clk.start(status(PhaseCopy))
	for i, stmt := range p.Statements {
		if i == p.copyStmt+2 { // after the copy and the threads' reset
			clk.start(status(PhaseSumCopy))
			after, err := Checksum(ctx, conn, p.Table.Name.SQL(), p.Table.Columns)
			if err != nil {
				return nil, err
			}
			if after != before {
				return nil, fmt.Errorf("%s: verification failed: the original has %s, the copy %s; nothing was changed", p.Table.Name, before, after)
			}
			res.Sum = after
			if opt.Pause != nil {
				opt.Pause(StepCopied)
			}
			// The old table's drop, then its indexes and comments.
			clk.start(status(PhaseIndexes))
		}
		if _, err := conn.ExecContext(ctx, stmt); err != nil {
			return nil, fmt.Errorf("%s: %s: %w; nothing was changed", p.Table.Name, firstLine(stmt), err)
		}
	}
	clk.start(status(PhaseCommit))
	if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
		return nil, fmt.Errorf("%s: commit: %w", p.Table.Name, err)
	}
	committed = true
	clk.start(status(PhaseCheckpoint))
	if _, err := conn.ExecContext(ctx, `CHECKPOINT`); err != nil {
		return nil, fmt.Errorf("%s: repaired, but CHECKPOINT failed: %w", p.Table.Name, err)
	}
	clk.start(status(PhaseAudit))
	r, err := Audit(ctx, conn)
	if err != nil {
		return nil, fmt.Errorf("%s: repaired, but the audit after it failed: %w", p.Table.Name, err)
	}
	for _, t := range r.Tables {
		if t.Name == p.Table.Name {
			res.After = t
		}
	}
	return res, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
