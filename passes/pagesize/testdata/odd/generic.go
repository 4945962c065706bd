// Package odd holds code that has crashed SSA-based SQL linters:
// generics, iterators, cgo, build tags.
package odd

import (
	"database/sql"
	"iter"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Number interface{ ~int | ~int64 }

type Pager[N Number] struct {
	DB   *sql.DB
	Size N
}

func (p *Pager[N]) All() iter.Seq[*sql.Rows] {
	return func(yield func(*sql.Rows) bool) {
		for off := N(0); ; off += p.Size {
			rows, err := p.DB.Query("SELECT * FROM t LIMIT ? OFFSET ?", p.Size, off)
			if err != nil || !yield(rows) {
				return
			}
		}
	}
}

var intPager = Pager[int]{Size: 250_000} // want `page size Size = 250000`

func each[S ~[]E, E any](s S, f func(E)) {
	for _, e := range s {
		f(e)
	}
}

func useEach(db *sql.DB) {
	each([]int{1, 2}, func(i int) {
		for off := 0; ; off += 131_072 {
			db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 131_072, off) // want `page size 131072`
		}
	})
}

// Range over a function that yields offsets.
func offsets(step int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for off := 0; yield(off); off += step {
		}
	}
}

func rangeFunc(db *sql.DB) {
	for off := range offsets(190_000) {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 190_000, off) // want `page size 190000`
	}
}
