package main

import (
	"fmt"

	"github.com/rowalign/rowalign/internal/duckdb/bench"
)

// thousands formats n with comma separators.
var thousands = bench.Thousands

// mb formats bytes in decimal megabytes, as the docs' file sizes are.
func mb(n int64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
