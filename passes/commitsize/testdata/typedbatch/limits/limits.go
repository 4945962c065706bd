// Package limits holds the migrator's row counts, typed so that they do
// not mix with byte counts.
package limits

// Rows counts rows.
type Rows int64
