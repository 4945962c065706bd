// Package batchutil cuts slices into batches.
package batchutil

import "iter"

// Chunk returns s cut into batches of n elements, the last one shorter.
func Chunk[T any](s []T, n int) [][]T {
	var out [][]T
	for n < len(s) {
		s, out = s[n:], append(out, s[:n:n])
	}
	return append(out, s)
}

// Batches yields s in batches of n elements.
func Batches[T any](s []T, n int) iter.Seq[[]T] {
	return func(yield func([]T) bool) {
		for _, b := range Chunk(s, n) {
			if !yield(b) {
				return
			}
		}
	}
}

// Collect gathers what seq yields.
func Collect[T any](seq iter.Seq[T]) []T {
	var out []T
	for v := range seq {
		out = append(out, v)
	}
	return out
}
