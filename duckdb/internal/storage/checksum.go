package storage

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// Sum is a table's row count and an order-independent checksum of its
// rows: the sum of DuckDB's hash of every row's columns, all of them, as a
// HUGEINT (so it cannot overflow), in decimal. Two tables with the same
// multiset of rows have the same Sum in one DuckDB process, whatever their
// row order or row groups.
type Sum struct {
	Rows int64  `json:"rows"`
	Hash string `json:"checksum"`
}

// String reads "1,000,000 rows, checksum 9234...": the count with
// separators, as every other count rowalign-db prints.
func (s Sum) String() string {
	n := strconv.FormatInt(s.Rows, 10)
	var b strings.Builder
	for i, c := range n {
		if i > 0 && c != '-' && n[i-1] != '-' && (len(n)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return fmt.Sprintf("%s rows, checksum %s", b.String(), s.Hash)
}

type queryRower interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Checksum computes the Sum of table (a quoted, qualified name) over cols.
func Checksum(ctx context.Context, q queryRower, table string, cols []string) (Sum, error) {
	if len(cols) == 0 {
		return Sum{}, fmt.Errorf("%s: no columns", table)
	}
	quoted := make([]string, len(cols))
	for i, c := range cols {
		quoted[i] = quoteIdent(c)
	}
	var s Sum
	err := q.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(hash(`+strings.Join(quoted, ", ")+`)::HUGEINT), 0)::VARCHAR FROM `+table).
		Scan(&s.Rows, &s.Hash)
	if err != nil {
		return Sum{}, fmt.Errorf("checksum of %s: %w", table, err)
	}
	return s, nil
}
