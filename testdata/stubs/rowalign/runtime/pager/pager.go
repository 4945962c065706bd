// Package pager is a stub of rowalign's pager with its real signatures, so
// that fixtures rewritten to use it type-check without the whole module.
package pager

import (
	"context"
	"database/sql"
	"iter"
)

type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type Option func(*config) error

type config struct{}

func RowGroups(k int) Option                { return nil }
func Columns(names ...string) Option        { return nil }
func Where(expr string, args ...any) Option { return nil }
func From(c Cursor) Option                  { return nil }

type Cursor struct{}

type Page struct {
	Index, Pages         int
	FirstGroup, EndGroup int
	Start, End           int64
	Rows                 *sql.Rows
}

func Pages(ctx context.Context, q Querier, table string, opts ...Option) iter.Seq2[*Page, error] {
	return nil
}

func Walk(ctx context.Context, q Querier, table string, fn func(*Page) error, opts ...Option) error {
	return nil
}

func Copy(ctx context.Context, q Querier, src, dst string, opts ...Option) (int64, error) {
	return 0, nil
}

func Cast() Option { return nil }
