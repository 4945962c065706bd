// Package e2e holds rowalign's end-to-end tests: they build the real
// binary and run it through go vet, go vet -fix, go fix and standalone on
// fixture modules (testdata/script/*.txtar).
package e2e
