package main

import (
	"fmt"
	"strings"
)

// thousands formats n with comma separators.
func thousands(n int64) string {
	if n < 0 {
		return "-" + thousands(-n)
	}
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// mb formats bytes in decimal megabytes, as the docs' file sizes are.
func mb(n int64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}
