package rewrite

import (
	"go/types"
	"go/version"
)

// A rewrite imports the pager, and the next go build must find it. The
// module that provides it, github.com/rowalign/rowalign/runtime, has to be
// in the user's go.mod (and vendor/modules.txt, when vendored), which no
// front end shows an analyzer: standalone, go vet -fix, go fix -fixtool and
// golangci-lint --fix give it the package's files and its dependencies'
// types, nothing of the module.
//
// What the pass does see soundly is the package's import graph: when the
// package, or a package it imports (directly or not), imports the pager,
// the build already compiles it, so the module is in the build list, listed
// in go.mod (a go >= 1.17 go.mod lists every module that provides a package
// its packages import, indirectly too) and vendored when vendoring is on;
// importing it once more builds. The graph is also what go vet's and
// golangci-lint's caches key their results on, so a cached fix is never
// replayed on a module that lost the pager.
//
// Reading the go.mod next to the files was ruled out: go vet caches a
// package's diagnostics and fixes by its files and its dependencies, not by
// go.mod, so a fix computed while go.mod required the runtime would be
// replayed after a go mod tidy dropped the requirement (nothing imported
// it yet, so tidy drops it), and the other way round a new requirement
// would not be seen until the package changed.

// buildable returns "" when the rewritten file builds: the package's
// import graph holds the pager, and, for a range over pager.Pages
// (rangeFunc), the file's Go version has range-over-func (go1.23).
func (r *rw) buildable(rangeFunc bool) string {
	if !reaches(r.pass.Pkg, PagerPath) {
		return NoPager
	}
	if rangeFunc {
		v := r.pass.TypesInfo.FileVersions[r.file]
		if v == "" {
			v = r.pass.Pkg.GoVersion()
		}
		if version.IsValid(v) && version.Compare(v, rangeOverFunc) < 0 {
			return "the file's Go version is " + v + ": a range over pager.Pages needs " + rangeOverFunc
		}
	}
	return ""
}

// rangeOverFunc is the first Go version whose for range takes an iterator
// function (the Go 1.23 release notes).
const rangeOverFunc = "go1.23"

// reaches reports whether pkg imports path, directly or through the
// packages it imports. For a package loaded from export data the list of
// its imports may be incomplete: then the answer may be a false no, never
// a false yes.
func reaches(pkg *types.Package, path string) bool {
	seen := map[*types.Package]bool{}
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		for _, q := range p.Imports() {
			if q.Path() == path || visit(q) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}
