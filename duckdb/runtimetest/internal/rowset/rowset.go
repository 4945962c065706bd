// Package rowset counts query results as multisets of rows, so that the
// pager's tests (for both drivers) compare a walk with SELECT * row for row:
// every column of a row, type-tagged, is one key.
package rowset

import (
	"database/sql"
	"fmt"
	"strings"
)

// Add adds every row of rows to m (key: each column as %T:%v) and returns
// how many rows it added. It does not close rows.
func Add(rows *sql.Rows, m map[string]int) (int, error) {
	vals, ptrs, err := buffers(rows)
	if err != nil {
		return 0, err
	}
	n := 0
	var key strings.Builder
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		key.Reset()
		for _, v := range vals {
			fmt.Fprintf(&key, "%T:%v|", v, v)
		}
		m[key.String()]++
		n++
	}
	return n, rows.Err()
}

// Size is the number of rows in m.
func Size(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// Scan scans every column of every row of rows into Go values, as a
// program that uses the rows would, and returns how many rows it read. It
// does not close rows.
func Scan(rows *sql.Rows) (int, error) {
	_, ptrs, err := buffers(rows)
	if err != nil {
		return 0, err
	}
	n := 0
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}

// buffers returns a value for each column of rows and a pointer to each,
// for rows.Scan.
func buffers(rows *sql.Rows) (vals, ptrs []any, err error) {
	cols, err := rows.Columns()
	if err != nil {
		return nil, nil, err
	}
	vals = make([]any, len(cols))
	ptrs = make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	return vals, ptrs, nil
}
