// Package tiers names the export tiers the jobs run at.
package tiers

// Rows is a number of rows.
type Rows int

// The tiers grow by 100,000 rows.
const (
	Small Rows = (iota + 1) * 100_000
	Medium
	Large
)
