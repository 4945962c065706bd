// Package nodb builds paginated SQL for a reporting API's clients; it
// never opens a database itself.
// expect: none
package nodb

import (
	"fmt"
	"strings"
)

const DefaultPage = 100_000

type Query struct {
	Table   string
	Columns []string
	Where   string
}

// Pages returns the statements that read n rows in pages.
func (q Query) Pages(n int) []string {
	var out []string
	for off := 0; off < n; off += DefaultPage {
		var b strings.Builder
		fmt.Fprintf(&b, "SELECT %s FROM %s", strings.Join(q.Columns, ", "), q.Table)
		if q.Where != "" {
			b.WriteString(" WHERE " + q.Where)
		}
		fmt.Fprintf(&b, " LIMIT %d OFFSET %d", DefaultPage, off)
		out = append(out, b.String())
	}
	return out
}
