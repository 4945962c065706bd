// Package robust holds rowalign's robustness test: it takes every fixture
// package of the repository (passes/**/testdata, internal/analysis/**/testdata
// and examples/), breaks it
// in systematic ways — a declaration deleted, a file truncated, an empty,
// comment-only, misspelt or //line-directed file added — and runs the
// suite analyzer on each broken variant, asserting that it neither panics
// nor returns an internal error.
//
// Users run rowalign on code they are in the middle of editing (gopls, an
// editor's save hook, go vet in a pre-commit hook), so broken code is the
// normal input, not a corner case. The package has no non-test code.
//
// Run it with
//
//	go test ./tests/robust/
//
// (-short runs a bounded, deterministic sample of the variants.)
package robust
