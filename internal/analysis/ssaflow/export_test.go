package ssaflow

import "golang.org/x/tools/go/ssa"

// SetBuildHook makes the builder run f first, for tests.
func SetBuildHook(f func(*ssa.Package)) (restore func()) {
	old := buildHook
	buildHook = f
	return func() { buildHook = old }
}
