// Package dbconf holds sizes shared by other packages.
package dbconf

// PageSize is not aligned.
const PageSize = 250_000
