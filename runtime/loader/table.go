package loader

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/rowalign/rowalign/runtime/pager"
)

// name is the destination table as the caller wrote it and as the Appender
// takes it.
type name struct {
	raw                    string
	catalog, schema, table string
	quoted                 string
}

// parseName reads a table name by the pager's rules (pager.QuoteName):
// catalog.schema.table, double quotes for a quoted part. unit replaces the
// parts with those of the table DuckDB binds the name to.
func parseName(s string) (name, error) {
	q, err := pager.QuoteName(s)
	if err != nil {
		return name{}, fmt.Errorf("loader: %w", err)
	}
	parts := splitQuoted(q)
	n := name{raw: s, quoted: q, table: parts[len(parts)-1]}
	switch len(parts) {
	case 2:
		n.schema = parts[0]
	case 3:
		n.catalog, n.schema = parts[0], parts[1]
	}
	return n, nil
}

// splitQuoted splits the output of pager.QuoteName ("a"."b""c") back into
// its unquoted parts.
func splitQuoted(q string) []string {
	var parts []string
	for len(q) > 0 {
		q = q[1:] // opening quote
		var b strings.Builder
		for {
			i := strings.IndexByte(q, '"')
			b.WriteString(q[:i])
			q = q[i+1:]
			if strings.HasPrefix(q, `"`) {
				b.WriteByte('"')
				q = q[1:]
				continue
			}
			break
		}
		parts = append(parts, b.String())
		q = strings.TrimPrefix(q, ".")
	}
	return parts
}

// unit returns the row group size to flush and commit at, and the rows of
// the destination's last group when it is partial. It reads the table's
// layout in its own short transaction before the load begins; a missing
// table or a view fails here, before anything is appended.
func (l *load) unit() (unit, tail int64, err error) {
	// BeginTx without the caller's cancellation: duckdb-go can report a
	// cancelled BeginTx after DuckDB began the transaction, which leaves the
	// pooled connection inside it.
	tx, err := l.conn.BeginTx(context.WithoutCancel(l.ctx), nil)
	if err != nil {
		return 0, 0, fmt.Errorf("loader: %s: begin: %w", l.name.raw, oneLine(err))
	}
	lay, err := pager.Inspect(l.ctx, tx, l.name.raw)
	var current string
	if err == nil {
		err = tx.QueryRowContext(l.ctx, `SELECT current_database()`).Scan(&current)
	}
	if rerr := tx.Rollback(); err == nil && rerr != nil {
		err = rerr
	}
	if err != nil {
		if errors.Is(err, pager.ErrNotTable) {
			return 0, 0, fmt.Errorf("loader: %s is not a base table: %w", l.name.raw, err)
		}
		return 0, 0, fmt.Errorf("loader: %w", err)
	}
	// The Appender gets the table DuckDB binds the name to (the pager
	// resolves it: temp tables, search_path, the current database), in
	// full, rather than a guess at what a two-part name means.
	// The catalog stays empty for the current database, which is all an
	// Appender of go-duckdb v1 can write.
	if parts := splitQuoted(lay.Table); len(parts) == 3 {
		l.name.catalog, l.name.schema, l.name.table = parts[0], parts[1], parts[2]
		if l.name.catalog == current {
			l.name.catalog = ""
		}
	}
	unit = l.cfg.rowGroupSize
	if unit == 0 {
		unit = DefaultRowGroupSize
		// Only a table with two groups or more shows its unit: a lone
		// group may be partial.
		if len(lay.Groups) >= 2 {
			unit = lay.RowGroupSize
		}
	}
	if g := lay.Groups; len(g) > 0 {
		if last := g[len(g)-1].Count; last%unit != 0 {
			tail = last
		}
	}
	return unit, tail, nil
}

// oneLine keeps the first line of a driver error (DuckDB adds LINE and caret
// lines) and keeps the error itself for errors.Is and errors.As.
// chunkRow is the row number duckdb-go's Appender puts in an error ("at
// row 225, col 0: cast error"): the row within the 2,048-row chunk it is
// filling, not the load's (that was row 4322, 4322 = 2 x 2,048 + 226).
var chunkRow = regexp.MustCompile(`\bat row \d+, `)

// rowless returns oneLine(err) without the Appender's own row number,
// which contradicted the loader's (issue 24: "row 4322: ... at row 225").
func rowless(err error) error {
	e := oneLine(err)
	if s := chunkRow.ReplaceAllString(e.Error(), ""); s != e.Error() {
		return lineError{s, err}
	}
	return e
}

func oneLine(err error) error {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return lineError{s[:i], err}
	}
	return err
}

type lineError struct {
	msg string
	err error
}

func (e lineError) Error() string { return e.msg }
func (e lineError) Unwrap() error { return e.err }
