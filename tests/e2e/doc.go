// Package e2e holds rowalign's end-to-end tests: they build the real
// binary and run it through go vet, go vet -fix, go fix and standalone on
// fixture modules (testdata/script/*.txtar), and the settings table
// (settings_test.go: every setting in every front end, golangci-lint
// included when $ROWALIGN_GOLANGCI names a custom build).
package e2e
